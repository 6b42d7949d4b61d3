import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { connectionSettings, DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './postgres-pool';
import type { OwnershipState, WorldOwnership, WorldOwnershipOptions } from './world-ownership';

/**
 * The PostgreSQL implementation of the world lock (see world-ownership.ts and
 * docs/decisions/0013-one-process-per-database.md).
 */

/** Thrown at start when another live server process owns this process's world in the database. */
export class WorldInUseError extends Error {
  constructor(
    readonly holder: string,
    readonly worldId: number,
  ) {
    super(
      `world ${worldId} in this database is owned by another server process (${holder}); ` +
        'one server process per world: stop the other one, or give this one another WORLD_ID',
    );
    this.name = 'WorldInUseError';
  }
}

/**
 * First key of the session-level advisory lock that stands for a world: the lock of world N is the
 * two-key lock (724311908, N), per database.
 */
export const WORLD_ADVISORY_LOCK = 724_311_908;
const APP_PREFIX = 'tilerealm-world:';

type Claim =
  | { kind: 'held' }
  | { kind: 'taken'; holder: string; ours: number | undefined }
  | { kind: 'wait'; previous: string }
  | { kind: 'superseded'; by: string };

interface OwnerRow {
  instance: string;
  host: string;
  pid: number;
  beforeRestart: boolean;
  dbUpMs: number;
  released: boolean;
}

export class PostgresWorldOwnership implements WorldOwnership {
  readonly instance = randomUUID();
  private readonly timeouts: PostgresTimeouts;
  private current: OwnershipState = 'held';
  private client: pg.Client | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private attempts = 0;
  private readonly listeners = new Set<(state: OwnershipState) => void>();
  /** The world's `world_owner` row id: its number as text. */
  private readonly rowId: string;

  constructor(private readonly opts: WorldOwnershipOptions) {
    this.timeouts = opts.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
    this.rowId = String(opts.worldId);
  }

  held(): boolean {
    return this.current === 'held';
  }

  state(): OwnershipState {
    return this.current;
  }

  onChange(listener: (state: OwnershipState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** First acquisition: any failure is thrown (the server does not start). */
  async start(): Promise<void> {
    const waitMs = this.opts.reclaimWaitMs ?? 10_000;
    let waitUntil: number | undefined;
    // A holder killed a moment ago keeps its lock until the server notices its session ended: a
    // lock found taken is looked at again for a short while before the start is refused.
    const refuseAt = Date.now() + (this.opts.takenGraceMs ?? 3_000);
    for (;;) {
      const client = await this.connect();
      try {
        const claim = await this.claim(
          client,
          waitUntil !== undefined && Date.now() >= waitUntil ? 'force' : 'newcomer',
        );
        if (claim.kind === 'held') {
          this.adopt(client);
          return;
        }
        if (claim.kind === 'taken') {
          if (Date.now() >= refuseAt) throw new WorldInUseError(claim.holder, this.opts.worldId);
        } else if (claim.kind === 'superseded') throw new WorldInUseError(claim.by, this.opts.worldId);
        else if (waitUntil === undefined) {
          waitUntil = Date.now() + waitMs;
          this.opts.logger.warn(
            `the database restarted while ${claim.previous} owned world ${this.opts.worldId}: giving it ${waitMs / 1000} s to reconnect`,
          );
        }
      } catch (err) {
        await endClient(client);
        throw err;
      }
      await endClient(client);
      await sleep(250);
    }
  }

  async release(): Promise<void> {
    if (this.current === 'released') return;
    const held = this.current === 'held';
    this.setState('released');
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (held) {
      try {
        await client.query(`UPDATE world_owner SET "releasedAt" = now() WHERE id = $1 AND instance = $2`, [
          this.rowId,
          this.instance,
        ]);
        await client.query('SELECT pg_advisory_unlock($1, $2)', [WORLD_ADVISORY_LOCK, this.opts.worldId]);
      } catch (err) {
        // Ending the session below frees the lock anyway; the row stays claimed, which only makes a
        // newcomer right after a database restart wait a few seconds.
        this.opts.logger.warn(`could not mark the world released: ${message(err)}`);
      }
    }
    await endClient(client);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      ...connectionSettings(this.opts.url, this.timeouts),
      application_name: `${APP_PREFIX}${this.instance}`,
    });
    // Never unlistened: a broken connection is handled by the 'end' listener of adopt() (or fails
    // the query in flight during an attempt).
    client.on('error', (err) => this.opts.logger.warn(`world lock connection error: ${err.message}`));
    try {
      await client.connect();
    } catch (err) {
      await endClient(client);
      throw err;
    }
    return client;
  }

  /**
   * Tries to take the world. `newcomer` (at start) first reads the owner row and, when its owner
   * was running as the database restarted, waits for it (without touching the lock, so that the
   * owner's own attempt cannot collide with ours); `force` (a newcomer whose wait is over) takes the
   * world whatever the row says; `reclaim` (after a connection loss) accepts only a row that still
   * names this process.
   */
  private async claim(client: pg.Client, mode: 'newcomer' | 'force' | 'reclaim'): Promise<Claim> {
    if (mode === 'newcomer') {
      const row = await readRow(client, this.rowId);
      const windowMs = this.opts.reclaimWindowMs ?? 60_000;
      if (
        row &&
        row.instance !== this.instance &&
        !row.released &&
        row.beforeRestart &&
        row.dbUpMs < windowMs
      ) {
        const holder = await this.describeHolder(client);
        return holder.kind === 'taken' ? holder : { kind: 'wait', previous: describeRow(row) };
      }
    }
    const locked = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
      WORLD_ADVISORY_LOCK,
      this.opts.worldId,
    ]);
    if (!locked.rows[0]?.locked) {
      const holder = await this.describeHolder(client);
      return holder.kind === 'taken'
        ? holder
        : { kind: 'taken', holder: 'a session that has just ended', ours: undefined };
    }
    if (mode === 'reclaim') {
      const row = await readRow(client, this.rowId);
      if (row && row.instance !== this.instance) {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [WORLD_ADVISORY_LOCK, this.opts.worldId]);
        return { kind: 'superseded', by: describeRow(row) };
      }
    }
    await client.query(
      `INSERT INTO world_owner (id, instance, host, pid, "claimedAt", "releasedAt")
       VALUES ($1, $2, $3, $4, now(), NULL)
       ON CONFLICT (id) DO UPDATE SET instance = excluded.instance, host = excluded.host,
         pid = excluded.pid, "claimedAt" = excluded."claimedAt", "releasedAt" = NULL`,
      [this.rowId, this.instance, hostname(), process.pid],
    );
    return { kind: 'held' };
  }

  /** Who holds the lock (its session, and the owner row when it names that session's process); `free` when nobody does. */
  private async describeHolder(client: pg.Client): Promise<Claim | { kind: 'free' }> {
    const result = await client.query<{ pid: number; app: string; addr: string | null; since: Date }>(
      `SELECT a.pid, a.application_name AS app, a.client_addr::text AS addr, a.backend_start AS since
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [WORLD_ADVISORY_LOCK, this.opts.worldId],
    );
    const session = result.rows[0];
    if (!session) return { kind: 'free' };
    const ours = session.app === `${APP_PREFIX}${this.instance}` ? session.pid : undefined;
    const row = await readRow(client, this.rowId);
    const named = row && session.app === `${APP_PREFIX}${row.instance}` ? `${describeRow(row)}, ` : '';
    const from = session.addr ? ` from ${session.addr}` : '';
    return {
      kind: 'taken',
      holder: `${named}database session ${session.pid}${from} since ${session.since.toISOString()}`,
      ours,
    };
  }

  /** The lock is held on `client`: watch it. */
  private adopt(client: pg.Client): void {
    this.client = client;
    this.attempts = 0;
    client.once('end', () => this.connectionLost(client, 'the connection ended'));
    const every = this.opts.heartbeatMs ?? 5_000;
    clearInterval(this.heartbeat);
    let beating = false;
    this.heartbeat = setInterval(() => {
      if (beating || this.client !== client) return;
      beating = true;
      client.query('SELECT 1').then(
        () => (beating = false),
        (err: unknown) => {
          // A connection that no longer answers (a frozen or unreachable server): drop it, which
          // ends it ('end' above) and starts taking the lock back.
          this.opts.logger.warn(`world lock connection does not answer: ${message(err)}`);
          client.connection.stream.destroy();
        },
      );
    }, every);
    this.heartbeat.unref();
    if (this.current !== 'held') this.setState('held');
  }

  private connectionLost(client: pg.Client, why: string): void {
    if (this.client !== client || this.current === 'released' || this.current === 'lost') return;
    this.client = undefined;
    clearInterval(this.heartbeat);
    this.opts.logger.warn(`world lock lost (${why}): taking it back; saves wait until then`);
    this.setState('reconnecting');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const delay = Math.min(this.opts.maxRetryMs ?? 2_000, 100 * 2 ** Math.min(this.attempts, 10));
    this.attempts += 1;
    this.retry = setTimeout(() => void this.reclaim(), delay);
  }

  private async reclaim(): Promise<void> {
    if (this.current !== 'reconnecting') return;
    let client: pg.Client | undefined;
    try {
      client = await this.connect();
      const claim = await this.claim(client, 'reclaim');
      if (this.current !== 'reconnecting') {
        await endClient(client); // released meanwhile
        return;
      }
      if (claim.kind === 'held') {
        this.adopt(client);
        this.opts.logger.info('world lock taken back');
        return;
      }
      if (claim.kind === 'taken' && claim.ours !== undefined) {
        // Our own earlier session still holds it (the server has not noticed its connection died).
        await client.query('SELECT pg_terminate_backend($1)', [claim.ours]);
        await endClient(client);
        this.scheduleRetry();
        return;
      }
      await endClient(client);
      const by =
        claim.kind === 'taken' ? claim.holder : claim.kind === 'superseded' ? claim.by : claim.previous;
      this.opts.logger.error(
        `WORLD LOST: another server process took the world while this one was disconnected (${by}). ` +
          'This process no longer saves anything; restart it once the other one is stopped.',
      );
      this.setState('lost');
    } catch (err) {
      if (client) await endClient(client);
      if (this.attempts % 10 === 0)
        this.opts.logger.warn(`world lock: database still unreachable (${message(err)}); retrying`);
      this.scheduleRetry();
    }
  }

  private setState(state: OwnershipState): void {
    if (this.current === state) return;
    this.current = state;
    for (const listener of this.listeners) {
      try {
        listener(state);
      } catch (err) {
        this.opts.logger.error(`world ownership listener failed: ${message(err)}`);
      }
    }
  }
}

async function readRow(client: pg.Client, rowId: string): Promise<OwnerRow | undefined> {
  const found = await client.query<OwnerRow>(
    `SELECT instance, host, pid, "claimedAt" < pg_postmaster_start_time() AS "beforeRestart",
            (extract(epoch FROM now() - pg_postmaster_start_time()) * 1000)::float8 AS "dbUpMs",
            "releasedAt" IS NOT NULL AS released
       FROM world_owner WHERE id = $1`,
    [rowId],
  );
  return found.rows[0];
}

function describeRow(row: Pick<OwnerRow, 'host' | 'pid'>): string {
  return `process ${row.pid} on ${row.host}`;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Ends a client without waiting on a server that may not answer: the socket is destroyed after 1 s. */
async function endClient(client: pg.Client): Promise<void> {
  const timer = setTimeout(() => client.connection.stream.destroy(), 1_000);
  timer.unref();
  try {
    await client.end();
  } catch {
    // Already ended or broken: nothing is left to close.
  } finally {
    clearTimeout(timer);
  }
}
