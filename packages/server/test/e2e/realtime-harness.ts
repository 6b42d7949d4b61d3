import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pino } from 'pino';
import { inject } from 'vitest';
import { startServer, type RunningServer } from '../../src/app/start-server';
import { createEmptyPostgresDatabase } from '../db-helpers';

/** Fast ticks for end-to-end tests (allowed under NODE_ENV=test only). */
export const TEST_TICK_MS = 50;

export interface RealtimeWorld {
  env: Record<string, string>;
  start(): Promise<RunningServer>;
  cleanup(): Promise<void>;
}

/**
 * A world directory and database that survive server restarts within a test: PGlite seeded from
 * the run's migrated template, or a fresh PostgreSQL database when the run has DATABASE_URL.
 */
export async function realtimeWorld(extra: Record<string, string> = {}): Promise<RealtimeWorld> {
  const world = await mkdtemp(join(tmpdir(), 'tilerealm-e2e-'));
  let dropDb: (() => Promise<void>) | undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    WORLD: world,
    PORT: '0',
    HOST: '127.0.0.1',
    SKIP_MANIFESTS: 'true',
    TICK_MS: String(TEST_TICK_MS),
    RECONNECT_GRACE_MS: '1500',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
    ADMIN_CODE: 'let-me-in-please',
    DISABLE_RATE_LIMIT: 'true',
    LOG_LEVEL: 'silent',
    ...extra,
  };
  if (process.env['DATABASE_URL']) {
    const db = await createEmptyPostgresDatabase();
    env['DATABASE_URL'] = db.url;
    dropDb = db.drop;
  } else {
    const dir = join(world, 'data', 'db');
    await mkdir(dir, { recursive: true });
    const tarball = await readFile(inject('storageTestTemplates').pgliteTarball);
    const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([tarball]) });
    await client.close();
  }
  const logger = pino({ level: 'silent' });
  return {
    env,
    start: () => startServer(env, { logger }),
    cleanup: async () => {
      await dropDb?.();
      await rm(world, { recursive: true, force: true });
    },
  };
}

/** ws:// address of a running server. */
export const wsUrl = (server: RunningServer) => `${server.url.replace(/^http/, 'ws')}/ws`;
