/**
 * Two (or more) real world processes on one PostgreSQL database and one redis-server, as a
 * many-world deployment runs them (docs/scaling.md): each world its own process, WORLD_ID and
 * public address; one database, one Redis, one JWT secret. PostgreSQL only: the embedded database
 * can be opened by one process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { createEmptyPostgresDatabase } from '../db-helpers';
import { eventually } from '../fault-helpers';
import { haveRedisServer, startTestRedis, type TestRedis } from '../support/redis';
import { TEST_TICK_MS } from './realtime-harness';
import { launchServer, type ServerProcess } from './server-process-harness';

/** True where the two-world tests can run: a PostgreSQL test run with redis-server installed. */
export const canRunWorlds = haveRedisServer && process.env['DATABASE_URL'] !== undefined;

export interface Worlds {
  databaseUrl: string;
  redis: TestRedis;
  /** A pool on the shared database, for reading what was committed. */
  db: pg.Pool;
  /**
   * Starts world `id` (its own process and world directory) and waits until /health answers and
   * its /status shows the link to the other worlds up (a world opens without Redis when it is
   * slow to connect, and would miss what other worlds send it meanwhile).
   */
  launch(id: number, extra?: Record<string, string>): Promise<ServerProcess>;
  /** Kills every world still running, drops the database, stops Redis. */
  cleanup(): Promise<void>;
}

export async function startWorlds(common: Record<string, string> = {}): Promise<Worlds> {
  const database = await createEmptyPostgresDatabase();
  const redis = await startTestRedis();
  const root = await mkdtemp(join(tmpdir(), 'tilerealm-worlds-'));
  const db = new pg.Pool({ connectionString: database.url, max: 4 });
  db.on('error', () => undefined); // idle clients dropped at cleanup: nothing to do
  const running: ServerProcess[] = [];
  return {
    databaseUrl: database.url,
    redis,
    db,
    async launch(id, extra = {}) {
      const proc = await launchServer(
        {
          NODE_ENV: 'test',
          WORLD: join(root, `world-${id}`),
          HOST: '127.0.0.1',
          SKIP_MANIFESTS: 'true',
          TICK_MS: String(TEST_TICK_MS),
          RECONNECT_GRACE_MS: '100',
          JWT_SECRET: 'worlds-secret-worlds-secret-worlds-1',
          ADMIN_CODE: 'let-me-in-please',
          LOG_LEVEL: 'silent',
          DATABASE_URL: database.url,
          REDIS_URL: redis.url,
          WORLD_ID: String(id),
          ...common,
          ...extra,
        },
        { portEnv: (port) => ({ PUBLIC_WS_URL: `ws://127.0.0.1:${port}/ws` }) },
      );
      running.push(proc);
      await eventually(`world ${id}'s link to the other worlds`, async () => {
        const res = await fetch(`${proc.url}/status`);
        const body = z
          .object({ crossWorld: z.object({ available: z.boolean() }) })
          .safeParse(await res.json());
        return body.success && body.data.crossWorld.available;
      });
      return proc;
    },
    async cleanup() {
      for (const proc of running) {
        if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
        await proc.exited;
      }
      await db.end();
      await database.drop();
      await redis.dispose();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The character's live lease: the world holding it, or undefined. */
export async function leaseOf(db: pg.Pool, characterId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ worldId: number }>(
    'SELECT "worldId" FROM character_leases WHERE "characterId" = $1',
    [characterId],
  );
  return rows[0]?.worldId;
}
