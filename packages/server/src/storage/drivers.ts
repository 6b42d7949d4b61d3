import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
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

/** Wraps a node-postgres pool; `onClose` runs after the pool has ended. */
export function postgresDatabase(pool: Pool, onClose?: () => Promise<void> | void): Database {
  const db = drizzleNodePg({ client: pool, schema });
  const database = makeDatabase('postgres', db, async () => {
    await pool.end();
    await onClose?.();
  });
  migrators.set(database, async () => {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK]);
      await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      // A connection whose unlock failed may still hold the lock (it is the session's): it is
      // destroyed rather than pooled, which releases the lock. The migration's own error, if any,
      // is the one thrown.
      const unlock = await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK]).then(
        () => undefined,
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      );
      client.release(unlock);
    }
  });
  return database;
}

function makeDatabase(kind: Database['kind'], db: AppDatabase, closeOnce: () => Promise<void>): Database {
  let closing: Promise<void> | undefined;
  return {
    kind,
    db,
    close() {
      closing ??= closeOnce();
      return closing;
    },
    async ping() {
      if (closing) return false;
      try {
        await db.execute(sql`SELECT 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
