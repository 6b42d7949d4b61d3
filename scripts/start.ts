/**
 * `npm start`: the whole project on one machine with no set-up. Builds the browser client into the
 * server's public directory when it is missing or older than its sources, starts the companion CDN
 * (port 8080, or CDN_PORT) and, once it answers /health, the game server (port 5555, or PORT) on the
 * embedded database, which serves the client; then, once the game server answers, the agent runtime
 * (port 4001, or AGENT_PORT) with AGENT_DEFAULT_COUNT (default 3; 0 for none) default agents so the
 * world is not empty (it prints the dashboard link for them); the two share an AGENT_RUNTIME_SECRET
 * made up for the run unless one is given. Each runs in its own process (and process group, so that
 * a terminal's Ctrl-C reaches this script only); a signal (SIGINT, SIGTERM, SIGHUP) stops them all,
 * and if one exits the rest stop too. They stop one after the other, in the reverse of their start:
 * the agent runtime first (its agents leave the game and its last activity lines reach the game
 * server, which still serves it), then the game server (drained and saved), then the CDN. Stopping
 * is bounded: each child gets SIGTERM, and SIGKILL if it is still running SHUTDOWN_TIMEOUT_MS
 * (default 10 s) + 5 s later, so no child outlives `npm start`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_FLAGS } from '../packages/server/src/app/node-flags';
import { buildClient, clientBuildIsCurrent, DEFAULT_CLIENT_OUT_DIR } from './client-build';

const children: ChildProcess[] = [];
let stopping = false;

/** How long the children get to stop after SIGTERM: the game server's own deadline, and some. */
const STOP_DEADLINE_MS = (Number(process.env['SHUTDOWN_TIMEOUT_MS']) || 10_000) + 5_000;

const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

function run(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv = process.env,
  nodeFlags: readonly string[] = [],
): void {
  if (stopping) return;
  // Detached: a process group of its own, so that a terminal's signals reach this script, which
  // stops the children in order (see stop), rather than every child at once.
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry], {
    stdio: 'inherit',
    env,
    detached: true,
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping the rest`);
      stop(code ?? 1);
    }
  });
}

/** Resolves once `c` has exited, or after `ms` (false then). */
function exitWithin(c: ChildProcess, ms: number): Promise<boolean> {
  if (!running(c)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    c.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Stops the children one after the other, the last started first; then exits with `code`. */
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  void (async () => {
    for (const c of [...children].reverse()) {
      if (!running(c)) continue;
      c.kill('SIGTERM');
      if (await exitWithin(c, STOP_DEADLINE_MS)) continue;
      console.error(`[start] pid ${c.pid} did not stop within ${STOP_DEADLINE_MS / 1000} s: killing it`);
      c.kill('SIGKILL');
      // SIGKILL ends a process at once; should its exit event still not come, go on all the same.
      await exitWithin(c, 2_000);
    }
    process.exit(code);
  })();
}

// Whatever ends this process, no child outlives it.
process.on('exit', () => {
  for (const c of children) if (running(c)) c.kill('SIGKILL');
});

async function isUp(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Builds the client unless an up-to-date build is already in the public directory. */
async function ensureClient(): Promise<void> {
  if (process.env['SKIP_CLIENT_BUILD'] === 'true') return;
  if (await clientBuildIsCurrent(DEFAULT_CLIENT_OUT_DIR)) return;
  console.log('[start] building the browser client into packages/server/public ...');
  const started = Date.now();
  await buildClient(DEFAULT_CLIENT_OUT_DIR);
  console.log(`[start] client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  // A closed terminal: the children, in groups of their own, do not get its SIGHUP.
  process.on('SIGHUP', () => stop(0));
  try {
    await ensureClient();
  } catch (err) {
    console.error('[start] the client build failed; the server starts without it:', err);
  }
  const cdnPort = process.env['CDN_PORT'] ?? '8080';
  const cdnUrl = `http://127.0.0.1:${cdnPort}`;
  if (await isUp(cdnUrl)) {
    console.log(`[start] a CDN already answers on ${cdnUrl}; using it`);
  } else {
    run('cdn', 'packages/cdn/src/main.ts', {
      ...process.env,
      LOG_LEVEL: process.env['CDN_LOG_LEVEL'] ?? 'warn',
    });
    for (let i = 0; i < 100 && !(await isUp(cdnUrl)); i++) await sleep(100);
    if (!(await isUp(cdnUrl)))
      console.warn('[start] the CDN did not answer /health yet; starting the server anyway');
  }
  // The runtime's credential with the game server: made up for this run unless given (it is only
  // ever in these two processes' environments, never in a file).
  const agentRuntimeSecret = process.env['AGENT_RUNTIME_SECRET'] ?? randomBytes(32).toString('base64url');
  // The server fetches its manifests from this CDN unless told otherwise.
  run(
    'server',
    'packages/server/src/app/main.ts',
    {
      ...process.env,
      PUBLIC_CDN_URL: process.env['PUBLIC_CDN_URL'] ?? `http://localhost:${cdnPort}`,
      AGENT_RUNTIME_SECRET: agentRuntimeSecret,
    },
    SERVER_NODE_FLAGS,
  );
  const serverUrl = `http://127.0.0.1:${process.env['PORT'] ?? '5555'}`;
  for (let i = 0; i < 600 && !(await isUp(serverUrl)); i++) await sleep(100);
  if (stopping) return;
  run('agents', 'packages/agents/src/main.ts', {
    ...process.env,
    GAME_SERVER_URL: process.env['GAME_SERVER_URL'] ?? serverUrl,
    AGENT_DEFAULT_COUNT: process.env['AGENT_DEFAULT_COUNT'] ?? '3',
    AGENT_RUNTIME_SECRET: agentRuntimeSecret,
  });
  // The runtime prints the dashboard link for its default agents once they exist.
  console.log(`[start] play: http://localhost:${process.env['PORT'] ?? '5555'}/`);
}

void main();
