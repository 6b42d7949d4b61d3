/**
 * `npm run worlds -- N`: a local many-world topology (docs/scaling.md). Starts PostgreSQL from the
 * machine's binaries, Redis (`redis-server`, in memory), the CDN, N worlds (WORLD_ID 1..N on ports
 * 5555.., or free ones) sharing the database, Redis, JWT secret and admin code, and the agent
 * runtime on world 1; builds the browser client first when it is out of date (like `npm start`).
 * Prints the addresses; Ctrl-C or SIGTERM stops everything. A child that dies is named; the others
 * keep running (a world's crash is something to try), and when no world is left everything stops.
 * Data lives under WORLDS_DIR (default world/worlds). WORLDS_PORT (world 1's port; 0 for free
 * ports), CDN_PORT, AGENT_PORT and AGENT_DEFAULT_COUNT change the defaults.
 */
import { buildClient, clientBuildIsCurrent, DEFAULT_CLIENT_OUT_DIR } from './client-build';
import { MAX_LOCAL_WORLDS, startWorlds, type RunningTopology } from './worlds/launcher';

function parseCount(raw: string | undefined): number {
  const n = raw === undefined ? 2 : Number(raw);
  if (raw !== undefined && !/^\d+$/.test(raw)) return Number.NaN;
  return n;
}

async function main(): Promise<void> {
  const count = parseCount(process.argv[2]);
  if (!Number.isInteger(count) || count < 1 || count > MAX_LOCAL_WORLDS) {
    console.error(`usage: npm run worlds -- N   (N: how many worlds, 1 to ${MAX_LOCAL_WORLDS}; default 2)`);
    process.exit(2);
  }
  let starting: Promise<RunningTopology | undefined> = Promise.resolve(undefined);
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('[worlds] stopping...');
    // A signal during the start waits for it, so nothing it started is left behind.
    void starting
      .then((topology) => topology?.stop())
      .then(
        () => process.exit(code),
        (err: unknown) => {
          console.error('[worlds] stopping failed:', err);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  if (process.env['SKIP_CLIENT_BUILD'] !== 'true' && !(await clientBuildIsCurrent(DEFAULT_CLIENT_OUT_DIR))) {
    console.log('[worlds] building the browser client into packages/server/public ...');
    await buildClient(DEFAULT_CLIENT_OUT_DIR).catch((err: unknown) =>
      console.error('[worlds] the client build failed; the worlds start without it:', err),
    );
  }
  if (stopping) return;
  const dataDir = process.env['WORLDS_DIR'] ?? 'world/worlds';
  const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  starting = startWorlds({
    count,
    dataDir,
    basePort: port('WORLDS_PORT', 5555),
    cdnPort: port('CDN_PORT', 8080),
    agentPort: port('AGENT_PORT', 4001),
    agentCount: Number(process.env['AGENT_DEFAULT_COUNT'] ?? 3),
  }).catch((err: unknown) => {
    console.error(`[worlds] could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
    return undefined;
  });
  const topology = await starting;
  if (!topology) {
    if (!stopping) process.exit(1);
    return;
  }
  const running = topology;
  const gone = new Set<string>();
  running.onExit((name, code, signal) => {
    gone.add(name);
    const worldsLeft = running.worlds.filter((w) => !gone.has(`world ${w.id}`)).length;
    console.error(
      `[worlds] ${name} exited (${signal ?? `code ${code ?? '?'}`}); ` +
        (worldsLeft > 0 ? `${worldsLeft} world(s) still running` : 'no world left: stopping'),
    );
    if (worldsLeft === 0) stop(1);
  });
  if (stopping) return;
  console.log(`[worlds] ${running.worlds.length} world(s) up, data in ${dataDir}:`);
  for (const w of running.worlds)
    console.log(`[worlds]   world ${w.id}: ${w.httpUrl.replace('127.0.0.1', 'localhost')}  (${w.wsUrl})`);
  console.log(`[worlds]   PostgreSQL ${running.databaseUrl}`);
  console.log(`[worlds]   Redis      ${running.redisUrl}`);
  if (running.cdnUrl) console.log(`[worlds]   CDN        ${running.cdnUrl}`);
  if (running.agentsUrl) console.log(`[worlds]   agents     ${running.agentsUrl} (on world 1)`);
  console.log(`[worlds] shared JWT secret and admin code: ${dataDir}/secrets.json; Ctrl-C stops everything`);
}

void main();
