import { z } from 'zod';
import type { DeathLockState, DeathStep, JsonObject, PersistKind, PlayerSnapshot } from '../sim/core/types';
import type { CharacterFields, Repositories } from '../storage';

export interface SaveLogger {
  error(obj: object, msg: string): void;
}

/** Options of {@link SaveQueue}. */
export interface SaveQueueOptions {
  /** Entries taken per transaction (a batch may grow past it to keep a record's writes together). */
  batchSize?: number;
  /** Wait before retrying after a failed batch. */
  retryDelayMs?: number;
  /** The world's tick length, to store tick-counted cooldowns as points in time (default 600). */
  tickMs?: number;
  /**
   * Crash-test hook (FAILPOINTS): called with `<step>:beforeCommit` inside the transaction after
   * all of a batch's writes, and `<step>:afterCommit` right after it committed, once per death
   * step whose lock states the batch holds, and with step `trade` when it holds a trade's audit
   * row. Killing the process there simulates a crash.
   */
  failpoint?: (name: string) => void;
}

/** A step a batch can stand for, named by the fail points: a death step, or `trade` (a swap). */
type CommitStep = DeathStep | 'trade';

/** A trade's audit row as the trade feature hands it over (`persist` of kind `tradeLog`). */
const tradeLogData = z.object({
  characterAId: z.string(),
  characterBId: z.string(),
  itemsFromA: z.array(z.object({ itemId: z.string(), quantity: z.number().int().min(1) })),
  itemsFromB: z.array(z.object({ itemId: z.string(), quantity: z.number().int().min(1) })),
});

/**
 * Character columns written from a world snapshot. The home-teleport cooldown, counted in ticks by
 * the world, is stored as the moment it ends (`nowMs` + the ticks left at `tickMs` each).
 */
export function snapshotToFields(s: PlayerSnapshot, nowMs = Date.now(), tickMs = 600): CharacterFields {
  const fields: CharacterFields = {
    positionX: s.x,
    positionY: s.y,
    positionZ: s.z,
    runEnergy: s.runEnergy,
    health: s.health,
    coins: s.coins,
    combatLevel: s.combatLevel,
    prayerPoints: s.prayerPoints,
    activePrayers: s.activePrayers,
    questPoints: s.questPoints,
    homeTeleportCooldownUntil:
      s.homeTeleportCooldownTicks > 0 ? new Date(nowMs + s.homeTeleportCooldownTicks * tickMs) : null,
  };
  const record = fields as Record<string, number>;
  for (const [skill, v] of Object.entries(s.skills)) {
    record[`${skill}Level`] = v.level;
    record[`${skill}Xp`] = v.xp;
  }
  return fields;
}

/**
 * A keyed record waiting to be written with the snapshots handed over with it: a death lock
 * (`deathLock:<id>`) or a feature record (`<what>:<key>`: a shop's stock, a world chunk). `seq`
 * orders states of the same record (higher is newer); only the newest state is written.
 */
type RecordWrite =
  | {
      kind: 'lock';
      recordKey: string;
      seq: number;
      state: DeathLockState;
      /** Every death step whose state of this lock this write stands for (for fail points). */
      steps: Set<DeathStep>;
    }
  | { kind: 'record'; recordKey: string; seq: number; what: PersistKind; key: string; data: JsonObject };

/** What waits under one key: a character's newest snapshot and the records tied to it. */
interface Entry {
  key: string;
  snapshot: PlayerSnapshot | undefined;
  records: Map<string, RecordWrite>;
}

/** Keeps the newer of two states of the same record (for a lock, remembering the steps of both). */
function mergeRecord(into: Map<string, RecordWrite>, write: RecordWrite): void {
  const held = into.get(write.recordKey);
  const newer = held && held.seq > write.seq ? held : write;
  if (newer.kind === 'lock') {
    const steps = new Set(newer.steps);
    if (held?.kind === 'lock') for (const s of held.steps) steps.add(s);
    if (write.kind === 'lock') for (const s of write.steps) steps.add(s);
    into.set(write.recordKey, { ...newer, steps });
  } else into.set(write.recordKey, newer);
}

/** A shop's stock as the store_stock table takes it: item id -> units. */
const storeStockData = z.record(z.string(), z.number().int().min(0).max(2_147_483_647));

/**
 * Write-behind saving. The tick hands snapshots and keyed records (death-lock states, a shop's
 * stock, world chunks) over and never waits; a background writer stores them in batches, each batch
 * in one transaction (character row, inventory, equipment and bank together, so a save never
 * leaves half of a character's items written). Only the newest snapshot of a character and the
 * newest state of a record are kept while they wait; a batch always takes every waiting entry that
 * shares a record with it (transitively), so a record and every snapshot written with it commit
 * together or not at all (a death moves items between inventories and custody, a purchase between
 * a player and a shop: neither side may be saved without the other). A character counts as
 * "pending" from hand-over until its write committed, which is how a login is refused while the
 * previous session's save is still being written.
 */
export class SaveQueue {
  private readonly waiting = new Map<string, Entry>();
  private readonly inFlight = new Set<string>();
  /** Record keys of the batch being written. */
  private readonly inFlightRecords = new Set<string>();
  /** Set when a bounded flush ran out of time: no new batch starts and no failed one is retried. */
  private stopped = false;
  private writing: Promise<void> | undefined;
  private seq = 0;
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly tickMs: number;
  private readonly failpoint: ((name: string) => void) | undefined;
  /** Snapshots committed since start (for /status and tests). */
  saved = 0;
  /** Snapshots whose batch failed (each failure counts; they are retried). */
  failed = 0;
  /** Death-lock states committed since start. */
  locksSaved = 0;
  /** Feature records (store stock, world chunks) committed since start. */
  recordsSaved = 0;

  constructor(
    private readonly repos: Repositories,
    private readonly logger: SaveLogger,
    options: SaveQueueOptions = {},
  ) {
    this.batchSize = Math.max(1, options.batchSize ?? 100);
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.tickMs = options.tickMs ?? 600;
    this.failpoint = options.failpoint;
  }

  /** Hands a snapshot over; the write happens in the background. */
  push(snapshot: PlayerSnapshot): void {
    this.entry(snapshot.id).snapshot = snapshot;
    this.kick();
  }

  /**
   * Hands over the newest state of a death lock and the snapshots of the players whose items
   * moved with it: they are written in one transaction. With no snapshot (a despawn), the lock
   * waits on its own.
   */
  pushLock(lock: DeathLockState, snapshots: readonly PlayerSnapshot[], step: DeathStep): void {
    const recordKey = `deathLock:${lock.id}`;
    this.pushWrite({ kind: 'lock', recordKey, seq: ++this.seq, state: lock, steps: new Set([step]) }, snapshots);
  }

  /**
   * Hands over the whole newest state of a keyed record (`what` + `key`: a shop's stock by store
   * id, a world chunk by chunk key) and the snapshots of the players whose state changed with it
   * (a purchase: the buyer): they are written in one transaction. Store stock must be an object of
   * item id -> units; anything else is a bug, logged and dropped (the snapshots are still saved).
   */
  pushRecord(what: PersistKind, key: string, data: JsonObject, snapshots: readonly PlayerSnapshot[]): void {
    const schema = what === 'storeStock' ? storeStockData : what === 'tradeLog' ? tradeLogData : undefined;
    if (schema && !schema.safeParse(data).success) {
      this.logger.error({ what, key, data }, `a ${what} record does not have its shape; dropped`);
      for (const s of snapshots) this.push(s);
      return;
    }
    this.pushWrite({ kind: 'record', recordKey: `${what}:${key}`, seq: ++this.seq, what, key, data }, snapshots);
  }

  /** True from hand-over of a character's snapshot until it committed. */
  isPending(characterId: string): boolean {
    return this.waiting.has(characterId) || this.inFlight.has(characterId);
  }

  /** Resolves when everything handed over so far has been written (graceful shutdown). */
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
    if (flushed) return { characters: [], records: [] };
    this.stopped = true;
    const characters = new Set(this.inFlight);
    const records = new Set(this.inFlightRecords);
    for (const entry of this.waiting.values()) {
      if (entry.snapshot) characters.add(entry.snapshot.id);
      for (const key of entry.records.keys()) records.add(key);
    }
    return { characters: [...characters], records: [...records] };
  }

  private pushWrite(write: RecordWrite, snapshots: readonly PlayerSnapshot[]): void {
    if (snapshots.length === 0) mergeRecord(this.entry(`record:${write.recordKey}`).records, write);
    for (const snapshot of snapshots) {
      const entry = this.entry(snapshot.id);
      entry.snapshot = snapshot;
      mergeRecord(entry.records, write);
    }
    this.kick();
  }

  private entry(key: string): Entry {
    let entry = this.waiting.get(key);
    if (!entry) {
      entry = { key, snapshot: undefined, records: new Map() };
      this.waiting.set(key, entry);
    }
    return entry;
  }

  private kick(): void {
    if (this.stopped || this.writing || this.waiting.size === 0) return;
    this.writing = this.drain().finally(() => {
      this.writing = undefined;
      if (this.waiting.size > 0) this.kick();
    });
  }

  /**
   * Takes up to `batchSize` entries, then every waiting entry that shares a record with one taken
   * (transitively), so the batch is closed under "written together with".
   */
  private takeBatch(): Entry[] {
    const byRecord = new Map<string, string[]>();
    for (const entry of this.waiting.values())
      for (const recordKey of entry.records.keys())
        byRecord.set(recordKey, [...(byRecord.get(recordKey) ?? []), entry.key]);
    const batch: Entry[] = [];
    const take = (key: string) => {
      const entry = this.waiting.get(key);
      if (!entry) return;
      this.waiting.delete(key);
      batch.push(entry);
    };
    for (const key of [...this.waiting.keys()].slice(0, this.batchSize)) take(key);
    for (let i = 0; i < batch.length; i++) {
      for (const recordKey of batch[i]?.records.keys() ?? [])
        for (const key of byRecord.get(recordKey) ?? []) take(key);
    }
    return batch;
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.waiting.size > 0) {
      const batch = this.takeBatch();
      const snapshots = batch.flatMap((e) => (e.snapshot ? [e.snapshot] : []));
      const records = new Map<string, RecordWrite>();
      for (const entry of batch) for (const write of entry.records.values()) mergeRecord(records, write);
      const writes = [...records.values()];
      // Resolved lock states first; the order within each group is that of hand-over.
      const lockWrites = writes
        .flatMap((w) => (w.kind === 'lock' ? [w] : []))
        .sort(
          (a, b) => Number(a.state.status === 'active') - Number(b.state.status === 'active') || a.seq - b.seq,
        );
      const recordWrites = writes.flatMap((w) => (w.kind === 'record' ? [w] : [])).sort((a, b) => a.seq - b.seq);
      const steps: CommitStep[] = [...new Set(lockWrites.flatMap((w) => [...w.steps]))];
      if (recordWrites.some((w) => w.what === 'tradeLog')) steps.push('trade');
      for (const s of snapshots) this.inFlight.add(s.id);
      for (const key of records.keys()) this.inFlightRecords.add(key);
      let committed = false;
      try {
        await this.repos.transaction(async (tx) => {
          const now = Date.now();
          for (const s of snapshots) {
            await tx.characters.update(s.id, snapshotToFields(s, now, this.tickMs));
            await tx.inventory.replaceAll(s.id, s.inventory);
            await tx.equipment.replaceAll(s.id, s.equipment);
            await tx.bank.replaceAll(s.id, s.bank);
            for (const q of s.quests)
              await tx.quests.upsert({ characterId: s.id, questId: q.questId, stage: q.stage, status: q.status, data: q.data });
          }
          for (const w of lockWrites) await tx.deaths.upsert(w.state);
          for (const w of recordWrites) await writeRecord(tx, w.what, w.key, w.data);
          for (const step of steps) this.failpoint?.(`${step}:beforeCommit`);
        });
        committed = true;
        this.saved += snapshots.length;
        this.locksSaved += lockWrites.length;
        this.recordsSaved += recordWrites.length;
      } catch (err) {
        this.failed += snapshots.length;
        this.logger.error(
          { err, characters: snapshots.map((s) => s.id), records: [...records.keys()] },
          'saving characters failed; will retry',
        );
        this.requeue(batch);
        await new Promise((r) => setTimeout(r, this.retryDelayMs));
      } finally {
        for (const s of snapshots) this.inFlight.delete(s.id);
        this.inFlightRecords.clear();
      }
      if (committed) this.afterCommit(steps);
    }
  }

  /** Puts a failed batch back: a snapshot handed over meanwhile wins; record states merge by age. */
  private requeue(batch: readonly Entry[]): void {
    for (const old of batch) {
      const entry = this.entry(old.key);
      entry.snapshot ??= old.snapshot;
      for (const write of old.records.values()) mergeRecord(entry.records, write);
    }
  }

  private afterCommit(steps: readonly CommitStep[]): void {
    try {
      for (const step of steps) this.failpoint?.(`${step}:afterCommit`);
    } catch (err) {
      this.logger.error({ err }, 'fail point threw after commit');
    }
  }
}

/** Writes one keyed record with the repository that owns its table. */
async function writeRecord(tx: Repositories, what: PersistKind, key: string, data: JsonObject): Promise<void> {
  switch (what) {
    case 'worldChunk':
      await tx.worldChunks.upsert(key, data);
      return;
    case 'storeStock':
      // Checked when handed over (pushRecord); parsing again keeps the types honest.
      await tx.storeStock.replaceAll(key, storeStockData.parse(data));
      return;
    case 'tradeLog':
      // Insert-only: every trade has its own key, so no newer state ever replaces one.
      await tx.tradeLog.record(tradeLogData.parse(data));
      return;
  }
}
