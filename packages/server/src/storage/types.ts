import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The full schema object the drizzle instances are typed with. */
export type Schema = typeof schema;

/**
 * The drizzle instance, typed with the schema. PGlite and node-postgres
 * drizzle instances both extend `PgDatabase`, so code written against this
 * type runs unchanged on either backend. A transaction (`db.transaction(tx =>
 * ...)`) is also an `AppDatabase`, which is what lets repositories run inside
 * a caller's transaction.
 */
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;

/** Which engine backs a {@link Database}. */
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the drizzle instance plus its lifecycle. */
export interface Database {
  readonly kind: DatabaseKind;
  readonly db: AppDatabase;
  /** Closes connections (and releases the data-directory lock for PGlite). Idempotent. */
  close(): Promise<void>;
  /** True when a trivial query succeeds; for health checks. Never throws. */
  ping(): Promise<boolean>;
  /** PostgreSQL only: the connection pool's use now (PGlite has one in-process connection, no pool). */
  pool?(): PoolUse;
}

/** A connection pool's use: connections open, idle among them, requests waiting for one, and the most it opens. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}
