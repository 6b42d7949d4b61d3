import pg from 'pg';
import type { Log } from '../app/logger';

/** How long PostgreSQL work may take before it is given up (see docs/storage.md, "Timeouts"). */
export interface PostgresTimeouts {
  /**
   * The server's `statement_timeout`: a statement running longer is cancelled by PostgreSQL
   * (SQLSTATE 57014). The client gives up on its own `QUERY_TIMEOUT_MARGIN_MS` later (pg's
   * `query_timeout`), for a server that cannot even cancel (frozen, unreachable), and a session
   * idle inside a transaction is ended by the server after three times this
   * (`idle_in_transaction_session_timeout`).
   */
  statementMs: number;
  /** Opening a connection (TCP and start-up), and waiting for a free connection of the pool. */
  connectMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { statementMs: 10_000, connectMs: 5_000 };

/** How much longer than `statement_timeout` the client waits before it gives a query up itself. */
export const QUERY_TIMEOUT_MARGIN_MS = 2_000;

/** How long a checked-out client whose connection ended is left to its user before the pool takes it back. */
const ABANDONED_CLIENT_MS = 1_000;

/** pg's message when its client-side `query_timeout` fires. */
const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/** The connection settings every connection of the server uses, pool and dedicated ones alike. */
export function connectionSettings(url: string, timeouts: PostgresTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    fallback_application_name: 'tilerealm',
    connectionTimeoutMillis: timeouts.connectMs,
    // A peer that vanished without closing (a dead host, a cut network) is noticed by TCP itself.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
    idle_in_transaction_session_timeout: timeouts.statementMs * 3,
  };
}

/**
 * The server's PostgreSQL pool, hardened so that no database fault can end the process or wedge
 * the pool:
 *
 * - every client carries an `error` listener from the moment it is created: pg emits `error` on a
 *   client whose connection breaks while it is checked out (a failover's "terminating connection
 *   due to administrator command"), and pg-pool only listens on idle clients, so an unlistened
 *   `error` event would crash the process;
 * - a client whose query timed out on the client side is disconnected at once: its query may still
 *   be running, so handing it to the next user would queue that user's work behind it, or worse,
 *   let a later COMMIT finish a transaction that was given up;
 * - a client handed back still inside a transaction (a failed ROLLBACK) is disconnected too;
 * - a checked-out client whose connection ended is given back to the pool (which discards it) if
 *   its user has not released it a moment later, so a connection lost at the wrong moment cannot
 *   leak a slot.
 */
export function createPostgresPool(
  url: string,
  opts: { timeouts: PostgresTimeouts; max: number; logger?: Log },
): pg.Pool {
  const { logger } = opts;
  const warn = (msg: string) => logger?.warn(msg);
  const pool = new pg.Pool({
    ...connectionSettings(url, opts.timeouts),
    max: opts.max,
    Client: guardedClientClass(warn),
  });
  // An idle client losing its connection: the pool discards it and replaces it on the next checkout.
  pool.on('error', (err) => warn(`postgres: idle connection lost: ${err.message}`));

  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('end', () => {
      if (!checkedOut.has(client)) return;
      // Its user's queries have all failed, and it normally gives the client back at once. One that
      // does not (drizzle does not when BEGIN itself fails) would hold its slot forever: after a
      // moment the slot is given back for it (the pool discards a client that is no longer
      // queryable), and the user's own release, if it ever comes, becomes a no-op.
      setTimeout(() => {
        if (!checkedOut.has(client)) return;
        checkedOut.delete(client);
        const release = client.release.bind(client);
        client.release = () => undefined;
        release(new Error('connection ended while checked out'));
      }, ABANDONED_CLIENT_MS).unref();
    });
  });
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => {
    checkedOut.delete(client);
    const status = client.getTransactionStatus();
    if (status === 'T' || status === 'E') {
      warn('postgres: a connection came back inside a transaction; disconnecting it');
      disconnect(client);
    }
  });
  return pool;
}

/** Ends a client's connection at once (no goodbye to a server that may not answer). */
function disconnect(client: pg.Client): void {
  client.connection.stream.destroy();
}

/**
 * A pg client that is never without an `error` listener and that drops its connection when one of
 * its queries passes the client-side query timeout.
 */
function guardedClientClass(warn: (msg: string) => void): typeof pg.Client {
  return class GuardedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // Logged, never thrown: the query that was running fails with the same error, and the pool
      // (or the user holding the client) discards the broken client.
      this.on('error', (err) => warn(`postgres: connection error: ${err.message}`));
    }

    // pg's query() has a dozen overloads; this forwards every call unchanged and only watches the
    // outcome (a callback as last argument, or the returned promise).
    override query(...args: unknown[]): never {
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (err: unknown, res: unknown) => {
          if (err) this.dropIfTimedOut(err);
          (last as (err: unknown, res: unknown) => void)(err, res);
        };
        return Reflect.apply(pg.Client.prototype.query, this, args) as never;
      }
      const result: unknown = Reflect.apply(pg.Client.prototype.query, this, args);
      // A branch of the caller's promise; the caller still sees (and must handle) the rejection.
      if (result instanceof Promise) result.catch((err: unknown) => this.dropIfTimedOut(err));
      return result as never;
    }

    private dropIfTimedOut(err: unknown): void {
      if (!(err instanceof Error) || err.message !== QUERY_TIMEOUT_MESSAGE) return;
      warn('postgres: a query passed the client-side timeout; disconnecting its connection');
      disconnect(this);
    }
  };
}
