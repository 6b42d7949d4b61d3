import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_WORLD_ID } from '../../../app/config-world';
import { AGENT_RUNTIME_SECRET_HEADER, runtimeSecretMatches } from '../../../auth/runtime-secret';
import type { AgentRow, Repositories } from '../../../storage';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';
import { agentParams } from '../resources/agent';
import { agentActivityRoutes } from './agent-runtime-activity';

/** The header carrying the agent runtime's credential (AGENT_RUNTIME_SECRET). */
export { AGENT_RUNTIME_SECRET_HEADER } from '../../../auth/runtime-secret';
/** How long a session token minted for the runtime lives: it asks for a new one well before. */
export const AGENT_SESSION_TTL_SECONDS = 3600;
/** Where the runtime's endpoints live. */
export const AGENT_RUNTIME_PREFIX = '/api/internal/agent-runtime';

const worldId = z.coerce.number().int().min(1).max(MAX_WORLD_ID);
const runtimeRecord = z.object({
  agentId: z.string(),
  name: z.string(),
  /** Null when the character was deleted (the runtime can no longer play it). */
  characterId: z.string().nullable(),
  accountId: z.string(),
  /** The owner's own characters (not its agents'): their public chat commands the agent. */
  ownerCharacterIds: z.array(z.string()),
  worldId: z.number().int(),
  running: z.boolean(),
  createdAt: z.iso.datetime(),
});
const stateBody = z.strictObject({
  /** The owner the runtime checked: the row must belong to it. */
  accountId: z.string().min(1).max(128),
  worldId,
  running: z.boolean(),
});

/** 401 unless the request carries the configured runtime secret. */
function checkRuntimeSecret(expected: string | undefined, request: FastifyRequest): void {
  if (expected === undefined)
    throw new HttpError('unauthorized', 'agent runtime access is not configured (AGENT_RUNTIME_SECRET)');
  const presented = request.headers[AGENT_RUNTIME_SECRET_HEADER];
  if (typeof presented !== 'string' || presented === '')
    throw new HttpError('unauthorized', `missing ${AGENT_RUNTIME_SECRET_HEADER} header`);
  if (!runtimeSecretMatches(presented, expected))
    throw new HttpError('unauthorized', 'the agent runtime secret is not valid');
}

/** The runtime's view of agent rows, with each owner's other characters (one lookup per owner). */
async function recordsOf(repos: Repositories, rows: AgentRow[], world: number) {
  const characters = new Map<string, Promise<string[]>>();
  const ownerCharacters = (accountId: string) => {
    let ids = characters.get(accountId);
    if (!ids) {
      ids = Promise.all([
        repos.characters.listByAccount(accountId),
        repos.agents.listByAccount(accountId),
      ]).then(([list, agents]) => {
        const agentCharacters = new Set(agents.map((a) => a.characterId));
        return list.filter((c) => !agentCharacters.has(c.id)).map((c) => c.id);
      });
      characters.set(accountId, ids);
    }
    return ids;
  };
  return Promise.all(
    rows.map(async (row) => ({
      agentId: row.agentId,
      name: row.name,
      characterId: row.characterId,
      accountId: row.accountId,
      ownerCharacterIds: await ownerCharacters(row.accountId),
      worldId: row.worldId ?? world,
      running: row.running,
      createdAt: row.createdAt.toISOString(),
    })),
  );
}

/**
 * The agent runtime's endpoints (docs/agents.md): the agents it plays on a world, their running
 * flag, their activity logs and goal histories (agent-runtime-activity.ts), and short-lived
 * session tokens to play them with, minted on demand so the runtime keeps no
 * token anywhere. Every request needs the runtime's secret in {@link AGENT_RUNTIME_SECRET_HEADER};
 * the check is a hook of these routes (the matched route, however its path was spelled), so
 * without it every request is a 401 and nothing is read or changed. Not rate limited: only a
 * holder of the (at least 32-character) secret gets past the check.
 */
export async function agentRuntimeRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const secret = deps.config.agentRuntimeSecret;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => checkRuntimeSecret(secret, request));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const base = { tags: ['agent runtime'], hide: true };
    const config = { rateLimit: false };

    r.get(
      `${AGENT_RUNTIME_PREFIX}/agents`,
      {
        config,
        schema: {
          ...base,
          summary: 'The agents the runtime plays on a world',
          querystring: z.object({ worldId }),
          response: { 200: z.object({ agents: z.array(runtimeRecord) }) },
        },
      },
      async (request) => {
        const world = request.query.worldId;
        return { agents: await recordsOf(deps.repos, await deps.repos.agents.listByWorld(world), world) };
      },
    );

    r.put(
      `${AGENT_RUNTIME_PREFIX}/agents/:agentId`,
      {
        config,
        schema: {
          ...base,
          summary: "Set the world an agent is played on and whether it is playing (the owner's agent only)",
          params: agentParams,
          body: stateBody,
          response: { 200: runtimeRecord },
        },
      },
      async (request) => {
        const { agentId } = request.params;
        const { accountId, ...state } = request.body;
        const row = await deps.repos.agents.setRuntimeState(agentId, accountId, state);
        if (!row) throw new HttpError('not_found', `account ${accountId} has no agent ${agentId}`);
        const [record] = await recordsOf(deps.repos, [row], state.worldId);
        if (!record) throw new Error('no record for an updated agent');
        return record;
      },
    );

    r.post(
      `${AGENT_RUNTIME_PREFIX}/agents/:agentId/session`,
      {
        config,
        schema: {
          ...base,
          summary: "A short-lived session token of the agent's owner, to play the agent with",
          params: agentParams,
          response: { 200: z.object({ token: z.string(), expiresAt: z.iso.datetime() }) },
        },
      },
      async (request) => {
        const { agentId } = request.params;
        const row = await deps.repos.agents.get(agentId);
        if (!row || row.worldId === null || row.characterId === null)
          throw new HttpError('not_found', `no agent ${agentId} played by the runtime`);
        const owner = await deps.repos.users.findById(row.accountId);
        if (!owner) throw new HttpError('not_found', `the owner of agent ${agentId} is gone`);
        const { token, expiresAt } = await deps.sessions.sign(
          { accountId: owner.id, anonymous: owner.isAnonymous, agentId },
          AGENT_SESSION_TTL_SECONDS,
        );
        return { token, expiresAt: expiresAt.toISOString() };
      },
    );

    agentActivityRoutes(scope, deps, AGENT_RUNTIME_PREFIX);
  });
}
