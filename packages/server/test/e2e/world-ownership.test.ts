import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/app/paths';
import { createEmptyPostgresDatabase } from '../db-helpers';
import { TEST_TICK_MS } from './realtime-harness';
import { launchServer } from './server-process-harness';

/**
 * One server process per PostgreSQL database: a second process on the same database is refused at
 * start with a clear message and the first goes on; once the first stops, or is killed, the next
 * one starts.
 */
function serverEnv(world: string, databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    WORLD: world,
    HOST: '127.0.0.1',
    SKIP_MANIFESTS: 'true',
    TICK_MS: String(TEST_TICK_MS),
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
    DISABLE_RATE_LIMIT: 'true',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
  };
}

/** Runs the server to its end (it is expected to refuse to start): its exit code and stderr. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/app/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

const status = async (url: string) => (await fetch(`${url}/status`)).json() as Promise<unknown>;

describe.skipIf(!process.env['DATABASE_URL'])('one server process per world in PostgreSQL', () => {
  it('refuses a second process with a clear message; the next one starts once the first stops or is killed', async () => {
    const db = await createEmptyPostgresDatabase();
    const world = await mkdtemp(join(tmpdir(), 'tilerealm-owner-'));
    const env = serverEnv(world, db.url);
    let first = await launchServer(env);
    try {
      expect(await status(first.url)).toMatchObject({ database: { ok: true, ownership: 'held' } });

      const second = await runToExit(env);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(
        'world 1 in this database is owned by another server process (process ',
      );
      expect(second.stderr).toContain('one server process per world');
      // The first is unaffected.
      expect(await status(first.url)).toMatchObject({ status: 'ok', database: { ownership: 'held' } });

      first.child.kill('SIGTERM');
      await first.exited;
      first = await launchServer(env);
      expect(await status(first.url)).toMatchObject({ database: { ownership: 'held' } });

      // kill -9: the database ends the dead process's session, and with it the lock, at once.
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      const started = Date.now();
      first = await launchServer(env);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await status(first.url)).toMatchObject({ database: { ownership: 'held' } });
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
      await db.drop();
      await rm(world, { recursive: true, force: true });
    }
  }, 120_000);
});
