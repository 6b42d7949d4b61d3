import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import type { Client, Pool, PoolClient } from 'pg';
import * as schema from './schema';
import type { AppDatabase, Database } from './types';

/** Folder of the drizzle-kit generated SQL migrations, shipped next to this file. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Lock key for serialising migrations of several servers sharing one PostgreSQL database. */
const MIGRATION_ADVISORY_LOCK = 724_311_907;

// Each driver needs its own migrator, typed with its own drizzle class; the
// Database handed out only exposes the common type, so the migrator is kept
// here, keyed by the Database it belongs to.
const migrators = new WeakMap<Database, () => Promise<void>>();

/**
 * Applies the pending migrations to a database opened by this module. Safe to
 * call on an up-to-date database (nothing happens), and, on PostgreSQL, from
 * several processes at once (an advisory lock serialises them).
 */
export async function migrate(database: Database): Promise<void> {
  const run = migrators.get(database);
  if (!run) throw new Error('migrate(): this database was not opened by storage/');
  await run();
}

/** Wraps a PGlite client; `onClose` runs after the client is closed (lock release, temp cleanup). */
export function pgliteDatabase(client: PGlite, onClose?: () => Promise<void> | void): Database {
  const db = drizzlePglite({ client, schema });
  const database = makeDatabase('pglite', db, async () => {
    if (!client.closed) await client.close();
    await onClose?.();
  });
  migrators.set(database, () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  return database;
}

/**
 * Wraps a node-postgres pool; `onClose` runs after the pool has ended. `migrationClient`, when
 * given, makes the connection migrations run on (the server's has no statement timeout, since a
 * migration may rightly take long); without it they run on a connection of the pool.
 */
export function postgresDatabase(
  pool: Pool,
  onClose?: () => Promise<void> | void,
  migrationClient?: () => Client,
): Database {
  const db = drizzleNodePg({ client: pool, schema });
  const database: Database = {
    ...makeDatabase('postgres', db, async () => {
      await pool.end();
      await onClose?.();
    }),
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
  };
  migrators.set(database, async () => {
    const own = migrationClient?.();
    if (own) await own.connect();
    const client: Client | PoolClient = own ?? (await pool.connect());
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK]);
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      // Ending the session (own) frees the lock. On a pooled connection a failed unlock may leave the
      // lock held by the session: that connection is destroyed rather than pooled, which frees it.
      if (own) await own.end();
      else {
        const unlock = await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK]).then(
          () => undefined,
          (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
        );
        (client as PoolClient).release(unlock);
      }
    }
  });
  return database;
}

function makeDatabase(kind: Database['kind'], db: AppDatabase, closeOnce: () => Promise<void>): Database {
  let closing: Promise<void> | undefined;
  // One ping at a time: while the database does not answer, callers share the pending one instead
  // of each holding a connection of the pool until the query timeout.
  let pinging: Promise<boolean> | undefined;
  return {
    kind,
    db,
    close() {
      closing ??= closeOnce();
      return closing;
    },
    ping() {
      if (closing) return Promise.resolve(false);
      pinging ??= db.execute(sql`SELECT 1`).then(
        () => true,
        // The answer is the point: a failing ping means "unreachable", reported by the caller.
        () => false,
      );
      const current = pinging;
      void current.finally(() => {
        if (pinging === current) pinging = undefined;
      });
      return current;
    },
  };
}
