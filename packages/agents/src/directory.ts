import {
  agentActivityEntrySchema,
  agentGoalRecordSchema,
  type AgentActivityQuery,
} from '@tilerealm/protocol';
import { listWorlds, socketUrlOf } from '@tilerealm/sdk';
import { z } from 'zod';
import type { ActivityBatch, ActivitySink } from './activity-log';
import { requestJson } from './game-api';

/** The header the game server reads the runtime's credential from (AGENT_RUNTIME_SECRET). */
export const RUNTIME_SECRET_HEADER = 'x-agent-runtime-secret';
const PREFIX = '/api/internal/agent-runtime';

/** One agent as the game server's database keeps it for the runtime. */
const serverRecord = z.object({
  agentId: z.string(),
  name: z.string(),
  characterId: z.string().nullable(),
  accountId: z.string(),
  ownerCharacterIds: z.array(z.string()),
  worldId: z.number().int(),
  running: z.boolean(),
  createdAt: z.string(),
});
const sessionSchema = z.object({ token: z.string(), expiresAt: z.string() });
const appendedSchema = z.object({ appended: z.number(), goals: z.number() });
const activityPageSchema = z.object({
  entries: z.array(agentActivityEntrySchema),
  nextBefore: z.number().int().nullable(),
});
const goalPageSchema = z.object({
  goals: z.array(agentGoalRecordSchema),
  nextBefore: z.number().int().nullable(),
});

/** What the runtime knows of an agent: no token (it mints one when it connects). */
export interface AgentRecord {
  agentId: string;
  name: string;
  /** Null once the character was deleted: the agent can no longer play. */
  characterId: string | null;
  /** The owning account (the one whose token created it). */
  ownerAccountId: string;
  /** The owner's other characters (their public chat commands the agent). */
  ownerCharacterIds: string[];
  /** The world it plays on. */
  worldId: number;
  /** Whether it should be playing (start/stop), kept in the database so any runtime resumes it. */
  running: boolean;
  createdAt: string;
}

const recordOf = (r: z.infer<typeof serverRecord>): AgentRecord => ({
  agentId: r.agentId,
  name: r.name,
  characterId: r.characterId,
  ownerAccountId: r.accountId,
  ownerCharacterIds: r.ownerCharacterIds,
  worldId: r.worldId,
  running: r.running,
  createdAt: r.createdAt,
});

/** The headers that mark a WebSocket upgrade as the agent runtime's (see AgentDirectory.socketHeaders). */
export function runtimeSocketHeaders(secret: string): Record<string, string> {
  return { [RUNTIME_SECRET_HEADER]: secret };
}

/**
 * The game server's endpoints for the runtime (`/api/internal/agent-runtime/*`, docs/agents.md),
 * authenticated with the runtime's secret: the agents it plays on a world, their running flag, their
 * activity logs and goal histories, and short-lived session tokens minted on demand. The runtime's
 * durable state lives in the game's database behind these calls, so the runtime keeps no token in
 * a file and can be moved or run again anywhere with the same secret. Failures are `ApiError`s
 * with the server's status and code.
 */
export class AgentDirectory implements ActivitySink {
  constructor(
    readonly baseUrl: string,
    private readonly secret: string,
  ) {}

  /**
   * The headers on the upgrade of every agent's WebSocket: the runtime's secret, so the game server
   * does not count its agents' connections under the per-address cap (WS_CONNECTIONS_PER_ADDRESS):
   * it plays them all from one address.
   */
  socketHeaders(): Record<string, string> {
    return runtimeSocketHeaders(this.secret);
  }

  /** The agents played on `worldId`, oldest first. */
  async list(worldId: number): Promise<AgentRecord[]> {
    const schema = z.object({ agents: z.array(serverRecord) });
    const body = await this.call('GET', `/agents?worldId=${worldId}`, undefined, schema);
    return body.agents.map(recordOf);
  }

  /**
   * Marks the agent as played on `worldId` and whether it is playing; a 404 ApiError when
   * `ownerAccountId` has no such agent.
   */
  async setState(
    agentId: string,
    ownerAccountId: string,
    state: { worldId: number; running: boolean },
  ): Promise<AgentRecord> {
    const body = { accountId: ownerAccountId, ...state };
    return recordOf(await this.call('PUT', `/agents/${encodeURIComponent(agentId)}`, body, serverRecord));
  }

  /** A fresh session token of the agent's owner (about an hour long), to connect the agent with. */
  sessionToken(agentId: string): Promise<{ token: string; expiresAt: string }> {
    return this.call('POST', `/agents/${encodeURIComponent(agentId)}/session`, undefined, sessionSchema);
  }

  /** Appends an agent's activity lines and goal changes (at most 200 of each). */
  appendActivity(agentId: string, batch: ActivityBatch): Promise<z.infer<typeof appendedSchema>> {
    return this.call('POST', `/agents/${encodeURIComponent(agentId)}/activity`, batch, appendedSchema);
  }

  /** An agent's saved activity, newest first, filtered; `nextBefore` pages on. */
  activity(agentId: string, query: AgentActivityQuery): Promise<z.infer<typeof activityPageSchema>> {
    const params = new URLSearchParams({ limit: String(query.limit) });
    if (query.kind && query.kind.length > 0) params.set('kind', query.kind.join(','));
    if (query.text) params.set('text', query.text);
    if (query.before !== undefined) params.set('before', String(query.before));
    const path = `/agents/${encodeURIComponent(agentId)}/activity?${params.toString()}`;
    return this.call('GET', path, undefined, activityPageSchema);
  }

  /** An agent's goal history, newest first. */
  goals(
    agentId: string,
    query: { before?: number | undefined; limit: number },
  ): Promise<z.infer<typeof goalPageSchema>> {
    const params = new URLSearchParams({ limit: String(query.limit) });
    if (query.before !== undefined) params.set('before', String(query.before));
    const path = `/agents/${encodeURIComponent(agentId)}/goals?${params.toString()}`;
    return this.call('GET', path, undefined, goalPageSchema);
  }

  private call<T>(
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const headers = { [RUNTIME_SECRET_HEADER]: this.secret };
    return requestJson(this.baseUrl, method, `${PREFIX}${path}`, headers, body, schema);
  }
}

/**
 * The WebSocket address agents of world `worldId` connect to: the world's address in the world list
 * (`GET /api/v1/worlds` of the game server), or the game server's own `/ws` when the list does not
 * name the world (a server without a world list, or a world not registered yet). `log` hears why
 * the list was not used.
 */
export async function worldSocketUrl(
  serverUrl: string,
  worldId: number,
  log: (line: string) => void = () => undefined,
): Promise<string> {
  try {
    const world = (await listWorlds(serverUrl)).find((w) => w.id === worldId);
    if (world) return world.address;
    log(`world ${worldId} is not in the world list: agents connect to ${serverUrl}`);
  } catch (err) {
    log(
      `no world list (${err instanceof Error ? err.message : String(err)}): agents connect to ${serverUrl}`,
    );
  }
  return socketUrlOf(serverUrl);
}
