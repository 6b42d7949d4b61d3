import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
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

/** One server for a describe block: started before its tests, stopped and cleaned up after them. */
export interface LiveServer {
  readonly server: RunningServer;
  readonly world: RealtimeWorld;
  /** Stops the server (gracefully) and starts it again on the same world and database. */
  restart(): Promise<RunningServer>;
}

/** Registers beforeAll/afterAll hooks that run a real server for the enclosing describe block. */
export function useRealtimeServer(extra: Record<string, string> = {}): LiveServer {
  let world: RealtimeWorld | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    world = await realtimeWorld(extra);
    server = await world.start();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await world?.cleanup();
  });
  const need = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the server is not running (used outside a test?)');
    return v;
  };
  return {
    get server() {
      return need(server);
    },
    get world() {
      return need(world);
    },
    async restart() {
      await need(server).close();
      server = await need(world).start();
      return server;
    },
  };
}
