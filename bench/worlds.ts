/**
 * Many-worlds benchmark: N world processes on one private PostgreSQL and one redis-server (the
 * `npm run worlds` launcher), with real WebSocket bot players spread evenly across them. Bots
 * spread over their world (admin /tele to distinct walkable tiles), then walk to random nearby
 * tiles and chat now and then. After a warm-up of one full /status window (100 ticks) the run is
 * measured for `--load-seconds`; it prints each world's tick p50/p99 and players online (from its
 * /status), the players held in total and the bots still connected, then one JSON line.
 *
 *   npm run bench -- worlds [--worlds 2] [--players 1000] [--load-seconds 30]
 *
 * Needs PostgreSQL's server binaries and redis-server (as `npm run worlds` does).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { startWorlds, type RunningWorld } from '../scripts/worlds/launcher';
import { spawnTiles } from './places';
import { send, seededRand, wander } from './bot-steps';

interface Bot {
  ws: WebSocket;
  world: number;
  x: number;
  z: number;
}

interface WorldStatus {
  playersOnline: number;
  tick: { p50Ms: number; p99Ms: number } | null;
}

function connectBot(url: string, world: number): Promise<Bot> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`a bot login on world ${world} timed out`));
    }, 60_000);
    ws.once('message', () => {
      clearTimeout(timer);
      resolve({ ws, world, x: 0, z: 0 });
    });
    ws.once('close', (code, reason) => {
      clearTimeout(timer);
      reject(new Error(`a bot login on world ${world} was refused: ${code} ${reason.toString()}`));
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

async function statusOf(world: RunningWorld): Promise<WorldStatus> {
  return (await (await fetch(`${world.httpUrl}/status`)).json()) as WorldStatus;
}

/** Prints a child's line only when it is a warning or worse (pino levels 40+) or not JSON at all. */
function quiet(name: string, line: string): void {
  const level = /^\{"level":(\d+)/.exec(line)?.[1];
  if (level === undefined || Number(level) >= 40) console.log(`[${name}] ${line}`);
}

export async function runWorldsBench(args: {
  worlds: number;
  players: number;
  seconds: number;
}): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tilerealm-bench-worlds-'));
  const perWorld = Math.ceil(args.players / args.worlds);
  const topology = await startWorlds({
    count: args.worlds,
    dataDir,
    basePort: 0,
    cdnPort: false,
    agentPort: false,
    output: quiet,
    worldEnv: {
      SKIP_MANIFESTS: 'true',
      DISABLE_RATE_LIMIT: 'true',
      LOG_LEVEL: 'warn',
      WORLD_SEED: '1',
      WORLD_CAPACITY: String(Math.max(2000, perWorld + 100)),
    },
  });
  const bots: Bot[] = [];
  try {
    const t0 = performance.now();
    for (let i = 0; i < args.players; i += 25) {
      const batch = Array.from({ length: Math.min(25, args.players - i) }, (_, j) => {
        const world = topology.worlds[(i + j) % topology.worlds.length];
        if (!world) throw new Error('no world');
        return connectBot(world.wsUrl.replace('localhost', '127.0.0.1'), world.id);
      });
      bots.push(...(await Promise.all(batch)));
    }
    console.log(
      `${bots.length} bots connected to ${args.worlds} worlds in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const tiles = await spawnTiles(bots.length);
    bots.forEach((bot, i) => {
      const t = tiles[i % tiles.length] ?? { x: 0, z: 0 };
      bot.x = t.x;
      bot.z = t.z;
      send(bot, 'player:chat', { message: `/admin ${topology.adminCode}` });
    });
    await sleep(1500);
    for (const bot of bots) send(bot, 'player:chat', { message: `/tele ${bot.x} ${bot.z}` });
    const rand = seededRand(12345);
    let running = true;
    const driver = (async () => {
      for (let n = 0; running; n++) {
        for (const bot of bots) {
          wander(bot, n, rand);
        }
        await sleep(600);
      }
    })();
    await sleep(60_000); // warm-up: a full /status window (100 ticks) of steady state before measuring
    await sleep(args.seconds * 1000);
    const statuses = await Promise.all(topology.worlds.map(statusOf));
    running = false;
    await driver;
    const worlds = topology.worlds.map((w, i) => ({
      world: w.id,
      bots: bots.filter((b) => b.world === w.id).length,
      online: statuses[i]?.playersOnline ?? 0,
      tickP50Ms: statuses[i]?.tick?.p50Ms ?? null,
      tickP99Ms: statuses[i]?.tick?.p99Ms ?? null,
    }));
    const figures = {
      bench: 'worlds',
      worlds,
      players: bots.length,
      playersHeld: worlds.reduce((s, w) => s + w.online, 0),
      botsConnected: bots.filter((b) => b.ws.readyState === WebSocket.OPEN).length,
      seconds: args.seconds,
    };
    for (const w of worlds)
      console.log(
        `world ${w.world}: ${w.online} online (${w.bots} bots), tick p50 ${w.tickP50Ms} ms, p99 ${w.tickP99Ms} ms (last 100 ticks)`,
      );
    console.log(
      `players held in total: ${figures.playersHeld} of ${figures.players} (${figures.botsConnected} bots connected)`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    for (const bot of bots) bot.ws.terminate();
    await topology.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
