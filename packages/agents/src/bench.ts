import type { GoalType } from '@tilerealm/protocol';
import { socketUrlOf, type WorldPlaces } from '@tilerealm/sdk';
import { AgentRunner } from './agent';
import type { GameApi } from './game-api';

/** Characters per account on the game server: the benchmark spreads agents over owners. */
const PER_OWNER = 5;

export interface BenchOptions {
  api: GameApi;
  serverUrl: string;
  places: WorldPlaces;
  agents: number;
  durationMs: number;
  /** The goal every agent is told to pursue (default: the planner chooses). */
  goal?: GoalType | undefined;
  /**
   * Headers on every agent's WebSocket upgrade: the runtime's secret (AgentDirectory.socketHeaders)
   * when the benchmark has it, so that the game server does not count the agents, all from one
   * address, under its per-address cap (WS_CONNECTIONS_PER_ADDRESS).
   */
  socketHeaders?: Readonly<Record<string, string>> | undefined;
}

export interface BenchAgentResult {
  name: string;
  goal: string | null;
  ticks: number;
  xpGained: Record<string, number>;
  totalXp: number;
  xpPerGameHour: number;
  /** The agent's last activity log lines (what it did and what failed), oldest first. */
  activity: string[];
}

export interface BenchReport {
  agents: number;
  connected: number;
  wallMs: number;
  tickMs: number;
  gameHours: number;
  totalXpPerGameHour: number;
  perAgent: BenchAgentResult[];
}

/**
 * Runs `agents` agents at once for `durationMs` against a game server and reports their XP gained
 * per hour of game time: ticks elapsed at the game's own 600 ms a tick (a game hour is 6,000 ticks,
 * whatever tick length the server runs at), so runs at fast test ticks and at 600 ms compare. Agents
 * are created through the game server like any other (anonymous owners).
 */
/** The game's tick length: game time is counted in ticks of this length. */
const GAME_TICK_MS = 600;

export async function runBenchmark(o: BenchOptions): Promise<BenchReport> {
  const runners: AgentRunner[] = [];
  const tag = Date.now().toString(36).slice(-4);
  for (let i = 0; i < o.agents; i += PER_OWNER) {
    const owner = await o.api.anonymous();
    for (let j = i; j < Math.min(o.agents, i + PER_OWNER); j++) {
      const created = await o.api.createAgent(owner.token, `Bench${tag}${j}`);
      const record = {
        agentId: created.agentId,
        name: created.name,
        characterId: created.characterId,
        ownerAccountId: owner.accountId,
        ownerCharacterIds: [],
        worldId: 1,
        running: true,
        createdAt: new Date().toISOString(),
      };
      // Not the runtime's agents: each plays with the token its creation answered, for the run only.
      runners.push(
        new AgentRunner(record, {
          socketUrl: socketUrlOf(o.serverUrl),
          places: o.places,
          sessionToken: async () => created.token,
          socketHeaders: o.socketHeaders,
        }),
      );
    }
  }
  const started = await Promise.allSettled(runners.map((r) => r.start()));
  const live = runners.filter((_, i) => started[i]?.status === 'fulfilled');
  if (o.goal) for (const r of live) r.onOwnerText(goalCommand(o.goal));
  const before = live.map((r) => ({
    tick: r.connection?.client.tick ?? 0,
    skills: structuredClone(r.connection?.world.player?.skills ?? {}),
  }));
  const t0 = Date.now();
  await new Promise((resolve) => setTimeout(resolve, o.durationMs));
  const tickMs = live[0]?.connection?.client.welcome?.tickMs ?? 600;
  const perAgent = live.map((r, i): BenchAgentResult => {
    const start = before[i] ?? { tick: 0, skills: {} };
    const ticks = Math.max(1, (r.connection?.client.tick ?? 0) - start.tick);
    const xpGained: Record<string, number> = {};
    for (const [skill, v] of Object.entries(r.connection?.world.player?.skills ?? {})) {
      const gained = v.xp - (start.skills[skill]?.xp ?? 0);
      if (gained > 0) xpGained[skill] = gained;
    }
    const totalXp = Object.values(xpGained).reduce((a, b) => a + b, 0);
    return {
      name: r.record.name,
      goal: r.current?.type ?? null,
      ticks,
      xpGained,
      totalXp,
      xpPerGameHour: Math.round((totalXp * 3_600_000) / (ticks * GAME_TICK_MS)),
      activity: r.activity.recent(60).map((e) => e.message),
    };
  });
  const wallMs = Date.now() - t0;
  await Promise.all(runners.map((r) => r.stop()));
  const gameHours = (perAgent.reduce((a, r) => Math.max(a, r.ticks), 0) * GAME_TICK_MS) / 3_600_000;
  return {
    agents: o.agents,
    connected: live.length,
    wallMs,
    tickMs,
    gameHours,
    totalXpPerGameHour: perAgent.reduce((a, r) => a + r.xpPerGameHour, 0),
    perAgent,
  };
}

/** The owner chat command that sets a goal (see commands.ts). */
function goalCommand(goal: GoalType): string {
  const words: Partial<Record<GoalType, string>> = {
    woodcutting: 'chop trees',
    mining: 'mine',
    fishing: 'fish',
    combat_training: 'fight',
    banking: 'bank',
    exploration: 'explore',
  };
  return words[goal] ?? 'carry on';
}
