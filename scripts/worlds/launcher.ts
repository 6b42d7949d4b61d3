/**
 * A local many-world topology on one machine (docs/scaling.md): PostgreSQL from the machine's
 * binaries, Redis (`redis-server`), the CDN, N world processes sharing the database, Redis, JWT
 * secret and admin code, and the agent runtime pointed at world 1. Used by `npm run worlds` and
 * the worlds benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../../packages/server/src/app/logger';
import { startLocalPostgres, type LocalPostgres } from '../../packages/server/src/storage/local-postgres';
import { findRedisServer, startLocalRedis } from './redis';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The most worlds one command starts (each is a process holding a whole world). */
export const MAX_LOCAL_WORLDS = 16;

export interface WorldsOptions {
  /** How many worlds: 1..MAX_LOCAL_WORLDS. */
  count: number;
  /** Everything the topology keeps: postgres/, redis/, world-<n>/, agents/, secrets.json. */
  dataDir: string;
  /** Port of world 1; world n listens on basePort + n - 1 (a free port when taken). 0: free ports. */
  basePort?: number;
  /** The CDN's port (default 8080, a free one when taken); `false`: no CDN. */
  cdnPort?: number | false;
  /** The agent runtime's port (default 4001, a free one when taken); `false`: no runtime. */
  agentPort?: number | false;
  /** Default agents the runtime creates (default 3). */
  agentCount?: number;
  /** Extra environment for every world process (e.g. DISABLE_RATE_LIMIT, TICK_MS). */
  worldEnv?: Record<string, string>;
  /** Receives each output line of a child (default: printed with its name in front). */
  output?: (name: string, line: string) => void;
  /** How long the worlds get to answer /health (default 180 s). */
  startTimeoutMs?: number;
}

export interface RunningWorld {
  id: number;
  httpUrl: string;
  /** Its public WebSocket address (PUBLIC_WS_URL), as the world list shows it. */
  wsUrl: string;
  pid: number;
}

export interface RunningTopology {
  worlds: RunningWorld[];
  databaseUrl: string;
  redisUrl: string;
  /** The admin code every world shares (`/admin <code>`). */
  adminCode: string;
  cdnUrl: string | undefined;
  agentsUrl: string | undefined;
  /** Pids of every child process (worlds, Redis, CDN, runtime), for checks that all are gone. */
  pids(): number[];
  /** Called with a child's name when it exits while the topology is not stopping. */
  onExit(listener: (name: string, code: number | null, signal: string | null) => void): void;
  /** Stops the runtime, the worlds, the CDN, Redis, then PostgreSQL; bounded (SIGKILL after the deadline). */
  stop(): Promise<void>;
}

interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<void>;
}

const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

/** `preferred` when it is free on 127.0.0.1, else a free port the kernel picks. */
export async function portFor(preferred: number | undefined): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const got = typeof address === 'object' && address ? address.port : undefined;
        server.close(() => resolve(got));
      });
    });
  if (preferred !== undefined && preferred > 0) {
    const got = await tryListen(preferred);
    if (got !== undefined) return got;
  }
  const free = await tryListen(0);
  if (free === undefined) throw new Error('no free port on 127.0.0.1');
  return free;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** The secrets every world shares (a token of one is valid on all), kept across runs in secrets.json. */
async function sharedSecrets(dataDir: string): Promise<{ jwtSecret: string; adminCode: string }> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const saved: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (
      typeof saved === 'object' &&
      saved !== null &&
      'jwtSecret' in saved &&
      'adminCode' in saved &&
      typeof saved.jwtSecret === 'string' &&
      typeof saved.adminCode === 'string'
    )
      return { jwtSecret: saved.jwtSecret, adminCode: saved.adminCode };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secrets = {
    jwtSecret: process.env['JWT_SECRET'] ?? randomBytes(48).toString('base64url'),
    adminCode: process.env['ADMIN_CODE'] ?? randomBytes(12).toString('base64url'),
  };
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/** Starts the whole topology; on any failure it stops what it started and rethrows. */
export async function startWorlds(opts: WorldsOptions): Promise<RunningTopology> {
  if (!Number.isInteger(opts.count) || opts.count < 1 || opts.count > MAX_LOCAL_WORLDS)
    throw new Error(`the number of worlds must be a whole number from 1 to ${MAX_LOCAL_WORLDS}`);
  const redisBinary = await findRedisServer();
  if (!redisBinary)
    throw new Error(
      'redis-server was not found: install it (apt-get install redis-server) or set REDIS_SERVER',
    );
  const dataDir = path.resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  // PostgreSQL runs as the postgres user when we are root: it must be able to reach its directory.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  const output = opts.output ?? ((name, line) => console.log(`[${name}] ${line}`));
  const children: Child[] = [];
  const exitListeners: Array<(name: string, code: number | null, signal: string | null) => void> = [];
  let stopping = false;
  let postgres: LocalPostgres | undefined;

  const watch = (name: string, child: ChildProcess): Child => {
    for (const stream of [child.stdout, child.stderr])
      if (stream) createInterface({ input: stream }).on('line', (line) => output(name, line));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.once('exit', (code, signal) => {
      if (!stopping) for (const listener of exitListeners) listener(name, code, signal);
    });
    const entry = { name, process: child, exited };
    children.push(entry);
    return entry;
  };
  const runNode = (name: string, entry: string, env: NodeJS.ProcessEnv) =>
    watch(
      name,
      spawn(process.execPath, ['--import', 'tsx', entry], {
        cwd: REPO,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );

  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    const deadline = (Number(process.env['SHUTDOWN_TIMEOUT_MS']) || 10_000) + 5_000;
    // The runtime first (its agents log out), then the worlds (their saves need PostgreSQL), then the rest.
    const order = [
      children.filter((c) => c.name === 'agents'),
      children.filter((c) => c.name.startsWith('world ')),
      children.filter((c) => c.name === 'cdn' || c.name === 'redis'),
    ];
    for (const group of order) {
      for (const c of group) if (alive(c.process)) c.process.kill('SIGTERM');
      const timer = setTimeout(() => {
        for (const c of group) {
          if (!alive(c.process)) continue;
          output(
            'worlds',
            `${c.name} (pid ${c.process.pid}) did not stop within ${deadline / 1000} s: killing it`,
          );
          c.process.kill('SIGKILL');
        }
      }, deadline);
      await Promise.all(group.map((c) => c.exited));
      clearTimeout(timer);
    }
    await postgres?.stop('fast');
  };

  try {
    const secrets = await sharedSecrets(dataDir);
    // The runtime's credential for the worlds' internal agent API: made up per run, never written down.
    const agentRuntimeSecret = process.env['AGENT_RUNTIME_SECRET'] ?? randomBytes(32).toString('base64url');
    postgres = await startLocalPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      database: 'tilerealm',
      // The server's logger type (pino): each line's message is printed like the children's output.
      logger: createLogger({
        level: 'info',
        destination: {
          write: (line) => output('postgres', String((JSON.parse(line) as { msg?: unknown }).msg)),
        },
      }),
    });
    const redisPort = await portFor(undefined);
    const redis = await startLocalRedis({
      binary: redisBinary,
      dir: path.join(dataDir, 'redis'),
      port: redisPort,
    });
    watch('redis', redis.child);

    let cdnUrl: string | undefined;
    if (opts.cdnPort !== false) {
      const port = await portFor(opts.cdnPort ?? 8080);
      cdnUrl = `http://127.0.0.1:${port}`;
      runNode('cdn', 'packages/cdn/src/main.ts', {
        ...process.env,
        CDN_PORT: String(port),
        CDN_HOST: '127.0.0.1',
        LOG_LEVEL: process.env['CDN_LOG_LEVEL'] ?? 'warn',
      });
    }

    const worlds: RunningWorld[] = [];
    const basePort = opts.basePort ?? 5555;
    for (let id = 1; id <= opts.count; id++) {
      const port = await portFor(basePort > 0 ? basePort + id - 1 : undefined);
      const wsUrl = `ws://localhost:${port}/ws`;
      const child = runNode(`world ${id}`, 'packages/server/src/app/main.ts', {
        ...process.env,
        ...(cdnUrl ? { PUBLIC_CDN_URL: cdnUrl.replace('127.0.0.1', 'localhost') } : {}),
        ...opts.worldEnv,
        WORLD: path.join(dataDir, `world-${id}`),
        WORLD_ID: String(id),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_WS_URL: wsUrl,
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        JWT_SECRET: secrets.jwtSecret,
        ADMIN_CODE: secrets.adminCode,
        AGENT_RUNTIME_SECRET: agentRuntimeSecret,
      });
      worlds.push({ id, httpUrl: `http://127.0.0.1:${port}`, wsUrl, pid: child.process.pid ?? -1 });
    }
    const deadline = Date.now() + (opts.startTimeoutMs ?? 180_000);
    for (const world of worlds) {
      const child = children.find((c) => c.name === `world ${world.id}`);
      while (!(await answers(`${world.httpUrl}/health`))) {
        if (!child || !alive(child.process)) throw new Error(`world ${world.id} exited while starting`);
        if (Date.now() > deadline) throw new Error(`world ${world.id} did not answer /health in time`);
        await sleep(200);
      }
    }
    if (cdnUrl) {
      while (!(await answers(`${cdnUrl}/health`))) {
        if (Date.now() > deadline) throw new Error('the CDN did not answer /health in time');
        await sleep(200);
      }
    }

    let agentsUrl: string | undefined;
    const first = worlds[0];
    if (opts.agentPort !== false && first) {
      const port = await portFor(opts.agentPort ?? 4001);
      agentsUrl = `http://127.0.0.1:${port}`;
      runNode('agents', 'packages/agents/src/main.ts', {
        ...process.env,
        GAME_SERVER_URL: first.httpUrl,
        AGENT_PORT: String(port),
        AGENT_HOST: '127.0.0.1',
        AGENT_DATA_DIR: path.join(dataDir, 'agents'),
        AGENT_DEFAULT_COUNT: String(opts.agentCount ?? 3),
        AGENT_RUNTIME_SECRET: agentRuntimeSecret,
        AGENT_WORLD_ID: String(first.id),
      });
    }

    return {
      worlds,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      adminCode: secrets.adminCode,
      cdnUrl,
      agentsUrl,
      pids: () => children.flatMap((c) => (c.process.pid === undefined ? [] : [c.process.pid])),
      onExit: (listener) => exitListeners.push(listener),
      stop,
    };
  } catch (err) {
    await stop().catch((stopErr: unknown) =>
      output('worlds', `stopping after the failed start: ${String(stopErr)}`),
    );
    throw err;
  }
}
