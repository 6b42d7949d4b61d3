import { randomUUID } from 'node:crypto';
import type {
  DeathLockState,
  DeathStep,
  JsonObject,
  PersistKind,
  PlayerRecord,
  PlayerSnapshot,
} from '../sim/core/types';
import { isTransientDatabaseError, type Repositories } from '../storage';
import { recordSchema, writeBatch, type RecordWrite } from './save-batch';
import { EntryTable, groupsOf, ledgerParts, writesOf, type Entry } from './save-entries';
import { fenceLeases, LeaseLostError, NotOwnerError, releaseLeases } from './save-leases';
import { errorText, storeSetAside } from './save-set-aside';
import { WrittenRows } from './save-written';
import type { Log } from '../app/logger';

import type { SaveListener, SaveQueueOptions, SaveQueueStatus } from './save-queue-types';

export { snapshotToFields } from './save-batch';
export type { SaveListener, SaveQueueOptions, SaveQueueStatus, SetAsideSave } from './save-queue-types';

/** Markers of committed batches older than this are pruned (every PRUNE_EVERY batches). */
const MARKER_TTL_MS = 3_600_000;
const PRUNE_EVERY = 200;

/**
 * Write-behind saving. The tick hands snapshots and keyed records (death-lock states, a shop's
 * stock, world chunks, ground regions, trade audit rows) over and never waits; a background writer
 * stores them in batches, each batch in one transaction (character row, inventory, equipment and
 * bank together, so a save never leaves half of a character's items written), with the ledger
 * totals of what the world's rules created or destroyed in that state.
 *
 * Only the newest snapshot of a character and the newest state of a record are kept while they
 * wait; a batch always takes every waiting entry that shares a record with it (transitively), so a
 * record and every snapshot written with it commit together or not at all. Writing starts after
 * the current turn of the event loop, so everything one tick hands over is in the queue before a
 * batch is taken from it.
 *
 * Failures. While the database is unavailable (connection errors, timeouts, failover) a batch
 * waits and is retried with exponential backoff; after an error that may have struck during
 * COMMIT, the batch's commit marker tells whether it committed, so nothing is written twice. Any
 * other failure means something in the batch is wrong: its entries are retried one group at a time,
 * and a group that fails on its own is set aside (logged, counted, kept in the save_quarantine
 * table for an operator, its players logged out), so it never blocks anyone else's saves.
 *
 * A character counts as "pending" from hand-over until its write committed or was set aside, which
 * is how a login is refused while the previous session's save is still being written.
 */
export class SaveQueue {
  private readonly waiting = new EntryTable();
  private readonly inFlight = new Set<string>();
  /** Keys of a batch that failed for a reason of its own: each is written alone until it commits. */
  private readonly suspects = new Set<string>();
  /** Record keys of the batch being written. */
  private readonly inFlightRecords = new Set<string>();
  /** What was last committed of each character held: a save writes only the parts that changed. */
  private readonly written = new WrittenRows();
  /** Set when a bounded flush ran out of time: no new batch starts and no failed one is retried. */
  private stopped = false;
  private writing: Promise<void> | undefined;
  private batches = 0;
  private retries = 0;
  private outage: { since: Date; error: string } | undefined;
  private lastCommitAt: Date | undefined;
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly tickMs: number;
  private readonly runId: string;
  /** Snapshots committed since start (for /status and tests). */
  saved = 0;
  /** Snapshots whose batch failed (each failure counts; they are retried). */
  failed = 0;
  /** Death-lock states committed since start. */
  locksSaved = 0;
  /** Feature records (store stock, world chunks, ground regions, trades) committed since start. */
  recordsSaved = 0;
  /** Entries set aside since start. */
  setAside = 0;
  private listener: SaveListener | undefined;
  private batchObserver: ((ms: number, outcome: 'committed' | 'failed') => void) | undefined;

  constructor(
    private readonly repos: Repositories,
    private readonly logger: Log,
    private readonly options: SaveQueueOptions = {},
  ) {
    this.batchSize = Math.max(1, options.batchSize ?? 100);
    this.retryDelayMs = Math.max(1, options.retryDelayMs ?? 250);
    this.maxRetryDelayMs = Math.max(this.retryDelayMs, options.maxRetryDelayMs ?? 10_000);
    this.tickMs = options.tickMs ?? 600;
    this.runId = options.runId ?? randomUUID().slice(0, 8);
  }

  /** Who learns of confirmed commits and set-aside saves (the world host). */
  listen(listener: SaveListener): void {
    this.listener = listener;
  }

  /** Hands a snapshot over; the write happens in the background. `release`: the final one (logout, shutdown). */
  push(snapshot: PlayerSnapshot, opts: { release?: boolean } = {}): void {
    this.waiting.takeSnapshot(this.waiting.entry(snapshot.id), snapshot, opts.release === true);
    this.kick();
  }

  /**
   * Hands over the newest state of a death lock and the snapshots of the players whose items
   * moved with it: they are written in one transaction. With no snapshot (a despawn), the lock
   * waits on its own. `ledger`: items the rules destroyed in the lock's custody (despawns).
   */
  pushLock(
    lock: DeathLockState,
    snapshots: readonly PlayerSnapshot[],
    step: DeathStep,
    ledger: PlayerSnapshot['ledger'] = [],
  ): void {
    const recordKey = `deathLock:${lock.id}`;
    const seq = this.waiting.nextSeq();
    this.pushWrite(
      {
        kind: 'lock',
        recordKey,
        seq,
        state: lock,
        steps: new Set([step]),
        ledgers: ledgerParts(seq, ledger),
        confirm: false,
      },
      snapshots,
      [],
    );
  }

  /**
   * Hands over the whole newest state of a keyed record (`what` + `key`: a shop's stock by store
   * id, a world chunk, a ground region, a trade's audit row) and the snapshots of the players whose
   * state changed with it (a purchase: the buyer): they are written in one transaction. `linked`
   * names characters whose waiting snapshot must commit with it too (players who left the world in
   * the tick of the change). With `confirm`, `onCommitted` learns when it committed. A record
   * without its shape is a bug: logged and dropped (the snapshots are still saved).
   */
  pushRecord(
    what: PersistKind,
    key: string,
    data: JsonObject,
    snapshots: readonly PlayerSnapshot[],
    extra: { ledger?: PlayerSnapshot['ledger']; linked?: readonly string[]; confirm?: boolean } = {},
  ): void {
    const schema = recordSchema(what);
    if (schema && !schema.safeParse(data).success) {
      this.logger.error({ what, key, data }, `a ${what} record does not have its shape; dropped`);
      for (const s of snapshots) this.push(s);
      return;
    }
    const seq = this.waiting.nextSeq();
    const write: RecordWrite = {
      kind: 'record',
      recordKey: `${what}:${key}`,
      seq,
      what,
      key,
      data,
      ledgers: ledgerParts(seq, extra.ledger ?? []),
      confirm: extra.confirm === true,
    };
    this.pushWrite(write, snapshots, extra.linked ?? []);
  }

  /**
   * A login loaded `record` from the database while holding the character's lease: the parts the
   * database holds, so the session's first save writes only what changed since (save-written.ts).
   */
  loaded(record: PlayerRecord): void {
    this.written.committed(record, false);
  }

  /** True from hand-over of a character's snapshot until it committed (or was set aside). */
  isPending(characterId: string): boolean {
    return this.waiting.has(characterId) || this.inFlight.has(characterId);
  }

  /** Resolves when everything handed over so far has been written, or the queue was stopped. */
  async flush(): Promise<void> {
    while (!this.stopped && (this.writing || this.waiting.size > 0)) {
      this.kick();
      await this.writing;
    }
  }

  /**
   * Shutdown: {@link flush} for at most `timeoutMs`. When the time runs out the queue stops (no new
   * batch, no retry: the database is about to close) and what was not written is returned: the
   * characters and the records (`<what>:<key>`) still waiting or in the batch being written. A batch
   * in flight may still commit before the process ends; it is listed all the same.
   */
  async flushWithin(timeoutMs: number): Promise<{ characters: string[]; records: string[] }> {
    let timer: NodeJS.Timeout | undefined;
    const flushed = await Promise.race([
      this.flush().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (flushed && this.waiting.size === 0) return { characters: [], records: [] };
    this.stopped = true;
    const characters = new Set([...this.inFlight].filter((k) => !k.startsWith('record:')));
    const records = new Set(this.inFlightRecords);
    for (const entry of this.waiting.values()) {
      if (entry.snapshot) characters.add(entry.snapshot.id);
      for (const key of entry.records.keys()) records.add(key);
    }
    return { characters: [...characters], records: [...records] };
  }

  /** Told how long each batch's transaction took and how it ended (the metrics' save latency). */
  observeBatches(observer: (ms: number, outcome: 'committed' | 'failed') => void): void {
    this.batchObserver = observer;
  }

  status(): SaveQueueStatus {
    return {
      waiting: this.waiting.size,
      inFlight: this.inFlight.size,
      saved: this.saved,
      failed: this.failed,
      setAside: this.setAside,
      outage: this.outage
        ? { since: this.outage.since.toISOString(), error: this.outage.error, retries: this.retries }
        : null,
      lastCommitAt: this.lastCommitAt?.toISOString() ?? null,
    };
  }

  private pushWrite(
    write: RecordWrite,
    snapshots: readonly PlayerSnapshot[],
    linked: readonly string[],
  ): void {
    this.waiting.add(write, snapshots, linked);
    this.kick();
  }

  /** Starts the writer after this turn of the event loop (so a whole tick's hand-overs batch together). */
  private kick(): void {
    if (this.stopped || this.writing || this.waiting.size === 0) return;
    this.writing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .catch((err: unknown) => this.logger.error({ err }, 'the save writer failed; it restarts'))
      .finally(() => {
        this.writing = undefined;
        if (this.waiting.size > 0) this.kick();
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.waiting.size > 0) {
      if (this.options.writable && !this.options.writable()) {
        if (this.noteOutage('this process does not hold the world lock on the database'))
          this.logger.error({}, 'saves wait: this process does not hold the world lock on the database');
        await this.backoff();
        continue;
      }
      const { batch, solo } = this.waiting.takeBatch(this.suspects, this.batchSize);
      for (const e of batch) {
        this.inFlight.add(e.key);
        for (const key of e.records.keys()) this.inFlightRecords.add(key);
      }
      try {
        await this.attempt(batch, solo);
      } finally {
        for (const e of batch) this.inFlight.delete(e.key);
        this.inFlightRecords.clear();
      }
    }
  }

  /** Writes one batch until it committed, was requeued for another try, or was set aside. */
  private async attempt(batch: Entry[], solo: boolean): Promise<void> {
    const w = writesOf(batch);
    const marker = `${this.runId}:${++this.batches}`;
    const started = performance.now();
    try {
      await this.repos.transaction(async (tx) => {
        if (this.options.fence && !(await this.options.fence(tx))) throw new NotOwnerError();
        const leases = this.options.leases;
        if (leases) await fenceLeases(tx, batch, leases.instance);
        await writeBatch(tx, w.writes, this.tickMs, (s) => this.written.plan(s));
        if (leases) await releaseLeases(tx, batch, leases.instance);
        await tx.saveCommits.mark(marker);
        if (this.batches % PRUNE_EVERY === 0) await tx.saveCommits.prune(MARKER_TTL_MS, marker);
        for (const step of w.steps) this.options.failpoint?.(`${step}:beforeCommit`);
      });
    } catch (err) {
      this.batchObserver?.(performance.now() - started, 'failed');
      this.failed += w.writes.snapshots.length;
      // Whether anything of it committed is unknown here: the next save of each writes everything.
      for (const s of w.writes.snapshots) this.written.forget(s.id);
      if (err instanceof NotOwnerError) {
        if (this.noteOutage(err.message)) this.logger.error({}, `saves wait: ${err.message}`);
        this.waiting.requeue(batch);
        await this.backoff();
        return;
      }
      if (isTransientDatabaseError(err)) {
        if (this.noteOutage(errorText(err)))
          this.logger.error(
            { err, characters: w.writes.snapshots.map((s) => s.id) },
            'saving failed: the database is unavailable; saves wait and retry with backoff',
          );
        // The connection may have dropped during COMMIT: ask the marker before writing again.
        if (await this.committedAfterAll(marker)) return this.committed(batch, w);
        this.waiting.requeue(batch);
        return;
      }
      if (solo || groupsOf(batch) === 1) {
        if (solo) return this.setAsideBatch(batch, err);
        this.logger.warn?.(
          { err, characters: w.writes.snapshots.map((s) => s.id) },
          'a save failed; retrying it on its own',
        );
      } else {
        this.logger.warn?.(
          { err, keys: batch.map((e) => e.key) },
          'a save batch failed; retrying its entries one group at a time',
        );
      }
      for (const e of batch) this.suspects.add(e.key);
      this.waiting.requeue(batch);
      return;
    }
    this.batchObserver?.(performance.now() - started, 'committed');
    this.committed(batch, w);
  }

  /** After a connection error: waits for the database, then asks whether `marker` committed. */
  private async committedAfterAll(marker: string): Promise<boolean> {
    for (;;) {
      await this.backoff();
      if (this.stopped) return false;
      try {
        return await this.repos.saveCommits.exists(marker);
      } catch (err) {
        if (!isTransientDatabaseError(err)) {
          this.logger.error({ err, marker }, 'cannot tell whether a save batch committed; writing it again');
          return false;
        }
        this.noteOutage(errorText(err));
      }
    }
  }

  private committed(batch: readonly Entry[], w: ReturnType<typeof writesOf>): void {
    this.saved += w.writes.snapshots.length;
    this.locksSaved += w.writes.locks.length;
    this.recordsSaved += w.writes.records.length;
    this.lastCommitAt = new Date();
    for (const e of batch) {
      this.suspects.delete(e.key);
      if (e.snapshot) this.written.committed(e.snapshot, e.release);
    }
    if (this.outage) {
      this.logger.info?.({ retries: this.retries, since: this.outage.since }, 'saving works again');
      this.outage = undefined;
    }
    this.retries = 0;
    for (const step of w.steps) {
      try {
        this.options.failpoint?.(`${step}:afterCommit`);
      } catch (err) {
        this.logger.error({ err }, 'fail point threw after commit');
      }
    }
    for (const r of w.writes.records) if (r.confirm) this.listener?.committed(r.what, r.key);
  }

  /** A group that fails on its own: kept for an operator, never retried, its players logged out. */
  private setAsideBatch(batch: readonly Entry[], err: unknown): void {
    const { characterIds } = storeSetAside(this.repos, this.logger, batch, err);
    this.setAside += batch.length;
    for (const e of batch) this.suspects.delete(e.key);
    const leaseLost = new Set(err instanceof LeaseLostError ? err.characterIds : []);
    if (leaseLost.size > 0) this.listener?.leaseLost?.([...leaseLost]);
    const others = characterIds.filter((id) => !leaseLost.has(id));
    if (others.length > 0) this.listener?.setAside(others);
  }

  /** Records an outage (or its newest error); true when it just began. */
  private noteOutage(error: string): boolean {
    const began = this.outage === undefined;
    this.outage ??= { since: new Date(), error };
    this.outage.error = error;
    return began;
  }

  private async backoff(): Promise<void> {
    const delay = Math.min(this.maxRetryDelayMs, this.retryDelayMs * 2 ** Math.min(this.retries, 16));
    this.retries++;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
