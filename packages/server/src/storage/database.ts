import { PGlite } from '@electric-sql/pglite';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrate, pgliteDatabase, postgresDatabase } from './drivers';
import { acquireDataDirLock } from './lock';
import type { Database, StorageLogger } from './types';

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string;
  /** Data directory of the embedded database (the server passes `<WORLD>/data/db`). */
  dataDir: string;
  logger?: StorageLogger;
}

/**
 * Opens the game database and brings its schema up to date. With a `url` it
 * connects to PostgreSQL through a `pg` pool; without one it runs PGlite
 * (PostgreSQL compiled to WASM) in-process on `dataDir`, so a development
 * server needs no database installed. The embedded directory is locked
 * against a second process; `close()` releases it.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const database = opts.url
    ? openPostgres(opts.url, opts.logger)
    : await openPglite(opts.dataDir, opts.logger);
  try {
    await migrate(database);
  } catch (err) {
    await database.close().catch((closeErr: unknown) => {
      // The migration's error is the one thrown; this one is only worth a line.
      opts.logger?.warn(`closing the database after the failed migration failed too: ${String(closeErr)}`);
    });
    throw err;
  }
  opts.logger?.info(`database ready (${database.kind})`);
  return database;
}

async function openPglite(dataDir: string, logger?: StorageLogger): Promise<Database> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const lock = acquireDataDirLock(dir);
  try {
    logger?.info(`opening embedded database at ${dir}`);
    const client = await PGlite.create({ dataDir: dir });
    return pgliteDatabase(client, () => lock.release());
  } catch (err) {
    lock.release();
    throw err;
  }
}

function openPostgres(url: string, logger?: StorageLogger): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the server; the
  // pool replaces it on the next checkout.
  pool.on('error', (err) => logger?.warn(`postgres pool error: ${err.message}`));
  logger?.info(`connecting to PostgreSQL at ${redact(url)}`);
  return postgresDatabase(pool);
}

/** The URL without its password, for logs. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable url)';
  }
}
