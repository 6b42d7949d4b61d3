/**
 * The real server in its own child process, so a test can really kill it (SIGKILL) and start it
 * again on the same world and database: the crash tests of deaths and trades.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../../src/app/paths';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit signal (e.g. 'SIGKILL') or code once the process ended. */
  exited: Promise<NodeJS.Signals | number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server (`main.ts`) with `env` on a free port and waits until /health answers. */
export async function launchServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/app/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
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

/** The WebSocket address of a server at `url`. */
export const wsOf = (url: string) => `${url.replace(/^http/, 'ws')}/ws`;
