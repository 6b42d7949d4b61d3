import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../../src/app/paths';
import { freePort } from '../free-port';

/** SHUTDOWN_TIMEOUT_MS given to `npm start`: it stops its children within this + 5 s. */
const SHUTDOWN_TIMEOUT_MS = 2_000;
const STOP_DEADLINE_MS = SHUTDOWN_TIMEOUT_MS + 5_000;

/**
 * The state letter (`R`, `S`, `T`, `Z`...) of a process, or of one of its threads with `task`; undefined
 * when there is none.
 */
async function processState(pid: number | string, task?: string): Promise<string | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}${task === undefined ? '' : `/task/${task}`}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** Alive: it exists and is not a zombie (an exited process nobody reaped yet). */
async function alive(pid: number): Promise<boolean> {
  const state = await processState(pid);
  return state !== undefined && state !== 'Z';
}

/** The entry points `npm start` runs as its children: the CDN, the game server, the agent runtime. */
const SERVICES = [
  'packages/cdn/src/main.ts',
  'packages/server/src/app/main.ts',
  'packages/agents/src/main.ts',
];

/**
 * The service processes whose parent is `pid` (by their command lines: tsx may also run a helper
 * process of its own, such as esbuild's service on a cold cache).
 */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8');
      if (SERVICES.some((entry) => cmdline.includes(entry))) out.push(Number(name));
    } catch {
      // it ended while being read
    }
  }
  return out;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

interface Started {
  start: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
  /** The CDN, the game server and the agent runtime. */
  children: number[];
  agentPort: number;
  /** The game server's port. */
  port: number;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** Runs `npm start` (scripts/start.ts) in its own process group until all three services answer. */
async function npmStart(): Promise<Started> {
  const dir = await mkdtemp(join(tmpdir(), 'tilerealm-npm-start-'));
  const [cdnPort, port, agentPort] = [await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CDN_PORT: String(cdnPort),
    CDN_HOST: '127.0.0.1',
    PORT: String(port),
    HOST: '127.0.0.1',
    AGENT_PORT: String(agentPort),
    WORLD: join(dir, 'world'),
    AGENT_DATA_DIR: join(dir, 'agents'),
    AGENT_DEFAULT_COUNT: '0',
    SKIP_CLIENT_BUILD: 'true',
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    LOG_LEVEL: 'warn',
  };
  delete env['DATABASE_URL']; // the embedded database, as `npm start` runs by default
  const start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // its own process group, as a terminal gives it
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    start.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let seen: number[] = [];
  cleanups.push(async () => {
    // Whatever the test left running is ours to end.
    for (const pid of [start.pid ?? 0, ...seen])
      if (pid > 0 && (await alive(pid))) process.kill(pid, 'SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });
  const urls = [
    `http://127.0.0.1:${cdnPort}/health`,
    `http://127.0.0.1:${port}/health`,
    `http://127.0.0.1:${agentPort}/health`,
  ];
  // A first start creates the embedded database and migrates it: slow on a loaded 2-core machine.
  const outcome = await vi.waitFor(
    async () => {
      if (start.exitCode !== null) return 'exited early';
      seen = await childrenOf(start.pid ?? 0);
      const up = await Promise.all(urls.map(answers));
      if (seen.length !== 3 || !up.every(Boolean))
        throw new Error(
          `npm start did not bring up its three services: ${seen.length} children; answering: ${urls.filter((_, i) => up[i]).join(', ') || 'none'}`,
        );
      return 'up';
    },
    { timeout: 240_000, interval: 250 },
  );
  if (outcome !== 'up') throw new Error(`npm start ${outcome}`);
  return { start, exited, children: seen, agentPort, port };
}

/** Waits for `exited`, at most `ms`; `'running'` when it did not come. */
async function exitWithin(exited: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    exited,
    new Promise((resolve) => (timer = setTimeout(() => resolve('running'), ms))),
  ]);
  clearTimeout(timer);
  return result;
}

/** Whether `pid` has `signal` pending (sent, not yet acted on: a stopped process keeps it so). */
async function pending(pid: number, signal: number): Promise<boolean> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const mask = /^ShdPnd:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  return mask !== undefined && (BigInt(`0x${mask}`) & (1n << BigInt(signal - 1))) !== 0n;
}

/**
 * Whether every thread of `pid` is stopped (SIGSTOP). Only then does a signal sent to it stay
 * pending: one sent while the stop is still on its way may be delivered first (a lower number).
 */
async function stoppedWhole(pid: number): Promise<boolean> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  if (tasks.length === 0) return false;
  for (const task of tasks) {
    const state = await processState(pid, task);
    if (state !== 'T' && state !== 't') return false;
  }
  return true;
}

/** The pid among `pids` whose command line names `entry`. */
async function serviceOf(pids: number[], entry: string): Promise<number> {
  for (const pid of pids) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(entry)) return pid;
  }
  throw new Error(`no ${entry} among the children`);
}

/** `npm start` stops the CDN, the game server and the agent runtime and leaves none behind. */
describe('npm start, told to stop', () => {
  it('stops everything on Ctrl-C (SIGINT to its process group)', async () => {
    const { start, exited, children } = await npmStart();
    process.kill(-(start.pid ?? 0), 'SIGINT');
    expect(await exitWithin(exited, STOP_DEADLINE_MS + 10_000)).toBe(0);
    for (const pid of children) expect(await alive(pid), `pid ${pid}`).toBe(false);
  }, 300_000);

  it('stops the agent runtime before the game server, which serves it until it is gone', async () => {
    const { start, exited, children, port } = await npmStart();
    const runtime = await serviceOf(children, 'packages/agents/src/main.ts');
    const server = await serviceOf(children, 'packages/server/src/app/main.ts');
    // Held still, the runtime keeps the signal it is sent pending: the moment it is told to stop is seen.
    process.kill(runtime, 'SIGSTOP');
    await vi.waitFor(
      async () => {
        if (!(await stoppedWhole(runtime))) throw new Error('the agent runtime is not stopped yet');
      },
      { timeout: 30_000, interval: 20 },
    );
    process.kill(-(start.pid ?? 0), 'SIGINT');
    const SIGTERM = 15;
    await vi.waitFor(
      async () => {
        if (!(await pending(runtime, SIGTERM))) throw new Error('the agent runtime was not told to stop yet');
      },
      { timeout: 30_000, interval: 50 },
    );
    // The runtime was told to stop, and the Ctrl-C reached neither it nor the game server: the game
    // server still serves, undrained, while the runtime stops.
    expect(await pending(runtime, 2), 'SIGINT reached the runtime').toBe(false);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(5_000) });
    expect(ready.status).toBe(200);
    expect(await alive(server)).toBe(true);
    process.kill(runtime, 'SIGCONT');
    expect(await exitWithin(exited, STOP_DEADLINE_MS + 10_000)).toBe(0);
    for (const pid of children) expect(await alive(pid), `pid ${pid}`).toBe(false);
  }, 300_000);

  it('stops everything on SIGTERM, killing a child that cannot stop by itself', async () => {
    const { start, exited, children } = await npmStart();
    // A child that cannot act on a signal (stopped): only SIGKILL ends it.
    const stuck = await serviceOf(children, 'packages/agents/src/main.ts');
    process.kill(stuck, 'SIGSTOP');
    process.kill(start.pid ?? 0, 'SIGTERM');
    expect(await exitWithin(exited, STOP_DEADLINE_MS + 10_000)).not.toBe('running');
    for (const pid of children) expect(await alive(pid), `pid ${pid}`).toBe(false);
  }, 300_000);
});
