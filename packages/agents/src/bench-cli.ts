/**
 * `npm run bench -w @tilerealm/agents -- [agents] [seconds] [goal]`: runs many agents at once
 * against GAME_SERVER_URL and prints their XP per hour of game time (see docs/agent-runtime.md).
 * BENCH_ACTIVITY=1 also prints each agent's last activity log lines.
 */
import { readFile } from 'node:fs/promises';
import { GOAL_TYPES } from '@tilerealm/protocol';
import { WorldPlaces } from '@tilerealm/sdk';
import { z } from 'zod';
import { runBenchmark } from './bench';
import { loadAgentConfig } from './config';
import { runtimeSocketHeaders } from './directory';
import { GameApi } from './game-api';

const args = z
  .tuple([
    z.coerce.number().int().min(1).max(500).default(10),
    z.coerce.number().positive().default(60),
    z.enum(GOAL_TYPES).optional(),
  ])
  .parse([process.argv[2], process.argv[3], process.argv[4]]);

async function main(): Promise<void> {
  const config = loadAgentConfig(process.env);
  const places = WorldPlaces.fromManifest(JSON.parse(await readFile(config.AGENT_WORLD_AREAS, 'utf8')));
  const [agents, seconds, goal] = args;
  console.log(
    `[bench] ${agents} agents for ${seconds} s against ${config.GAME_SERVER_URL}${goal ? ` (goal ${goal})` : ''}`,
  );
  const report = await runBenchmark({
    api: new GameApi(config.GAME_SERVER_URL),
    serverUrl: config.GAME_SERVER_URL,
    places,
    agents,
    durationMs: seconds * 1000,
    goal,
    // With the runtime's secret, the agents pass the game server's cap on connections per address.
    socketHeaders:
      config.AGENT_RUNTIME_SECRET === undefined
        ? undefined
        : runtimeSocketHeaders(config.AGENT_RUNTIME_SECRET),
  });
  if (process.env['BENCH_ACTIVITY'] === '1')
    for (const a of report.perAgent) console.log(`--- ${a.name}\n${a.activity.join('\n')}`);
  for (const a of report.perAgent)
    console.log(
      `${a.name.padEnd(14)} ${String(a.goal).padEnd(16)} ${String(a.totalXp).padStart(7)} xp  ${String(a.xpPerGameHour).padStart(8)} xp/game-hour  ${JSON.stringify(a.xpGained)}`,
    );
  console.log(
    `[bench] ${report.connected}/${report.agents} connected, ${report.gameHours.toFixed(3)} game hours (tick ${report.tickMs} ms), total ${report.totalXpPerGameHour} xp per game hour`,
  );
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
