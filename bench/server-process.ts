import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './net';

export interface ServerProcess {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, graceful) and removes its temporary world. */
  stop(): Promise<void>;
}

/**
 * The real server in its own process (so the load does not share its event loop) on a fresh
 * temporary world with the embedded database, bundled content and rate limits off. Resolves once
 * /health answers.
 */
export async function startServerProcess(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const world = await mkdtemp(join(tmpdir(), 'tilerealm-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/app/main.ts'], {
    env: {
      ...process.env,
      WORLD: world,
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_MANIFESTS: 'true',
      DISABLE_RATE_LIMIT: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(world, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, port, stop };
    await sleep(100);
  }
  await stop();
  throw new Error('the server did not answer /health within 30 s');
}
