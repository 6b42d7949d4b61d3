import { join } from 'node:path';
import { z } from 'zod';
import type { WorldPlaces } from '@tilerealm/sdk';
import { AgentRunner, type AgentDeps } from './agent';
import { worldSocketUrl, type AgentDirectory, type AgentRecord } from './directory';
import { warn, whenSettled } from './errors';
import type { GameApi, Me } from './game-api';
import { importAgentsFile } from './import-file';
import type { LlmAdvisor } from './llm';
import { AgentStore, readJson, writeAtomic } from './store';
import { RefreshTimer, REFRESH_THRESHOLD } from './token-refresh';

/** An agent as the runtime's REST API shows it. */
export interface AgentSummary {
  agentId: string;
  name: string;
  characterId: string | null;
  ownerAccountId: string;
  worldId: number;
  running: boolean;
  status: string;
  lastError: string | null;
  goal: ReturnType<AgentRunner['goal']>;
  goalsPaused: boolean;
  command: string | null;
  position: { x: number; z: number } | null;
  skills: Record<string, { level: number; xp: number }>;
  /** What it carries and wears (empty while not connected). */
  inventory: { slot: number; itemId: string; quantity: number }[];
  equipment: { slot: string; itemId: string; quantity: number }[];
  /** The bank as it last saw it open, or null when it has not opened it since the runtime started. */
  bank: { at: string; slots: { itemId: string; quantity: number }[] } | null;
}

export interface RuntimeDeps {
  api: GameApi;
  /** The game server's endpoints for the runtime (its agents and their session tokens). */
  directory: AgentDirectory;
  /** The world this runtime plays its agents on (AGENT_WORLD_ID). */
  worldId: number;
  /** The game server's HTTP base address. */
  serverUrl: string;
  places: WorldPlaces;
  /** Holds `owner.json` (the default agents' owner account id) and nothing secret. */
  dataDir: string;
  llm?: LlmAdvisor | undefined;
  /** Token renewal settings (defaults: 20% of the lifetime left, checked every 5 minutes, retried after a minute). */
  tokenRefresh?: { threshold?: number; intervalMs?: number; retryMs?: number } | undefined;
  /** Waits between logins while another world holds an agent's character. */
  leaseRetry?: AgentDeps['leaseRetry'];
}

/** What one renewal pass did. */
export interface RenewOutcome {
  renewed: number;
}

const ownerFileSchema = z.object({ accountId: z.string() });
const DEFAULT_NAMES = ['Ash', 'Birch', 'Cedar', 'Elm', 'Fern', 'Hazel', 'Ivy', 'Juniper', 'Larch', 'Moss'];

/**
 * Runs any number of agents on one world: creates them through the game server (POST /api/agents
 * with the owner's token), keeps what it knows of them in the game's database (the agents the
 * server lists for its world, with their running flag), connects them with session tokens minted
 * on demand, starts and stops them, and on start resumes every agent that was running.
 */
export class AgentRuntime {
  private readonly runners = new Map<string, AgentRunner>();
  private readonly refreshTimer: RefreshTimer;
  private refreshing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly deps: RuntimeDeps,
    private readonly store: AgentStore,
    /** The WebSocket address of the runtime's world (from the world list). */
    private readonly socketUrl: string,
  ) {
    const t = deps.tokenRefresh;
    this.refreshTimer = new RefreshTimer(
      () => this.refreshTokens().then(() => ({ retrySoon: false })),
      t?.intervalMs,
      t?.retryMs,
    );
  }

  /** Imports an older runtime's `agents.json` once (import-file.ts), then reads this world's agents. */
  static async open(deps: RuntimeDeps): Promise<AgentRuntime> {
    const importer = await AgentStore.open(deps.directory, deps.worldId);
    const imported = await importAgentsFile(deps.dataDir, importer, (line) =>
      console.log(`[agents] ${line}`),
    );
    const store = imported ? await AgentStore.open(deps.directory, deps.worldId) : importer;
    const socketUrl = await worldSocketUrl(deps.serverUrl, deps.worldId, (line) =>
      console.log(`[agents] ${line}`),
    );
    const runtime = new AgentRuntime(deps, store, socketUrl);
    for (const record of store.list()) runtime.runners.set(record.agentId, runtime.runnerFor(record));
    return runtime;
  }

  /**
   * Start-up: starts the token check, then every agent marked running (a failure is logged in its
   * activity, not thrown).
   */
  async resume(): Promise<void> {
    this.refreshTimer.start();
    await Promise.all([...this.runners.values()].filter((r) => r.record.running).map((r) => startLogged(r)));
  }

  /** Agents of an owner (all of them for an administrator). */
  list(me: Me): AgentSummary[] {
    return [...this.runners.values()]
      .filter((r) => me.isAdmin || r.record.ownerAccountId === me.accountId)
      .map(summarize);
  }

  /** How many agents are in each status now (`running`, `stopped`, `error`...), for the metrics. */
  statusCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const r of this.runners.values()) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    return counts;
  }

  /** The game server's endpoints for the runtime (activity and goal history reads). */
  get directory(): AgentDirectory {
    return this.deps.directory;
  }

  /** The runner of an agent, if it exists. */
  get(agentId: string): AgentRunner | undefined {
    return this.runners.get(agentId);
  }

  /** Creates an agent for the owner behind `ownerToken` and starts it unless `start` is false. */
  async create(
    ownerToken: string,
    me: Me,
    name: string,
    options: { agentId?: string; start?: boolean } = {},
  ): Promise<AgentSummary> {
    const created = await this.deps.api.createAgent(ownerToken, name, options.agentId);
    let record: AgentRecord;
    try {
      record = await this.store.claim(created.agentId, me.accountId, options.start ?? true);
    } catch (err) {
      // Without its record the runtime cannot play it: take the mapping back (the character stays).
      await this.deps.api
        .deleteAgent(ownerToken, created.agentId)
        .catch((e: unknown) => warn(`agent ${created.agentId} could not be removed again`, e));
      throw err;
    }
    const runner = this.runnerFor(record);
    this.runners.set(record.agentId, runner);
    if (record.running) await startLogged(runner);
    return summarize(runner);
  }

  async start(agentId: string): Promise<AgentSummary | undefined> {
    const runner = this.runners.get(agentId);
    if (!runner) return undefined;
    await this.store.setRunning(runner.record, true);
    await runner.start();
    return summarize(runner);
  }

  async stop(agentId: string): Promise<AgentSummary | undefined> {
    const runner = this.runners.get(agentId);
    if (!runner) return undefined;
    await this.store.setRunning(runner.record, false);
    await runner.stop();
    return summarize(runner);
  }

  /** Stops the agent, removes the game server's mapping (the character stays) and forgets it. */
  async remove(agentId: string, ownerToken: string): Promise<boolean> {
    const runner = this.runners.get(agentId);
    if (!runner) return false;
    await runner.stop();
    await runner.activity.close();
    await this.deps.api.deleteAgent(ownerToken, agentId);
    this.runners.delete(agentId);
    this.store.forget(agentId);
    return true;
  }

  /**
   * `npm start`: makes sure `count` agents of the runtime's own owner account exist: an anonymous
   * account created on first start, whose id (no token) is kept in `<dataDir>/owner.json`. Answers
   * a session token of that owner (for the dashboard link), or undefined when `count` is 0.
   */
  async ensureDefaultAgents(count: number): Promise<{ accountId: string; token: string } | undefined> {
    if (count <= 0) return undefined;
    const file = join(this.deps.dataDir, 'owner.json');
    const saved = ownerFileSchema.safeParse(await readJson(file));
    let owner: { accountId: string; token: string } | undefined;
    let mine: AgentSummary[] = [];
    if (saved.success) {
      mine = this.list({ accountId: saved.data.accountId, anonymous: true, isAdmin: false });
      // The owner's token is not kept: one of its agents' freshly minted tokens is the owner's.
      const first = mine[0];
      if (first)
        owner = { ...saved.data, token: (await this.deps.directory.sessionToken(first.agentId)).token };
    }
    if (!owner) {
      // First start, or the owner has no agent left on this world: a new owner account.
      owner = await this.deps.api.anonymous();
      await writeAtomic(file, JSON.stringify({ accountId: owner.accountId }, null, 2));
      mine = [];
    }
    const me: Me = { accountId: owner.accountId, anonymous: true, isAdmin: false };
    const suffix = owner.accountId.replace(/[^a-z0-9]/gi, '').slice(0, 4);
    for (let i = mine.length; i < count; i++) {
      const name = `${DEFAULT_NAMES[i % DEFAULT_NAMES.length] ?? 'Agent'} ${suffix}`;
      await this.create(owner.token, me, name);
    }
    return owner;
  }

  /**
   * Gives every connected agent whose token has at most the threshold of its lifetime left a
   * freshly minted one (`setToken`), so a later automatic reconnect presents a valid token; the
   * connection itself is kept. Passes never overlap.
   */
  refreshTokens(nowMs = Date.now()): Promise<RenewOutcome> {
    const threshold = this.deps.tokenRefresh?.threshold ?? REFRESH_THRESHOLD;
    const pass = this.refreshing.then(async () => {
      const results = await Promise.all(
        [...this.runners.values()].map((r) => r.renewToken(nowMs, threshold)),
      );
      return { renewed: results.filter(Boolean).length };
    });
    this.refreshing = whenSettled(pass);
    return pass;
  }

  /**
   * Stops every agent (their records keep `running` so the next start resumes them) and sends
   * what is left of their activity logs.
   */
  async close(): Promise<void> {
    this.refreshTimer.stop();
    await Promise.all([...this.runners.values()].map((r) => r.stop()));
    await Promise.all([...this.runners.values()].map((r) => r.activity.close()));
  }

  private runnerFor(record: AgentRecord): AgentRunner {
    const runner = new AgentRunner(record, {
      socketUrl: this.socketUrl,
      // The runtime's secret on every upgrade: the game server does not cap its agents' connections.
      socketHeaders: this.deps.directory.socketHeaders(),
      places: this.deps.places,
      llm: this.deps.llm,
      sessionToken: async (agentId) => (await this.deps.directory.sessionToken(agentId)).token,
      leaseRetry: this.deps.leaseRetry,
      activitySink: this.deps.directory,
    });
    runner.ownerCharacterIds = new Set(record.ownerCharacterIds);
    return runner;
  }
}

/** The REST view of a runner. */
export function summarize(r: AgentRunner): AgentSummary {
  const player = r.connection?.world.player;
  const cmd = r.command;
  return {
    agentId: r.record.agentId,
    name: r.record.name,
    characterId: r.record.characterId,
    ownerAccountId: r.record.ownerAccountId,
    worldId: r.record.worldId,
    running: r.record.running,
    status: r.status,
    lastError: r.lastError ?? null,
    goal: r.goal(),
    goalsPaused: r.control.goalsPaused,
    command: cmd ? (cmd.kind === 'goal' ? `goal:${cmd.goal}` : cmd.kind) : null,
    position: player ? { x: player.position.x, z: player.position.z } : null,
    skills: player?.skills ?? {},
    inventory: (player?.inventory ?? []).map((i) => ({
      slot: i.slot,
      itemId: i.itemId,
      quantity: i.quantity,
    })),
    equipment: (player?.equipment ?? []).map((e) => ({
      slot: e.slot,
      itemId: e.itemId,
      quantity: e.quantity,
    })),
    bank: r.lastBank ?? null,
  };
}

/**
 * Starts an agent whose start must not fail the caller (resume, create): a failure
 * is in its status and activity log (see AgentRunner.start) and in the runtime's log.
 */
function startLogged(runner: AgentRunner): Promise<void> {
  return runner.start().catch((err: unknown) => warn(`agent ${runner.record.name} did not start`, err));
}
