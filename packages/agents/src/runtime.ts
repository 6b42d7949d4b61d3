import { join } from 'node:path';
import { z } from 'zod';
import type { WorldPlaces } from '@tilerealm/sdk';
import { AgentRunner } from './agent';
import { warn, whenSettled } from './errors';
import type { GameApi, Me } from './game-api';
import type { LlmAdvisor } from './llm';
import { AgentStore, readJson, writeAtomic, type AgentRecord } from './store';
import { RefreshTimer, REFRESH_THRESHOLD, renewDueTokens, type RenewOutcome } from './token-refresh';

/** An agent as the runtime's REST API shows it. */
export interface AgentSummary {
  agentId: string;
  name: string;
  characterId: string;
  ownerAccountId: string;
  running: boolean;
  status: string;
  lastError: string | null;
  goal: ReturnType<AgentRunner['goal']>;
  goalsPaused: boolean;
  command: string | null;
  position: { x: number; z: number } | null;
  skills: Record<string, { level: number; xp: number }>;
}

export interface RuntimeDeps {
  api: GameApi;
  serverUrl: string;
  places: WorldPlaces;
  dataDir: string;
  llm?: LlmAdvisor | undefined;
  /** Token renewal settings (defaults: 20% of the lifetime left, checked hourly, retried after a minute). */
  tokenRefresh?: { threshold?: number; intervalMs?: number; retryMs?: number } | undefined;
}

const ownerFileSchema = z.object({ token: z.string(), accountId: z.string() });
const DEFAULT_NAMES = ['Ash', 'Birch', 'Cedar', 'Elm', 'Fern', 'Hazel', 'Ivy', 'Juniper', 'Larch', 'Moss'];

/**
 * Runs any number of agents: creates them through the game server (POST /api/agents with the
 * owner's token), keeps their mapping in `<dataDir>/agents.json`, starts and stops them, and on
 * start resumes every agent that was running.
 */
export class AgentRuntime {
  private readonly runners = new Map<string, AgentRunner>();
  private readonly refreshTimer: RefreshTimer;
  private refreshing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly deps: RuntimeDeps,
    private readonly store: AgentStore,
  ) {
    const t = deps.tokenRefresh;
    this.refreshTimer = new RefreshTimer(() => this.refreshTokens(), t?.intervalMs, t?.retryMs);
  }

  static async open(deps: RuntimeDeps): Promise<AgentRuntime> {
    const runtime = new AgentRuntime(deps, await AgentStore.open(deps.dataDir));
    for (const record of runtime.store.list()) runtime.runners.set(record.agentId, runtime.runnerFor(record));
    return runtime;
  }

  /**
   * Start-up: renews tokens that are close to expiry, starts the hourly renewal check, then starts
   * every agent marked running (a failure is logged in its activity, not thrown).
   */
  async resume(): Promise<void> {
    await this.refreshTokens().catch((err: unknown) =>
      warn('renewing the session tokens at start-up failed', err),
    );
    this.refreshTimer.start();
    await Promise.all([...this.runners.values()].filter((r) => r.record.running).map((r) => startLogged(r)));
  }

  /** Agents of an owner (all of them for an administrator). */
  list(me: Me): AgentSummary[] {
    return [...this.runners.values()]
      .filter((r) => me.isAdmin || r.record.ownerAccountId === me.accountId)
      .map(summarize);
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
    const ownerCharacterIds = await this.deps.api.characterIds(ownerToken).catch((err: unknown) => {
      warn(`the owner's characters could not be listed for ${name}: it will not know its owner in chat`, err);
      return [];
    });
    const record: AgentRecord = {
      agentId: created.agentId,
      name: created.name,
      characterId: created.characterId,
      token: created.token,
      ownerAccountId: me.accountId,
      ownerCharacterIds: ownerCharacterIds.filter((id) => id !== created.characterId),
      running: options.start ?? true,
      createdAt: new Date().toISOString(),
    };
    await this.store.put(record);
    const runner = this.runnerFor(record);
    this.runners.set(record.agentId, runner);
    if (record.running) await startLogged(runner);
    return summarize(runner);
  }

  async start(agentId: string): Promise<AgentSummary | undefined> {
    const runner = this.runners.get(agentId);
    if (!runner) return undefined;
    await this.store.put({ ...runner.record, running: true });
    runner.record.running = true;
    await runner.start();
    return summarize(runner);
  }

  async stop(agentId: string): Promise<AgentSummary | undefined> {
    const runner = this.runners.get(agentId);
    if (!runner) return undefined;
    runner.record.running = false;
    await this.store.put({ ...runner.record });
    await runner.stop();
    return summarize(runner);
  }

  /** Stops the agent, removes the game server's mapping (the character stays) and forgets it. */
  async remove(agentId: string, ownerToken: string): Promise<boolean> {
    const runner = this.runners.get(agentId);
    if (!runner) return false;
    await runner.stop();
    await this.deps.api.deleteAgent(ownerToken, agentId);
    this.runners.delete(agentId);
    await this.store.remove(agentId);
    return true;
  }

  /**
   * `npm start`: makes sure `count` agents of the runtime's own owner account exist (an anonymous
   * account created on first start, its token kept in `<dataDir>/owner.json`).
   */
  async ensureDefaultAgents(count: number): Promise<void> {
    if (count <= 0) return;
    const file = join(this.deps.dataDir, 'owner.json');
    const saved = ownerFileSchema.safeParse(await readJson(file));
    const owner = saved.success ? saved.data : await this.deps.api.anonymous();
    if (!saved.success) await writeAtomic(file, JSON.stringify(owner, null, 2));
    const me: Me = { accountId: owner.accountId, anonymous: true, isAdmin: false };
    const mine = this.list(me);
    const suffix = owner.accountId.replace(/[^a-z0-9]/gi, '').slice(0, 4);
    for (let i = mine.length; i < count; i++) {
      const name = `${DEFAULT_NAMES[i % DEFAULT_NAMES.length] ?? 'Agent'} ${suffix}`;
      await this.create(owner.token, me, name);
    }
  }

  /**
   * Renews the owner's (`owner.json`) and every agent's token that has at most the threshold of its
   * lifetime left through POST /api/auth/refresh, persists the new ones and hands them to connected
   * agents' clients (`setToken`), so a later automatic reconnect presents the new token, not the
   * old, expiring one; the connection itself is kept. Passes never overlap.
   */
  refreshTokens(nowMs = Date.now()): Promise<RenewOutcome> {
    const pass = this.refreshing.then(() => this.refreshPass(nowMs));
    this.refreshing = whenSettled(pass);
    return pass;
  }

  private async refreshPass(nowMs: number): Promise<RenewOutcome> {
    const file = join(this.deps.dataDir, 'owner.json');
    const owner = ownerFileSchema.safeParse(await readJson(file));
    const tokens = [...this.runners.values()].map((r) => r.record.token);
    if (owner.success) tokens.push(owner.data.token);
    const threshold = this.deps.tokenRefresh?.threshold ?? REFRESH_THRESHOLD;
    const outcome = await renewDueTokens((t) => this.deps.api.refreshToken(t), tokens, nowMs, threshold);
    const ownerToken = owner.success ? outcome.renewed.get(owner.data.token) : undefined;
    if (owner.success && ownerToken !== undefined) {
      await writeAtomic(file, JSON.stringify({ ...owner.data, token: ownerToken }, null, 2));
    }
    for (const runner of this.runners.values()) {
      const failure = outcome.failed.get(runner.record.token);
      if (failure !== undefined) runner.activity.add(`could not renew the session token: ${failure}`);
      const fresh = outcome.renewed.get(runner.record.token);
      if (fresh === undefined) continue;
      runner.record.token = fresh;
      await this.store.put({ ...runner.record });
      // The open connection stays (it was authenticated at login); its reconnects use the new token.
      runner.connection?.client.setToken(fresh);
      runner.activity.add('session token renewed');
    }
    return outcome;
  }

  /** Stops every agent (their records keep `running` so the next start resumes them). */
  async close(): Promise<void> {
    this.refreshTimer.stop();
    await Promise.all([...this.runners.values()].map((r) => r.stop()));
  }

  private runnerFor(record: AgentRecord): AgentRunner {
    const runner = new AgentRunner(record, {
      serverUrl: this.deps.serverUrl,
      places: this.deps.places,
      llm: this.deps.llm,
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
    running: r.record.running,
    status: r.status,
    lastError: r.lastError ?? null,
    goal: r.goal(),
    goalsPaused: r.control.goalsPaused,
    command: cmd ? (cmd.kind === 'goal' ? `goal:${cmd.goal}` : cmd.kind) : null,
    position: player ? { x: player.position.x, z: player.position.z } : null,
    skills: player?.skills ?? {},
  };
}

/**
 * Starts an agent whose start must not fail the caller (resume, create, a token renewal): a failure
 * is in its status and activity log (see AgentRunner.start) and in the runtime's log.
 */
function startLogged(runner: AgentRunner): Promise<void> {
  return runner.start().catch((err: unknown) => warn(`agent ${runner.record.name} did not start`, err));
}
