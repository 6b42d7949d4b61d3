import { randomUUID } from 'node:crypto';
import type { DeathLockState, DeathStep, JsonObject, PersistKind, PlayerSnapshot } from '../sim/core/types';
import { isTransientDatabaseError, type Repositories } from '../storage';
import {
  mergeRecord,
  recordSchema,
  sumLedger,
  unionParts,
  writeBatch,
  type BatchWrites,
  type LedgerParts,
  type RecordWrite,
} from './save-batch';

export { snapshotToFields } from './save-batch';

export interface SaveLogger {
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

/** Options of {@link SaveQueue}. */
export interface SaveQueueOptions {
  /** Entries taken per transaction (a batch may grow past it to keep a record's writes together). */
  batchSize?: number;
  /** First wait after a failure while the database is unavailable; it doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** The world's tick length, to store tick-counted cooldowns as points in time (default 600). */
  tickMs?: number;
  /**
   * Crash-test hook (FAILPOINTS): called with `<step>:beforeCommit` inside the transaction after
   * all of a batch's writes, and `<step>:afterCommit` right after it committed, once per death
   * step whose lock states the batch holds, with step `trade` when it holds a trade's audit row and
   * `ground` when it holds a ground region. Killing the process there simulates a crash.
   */
  failpoint?: (name: string) => void;
  /** Whether this process may write now (it holds the database's world lock); while false, writes wait. */
  writable?: () => boolean;
  /**
   * Checked inside each batch's transaction before it writes (storage/world-ownership.ts
   * `stillOwner`): false rolls the batch back and keeps it for later, so a process that lost the
   * world never overwrites the new owner's state.
   */
  fence?: (tx: Repositories) => Promise<boolean>;
  /** Names this process in commit markers (the world's run id); random when absent. */
  runId?: string;
}

/** What the queue tells its host (the world host). */
export interface SaveListener {
  /** A record handed over with `confirm` has committed (the host tells the world). */
  committed(what: PersistKind, key: string): void;
  /** Characters whose save was set aside: the host ends their sessions (close 4007). */
  setAside(characterIds: readonly string[]): void;
}

/** A step a batch can stand for, named by the fail points. */
type CommitStep = DeathStep | 'trade' | 'ground';

/** What waits under one key: a character's newest snapshot, the records tied to it, ledger entries. */
interface Entry {
  key: string;
  snapshot: PlayerSnapshot | undefined;
  records: Map<string, RecordWrite>;
  /** Ledger entries of every snapshot handed over under this key and not yet written. */
  ledgers: LedgerParts;
}

/** A save the queue set aside (kept in memory for /status; the database keeps every one). */
export interface SetAsideSave {
  id: string;
  characterIds: string[];
  recordKeys: string[];
  error: string;
  at: string;
}

/** The queue's state for /status and the readiness check. */
export interface SaveQueueStatus {
  /** Keys waiting to be written, and keys in a transaction (or whose outcome is being checked). */
  waiting: number;
  inFlight: number;
  saved: number;
  failed: number;
  setAside: number;
  /** Set while writes fail because the database is unavailable (or this process may not write). */
  outage: { since: string; error: string; retries: number } | null;
  lastCommitAt: string | null;
}

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
  private readonly waiting = new Map<string, Entry>();
  private readonly inFlight = new Set<string>();
  /** Keys of a batch that failed for a reason of its own: each is written alone until it commits. */
  private readonly suspects = new Set<string>();
  /** Record keys of the batch being written. */
  private readonly inFlightRecords = new Set<string>();
  /** Set when a bounded flush ran out of time: no new batch starts and no failed one is retried. */
  private stopped = false;
  private writing: Promise<void> | undefined;
  private seq = 0;
  private batches = 0;
  private retries = 0;
  private outage: { since: Date; error: string } | undefined;
  private lastCommitAt: Date | undefined;
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly tickMs: number;
  private readonly runId: string;
  /** The newest set-aside saves (all of them are in the database). */
  readonly setAsideLog: SetAsideSave[] = [];
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

  constructor(
    private readonly repos: Repositories,
    private readonly logger: SaveLogger,
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

  /** Hands a snapshot over; the write happens in the background. */
  push(snapshot: PlayerSnapshot): void {
    this.takeSnapshot(this.entry(snapshot.id), snapshot);
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
    const seq = ++this.seq;
    this.pushWrite(
      { kind: 'lock', recordKey, seq, state: lock, steps: new Set([step]), ledgers: parts(seq, ledger), confirm: false },
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
    const seq = ++this.seq;
    const write: RecordWrite = {
      kind: 'record',
      recordKey: `${what}:${key}`,
      seq,
      what,
      key,
      data,
      ledgers: parts(seq, extra.ledger ?? []),
      confirm: extra.confirm === true,
    };
    this.pushWrite(write, snapshots, extra.linked ?? []);
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

  private pushWrite(write: RecordWrite, snapshots: readonly PlayerSnapshot[], linked: readonly string[]): void {
    if (snapshots.length === 0 && linked.length === 0)
      mergeRecord(this.entry(`record:${write.recordKey}`).records, write);
    for (const snapshot of snapshots) {
      const entry = this.entry(snapshot.id);
      this.takeSnapshot(entry, snapshot);
      mergeRecord(entry.records, write);
    }
    for (const id of linked) mergeRecord(this.entry(id).records, write);
    this.kick();
  }

  private takeSnapshot(entry: Entry, snapshot: PlayerSnapshot): void {
    entry.snapshot = snapshot;
    if (snapshot.ledger.length > 0) entry.ledgers.set(++this.seq, snapshot.ledger);
  }

  private entry(key: string): Entry {
    let entry = this.waiting.get(key);
    if (!entry) {
      entry = { key, snapshot: undefined, records: new Map(), ledgers: new Map() };
      this.waiting.set(key, entry);
    }
    return entry;
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

  /**
   * The entries of the next batch: a suspect's group alone (`solo`), or up to `batchSize` entries
   * that are not suspects, then every waiting entry that shares a record with one taken
   * (transitively), so the batch is closed under "written together with".
   */
  private takeBatch(): { batch: Entry[]; solo: boolean } {
    const byRecord = new Map<string, string[]>();
    for (const entry of this.waiting.values())
      for (const recordKey of entry.records.keys()) {
        const list = byRecord.get(recordKey);
        if (list) list.push(entry.key);
        else byRecord.set(recordKey, [entry.key]);
      }
    const batch: Entry[] = [];
    const take = (key: string) => {
      const entry = this.waiting.get(key);
      if (!entry) return;
      this.waiting.delete(key);
      batch.push(entry);
    };
    const suspect = [...this.waiting.keys()].find((k) => this.suspects.has(k));
    if (suspect !== undefined) take(suspect);
    else
      for (const key of this.waiting.keys()) {
        if (batch.length >= this.batchSize) break;
        if (!this.suspects.has(key)) take(key);
      }
    for (let i = 0; i < batch.length; i++)
      for (const recordKey of batch[i]?.records.keys() ?? [])
        for (const key of byRecord.get(recordKey) ?? []) take(key);
    return { batch, solo: suspect !== undefined };
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.waiting.size > 0) {
      if (this.options.writable && !this.options.writable()) {
        if (this.noteOutage('this process does not hold the world lock on the database'))
          this.logger.error({}, 'saves wait: this process does not hold the world lock on the database');
        await this.backoff();
        continue;
      }
      const { batch, solo } = this.takeBatch();
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
    const w = this.writesOf(batch);
    const marker = `${this.runId}:${++this.batches}`;
    try {
      await this.repos.transaction(async (tx) => {
        if (this.options.fence && !(await this.options.fence(tx))) throw new NotOwnerError();
        await writeBatch(tx, w.writes, this.tickMs);
        await tx.saveCommits.mark(marker);
        if (this.batches % PRUNE_EVERY === 0) await tx.saveCommits.prune(MARKER_TTL_MS, marker);
        for (const step of w.steps) this.options.failpoint?.(`${step}:beforeCommit`);
      });
    } catch (err) {
      this.failed += w.writes.snapshots.length;
      if (err instanceof NotOwnerError) {
        if (this.noteOutage(err.message)) this.logger.error({}, `saves wait: ${err.message}`);
        this.requeue(batch);
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
        this.requeue(batch);
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
      this.requeue(batch);
      return;
    }
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

  private committed(batch: readonly Entry[], w: ReturnType<SaveQueue['writesOf']>): void {
    this.saved += w.writes.snapshots.length;
    this.locksSaved += w.writes.locks.length;
    this.recordsSaved += w.writes.records.length;
    this.lastCommitAt = new Date();
    for (const e of batch) this.suspects.delete(e.key);
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

  /** Everything a batch writes, merged: the snapshots, record states, ledger totals and fail-point steps. */
  private writesOf(batch: readonly Entry[]): { writes: BatchWrites; steps: CommitStep[] } {
    const snapshots = batch.flatMap((e) => (e.snapshot ? [e.snapshot] : []));
    const records = new Map<string, RecordWrite>();
    const ledgers: LedgerParts = new Map();
    for (const entry of batch) {
      unionParts(ledgers, entry.ledgers);
      for (const write of entry.records.values()) mergeRecord(records, write);
    }
    for (const write of records.values()) unionParts(ledgers, write.ledgers);
    const writes = [...records.values()];
    // Resolved lock states first; the order within each group is that of hand-over.
    const locks = writes
      .flatMap((w) => (w.kind === 'lock' ? [w] : []))
      .sort((a, b) => Number(a.state.status === 'active') - Number(b.state.status === 'active') || a.seq - b.seq);
    const recordWrites = writes.flatMap((w) => (w.kind === 'record' ? [w] : [])).sort((a, b) => a.seq - b.seq);
    const steps: CommitStep[] = [...new Set(locks.flatMap((w) => [...w.steps]))];
    if (recordWrites.some((w) => w.what === 'tradeLog')) steps.push('trade');
    if (recordWrites.some((w) => w.what === 'groundRegion')) steps.push('ground');
    return {
      writes: { snapshots, locks, records: recordWrites, ledger: sumLedger(ledgers.values()) },
      steps,
    };
  }

  /** Puts a batch back: a snapshot handed over meanwhile wins; record states merge by age; ledgers join. */
  private requeue(batch: readonly Entry[]): void {
    for (const old of batch) {
      const entry = this.entry(old.key);
      entry.snapshot ??= old.snapshot;
      unionParts(entry.ledgers, old.ledgers);
      for (const write of old.records.values()) mergeRecord(entry.records, write);
    }
  }

  /** A group that fails on its own: kept for an operator, never retried, its players logged out. */
  private setAsideBatch(batch: readonly Entry[], err: unknown): void {
    const w = this.writesOf(batch);
    const characterIds = [...new Set(batch.filter((e) => !e.key.startsWith('record:')).map((e) => e.key))];
    const recordKeys = [...new Set(batch.flatMap((e) => [...e.records.keys()]))];
    const entry: SetAsideSave = {
      id: randomUUID(),
      characterIds,
      recordKeys,
      error: errorText(err),
      at: new Date().toISOString(),
    };
    this.setAside += batch.length;
    for (const e of batch) this.suspects.delete(e.key);
    this.setAsideLog.push(entry);
    if (this.setAsideLog.length > 50) this.setAsideLog.shift();
    this.logger.error(
      { err, characters: characterIds, records: recordKeys, quarantineId: entry.id },
      'a save failed on its own: set aside for an operator (save_quarantine); its players are logged out',
    );
    const payload = JSON.parse(
      JSON.stringify({
        snapshots: w.writes.snapshots,
        locks: w.writes.locks.map((l) => l.state),
        records: w.writes.records.map((r) => ({ what: r.what, key: r.key, data: r.data })),
        ledger: [...w.writes.ledger.values()],
      }),
    ) as JsonObject;
    const lost = (e: unknown) =>
      this.logger.error({ err: e, quarantineId: entry.id, payload }, 'could not store a set-aside save; it is in this log line');
    try {
      this.repos.saveQuarantine
        .add({ id: entry.id, characterIds, recordKeys, error: entry.error, payload })
        .catch(lost);
    } catch (e) {
      lost(e);
    }
    if (characterIds.length > 0) this.listener?.setAside(characterIds);
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

/** A batch's fence said this process no longer owns the world: rolled back, kept for later. */
class NotOwnerError extends Error {
  constructor() {
    super('this process does not hold the world lock on the database');
  }
}

function parts(seq: number, ledger: PlayerSnapshot['ledger']): LedgerParts {
  return ledger.length > 0 ? new Map([[seq, ledger]]) : new Map();
}

/** The number of groups of entries linked by shared records in a batch. */
function groupsOf(batch: readonly Entry[]): number {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r) ?? r;
    return r;
  };
  const byRecord = new Map<string, string>();
  for (const e of batch) parent.set(e.key, e.key);
  for (const e of batch)
    for (const rk of e.records.keys()) {
      const other = byRecord.get(rk);
      if (other === undefined) byRecord.set(rk, e.key);
      else parent.set(find(e.key), find(other));
    }
  return new Set(batch.map((e) => find(e.key))).size;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
