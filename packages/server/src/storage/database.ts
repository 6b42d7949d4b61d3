import { PGlite } from '@electric-sql/pglite';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrate, pgliteDatabase, postgresDatabase } from './drivers';
import { acquireDataDirLock } from './lock';
import { createPostgresPool, DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './postgres-pool';
import type { Database } from './types';
import type { Log } from '../app/logger';

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string;
  /** Data directory of the embedded database (the server passes `<WORLD>/data/db`). */
  dataDir: string;
  logger?: Log;
  /** PostgreSQL only: statement and connect timeouts (defaults: {@link DEFAULT_POSTGRES_TIMEOUTS}). */
  timeouts?: PostgresTimeouts;
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
    ? openPostgres(opts.url, opts.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS, opts.logger)
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

async function openPglite(dataDir: string, logger?: Log): Promise<Database> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const lock = acquireDataDirLock(dir, { onLost: (message) => logger?.warn(message) });
  try {
    logger?.info(`opening embedded database at ${dir}`);
    const client = await PGlite.create({ dataDir: dir });
    return pgliteDatabase(client, () => lock.release());
  } catch (err) {
    lock.release();
    throw err;
  }
}

function openPostgres(url: string, timeouts: PostgresTimeouts, logger?: Log): Database {
  // No database fault may crash the server or hang it: see createPostgresPool.
  const pool = createPostgresPool(url, { timeouts, max: 10, logger });
  logger?.info(`connecting to PostgreSQL at ${redact(url)}`);
  return postgresDatabase(pool, undefined, () => migrationClient(url, timeouts, logger));
}

/** A connection for migrations: the connect timeout of the others, but no statement timeout. */
function migrationClient(url: string, timeouts: PostgresTimeouts, logger?: Log): pg.Client {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    application_name: 'tilerealm-migrate',
  });
  // A broken connection fails the migration (and so the start-up) through its query; never a crash.
  client.on('error', (err) => logger?.warn(`postgres: migration connection error: ${err.message}`));
  return client;
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable url)';
  }
}
