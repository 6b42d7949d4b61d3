import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { pgliteDatabase, postgresDatabase } from '../src/storage/drivers';
import type { Database, DatabaseKind } from '../src/storage/types';

/**
 * The backends this run can test: PGlite always, PostgreSQL when
 * DATABASE_URL was set for the run. Use with `describe.each`.
 */
export function availableBackends(): DatabaseKind[] {
  return inject('storageTestTemplates').postgres ? ['pglite', 'postgres'] : ['pglite'];
}

let tarball: Promise<Buffer> | undefined;

/**
 * A fresh, migrated, empty database cloned from the run's template: an
 * in-memory PGlite loaded from the template tarball, or a PostgreSQL database
 * created `TEMPLATE` the migrated one (dropped again by `close()`).
 */
export async function createTestDatabase(kind: DatabaseKind = 'pglite'): Promise<Database> {
  const templates = inject('storageTestTemplates');
  if (kind === 'pglite') {
    tarball ??= readFile(templates.pgliteTarball);
    const client = await PGlite.create({ loadDataDir: new Blob([await tarball]) });
    return pgliteDatabase(client);
  }
  const postgres = templates.postgres;
  if (!postgres)
    throw new Error('createTestDatabase("postgres") needs DATABASE_URL to be set for the test run');
  const name = `${postgres.prefix}${randomBytes(6).toString('hex')}`;
  await adminQuery(postgres.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${postgres.templateDb}"`);
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // The forced DROP at teardown ends this database's connections; a client the pool still held then
  // reports "terminating connection due to administrator command", which is expected, not a failure.
  pool.on('error', () => undefined);
  return postgresDatabase(pool, () =>
    adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
}

/**
 * Two handles on one fresh migrated database, as two world processes have: on PostgreSQL two
 * separate connection pools (so their statements really run concurrently, in separate sessions);
 * on PGlite, which has one connection, the same handle twice. `close()` closes both.
 */
export async function createSharedTestDatabases(
  kind: DatabaseKind = 'pglite',
): Promise<{ a: Database; b: Database; close(): Promise<void> }> {
  const a = await createTestDatabase(kind);
  if (kind === 'pglite') return { a, b: a, close: () => a.close() };
  const postgres = inject('storageTestTemplates').postgres;
  const name = await currentDatabaseName(a);
  if (!postgres) throw new Error('createSharedTestDatabases("postgres") needs DATABASE_URL');
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => undefined);
  const b = postgresDatabase(pool);
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

async function currentDatabaseName(database: Database): Promise<string> {
  const result = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const name = result.rows[0]?.name;
  if (!name) throw new Error('current_database() returned no row');
  return name;
}

/**
 * An empty (unmigrated) PostgreSQL database on the DATABASE_URL server, for
 * tests of `openDatabase` itself; `drop()` removes it.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const postgres = inject('storageTestTemplates').postgres;
  if (!postgres)
    throw new Error('createEmptyPostgresDatabase() needs DATABASE_URL to be set for the test run');
  const name = `${postgres.prefix}${randomBytes(6).toString('hex')}`;
  await adminQuery(postgres.adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * A temporary directory holding a migrated PGlite data directory (seeded
 * from the template), for tests of `openDatabase` on disk; `cleanup()`
 * removes it.
 */
export async function createTestDataDir(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tilerealm-db-'));
  const dir = path.join(root, 'db');
  tarball ??= readFile(inject('storageTestTemplates').pgliteTarball);
  const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([await tarball]) });
  await client.close();
  return { dir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** A temporary empty directory, removed by `cleanup()`. */
export async function createTempDir(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tilerealm-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
