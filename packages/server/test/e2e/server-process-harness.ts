/**
 * The real server in its own child process, so a test can really kill it (SIGKILL) or signal it
 * and start it again on the same world and database: the crash tests of deaths and trades, the
 * shutdown tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../../src/app/paths';
import { freePort } from '../free-port';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit signal (e.g. 'SIGKILL') or code once the process ended. */
  exited: Promise<NodeJS.Signals | number | null>;
}

/** Options of {@link launchServer}. */
export interface LaunchOptions {
  /**
   * `pipe`: the server's standard output is a pipe, `child.stdout`, which the test reads or leaves
   * unread (a full pipe). Default: discarded.
   */
  stdout?: 'ignore' | 'pipe';
  /** Variables that depend on the port chosen (e.g. the world's PUBLIC_WS_URL). */
  portEnv?: (port: number) => Record<string, string>;
}

/** Starts the server (`main.ts`) with `env` on a free port and waits until /health answers. */
export async function launchServer(
  env: Record<string, string>,
  options: LaunchOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/app/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, ...options.portEnv?.(port), PORT: String(port) },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url, exited };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the server process did not come up');
}

/**
 * Resolves with how the process ended and how long after this call, or with `'running'` when it is
 * still running after `ms`.
 */
export async function exitWithin(
  proc: ServerProcess,
  ms: number,
): Promise<{ exit: NodeJS.Signals | number | null | 'running'; afterMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([
    proc.exited,
    new Promise<'running'>((resolve) => (timer = setTimeout(() => resolve('running'), ms))),
  ]);
  clearTimeout(timer);
  return { exit, afterMs: performance.now() - started };
}

/** The WebSocket address of a server at `url`. */
export const wsOf = (url: string) => `${url.replace(/^http/, 'ws')}/ws`;
