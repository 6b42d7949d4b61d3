import type { DeathLockState, DeathStep, PlayerSnapshot } from '../sim/core/types';
import type { CharacterFields, Repositories } from '../storage';

export interface SaveLogger {
  error(obj: object, msg: string): void;
}

/** Options of {@link SaveQueue}. */
export interface SaveQueueOptions {
  /** Entries taken per transaction (a batch may grow past it to keep a death lock's writes together). */
  batchSize?: number;
  /** Wait before retrying after a failed batch. */
  retryDelayMs?: number;
  /**
   * Crash-test hook (FAILPOINTS): called with `<step>:beforeCommit` inside the transaction after
   * all of a batch's writes, and `<step>:afterCommit` right after it committed, once per death
   * step whose lock states the batch holds. Killing the process there simulates a crash.
   */
  failpoint?: (name: string) => void;
}

/** Character columns written from a world snapshot. */
export function snapshotToFields(s: PlayerSnapshot): CharacterFields {
  const fields: CharacterFields = {
    positionX: s.x,
    positionY: s.y,
    positionZ: s.z,
    runEnergy: s.runEnergy,
    health: s.health,
    coins: s.coins,
    combatLevel: s.combatLevel,
  };
  const record = fields as Record<string, number>;
  for (const [skill, v] of Object.entries(s.skills)) {
    record[`${skill}Level`] = v.level;
    record[`${skill}Xp`] = v.xp;
  }
  return fields;
}

/** A lock state waiting to be written; `seq` orders states of the same lock (higher is newer). */
interface LockWrite {
  state: DeathLockState;
  seq: number;
  /** Every death step whose state of this lock this write stands for (for fail points). */
  steps: Set<DeathStep>;
}

/** What waits under one key: a character's newest snapshot and the lock states tied to it. */
interface Entry {
  key: string;
  snapshot: PlayerSnapshot | undefined;
  locks: Map<string, LockWrite>;
}

/** Keeps the newer of two writes of the same lock, remembering the steps of both. */
function mergeLock(into: Map<string, LockWrite>, write: LockWrite): void {
  const held = into.get(write.state.id);
  if (!held) {
    into.set(write.state.id, { ...write, steps: new Set(write.steps) });
    return;
  }
  const newer = write.seq > held.seq ? write : held;
  into.set(write.state.id, { state: newer.state, seq: newer.seq, steps: new Set([...held.steps, ...write.steps]) });
}

/**
 * Write-behind saving. The tick hands snapshots and death-lock states over and never waits; a
 * background writer stores them in batches, each batch in one transaction (character row,
 * inventory and equipment together, so a save never leaves half of a character's items written).
 * Only the newest snapshot of a character is kept while it waits, together with the lock states
 * handed over with it; a batch always takes every waiting entry that shares a lock with it, so a
 * lock state and every snapshot written with it commit together or not at all (a death moves
 * items between inventories and custody: neither may be saved without the other). A character
 * counts as "pending" from hand-over until its write committed, which is how a login is refused
 * while the previous session's save is still being written.
 */
export class SaveQueue {
  private readonly waiting = new Map<string, Entry>();
  private readonly inFlight = new Set<string>();
  private writing: Promise<void> | undefined;
  private seq = 0;
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly failpoint: ((name: string) => void) | undefined;
  /** Snapshots committed since start (for /status and tests). */
  saved = 0;
  /** Snapshots whose batch failed (each failure counts; they are retried). */
  failed = 0;
  /** Death-lock states committed since start. */
  locksSaved = 0;

  constructor(
    private readonly repos: Repositories,
    private readonly logger: SaveLogger,
    options: SaveQueueOptions = {},
  ) {
    this.batchSize = Math.max(1, options.batchSize ?? 100);
    this.retryDelayMs = options.retryDelayMs ?? 1000;
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
    const write: LockWrite = { state: lock, seq: (this.seq += 1), steps: new Set([step]) };
    if (snapshots.length === 0) mergeLock(this.entry(`lock:${lock.id}`).locks, write);
    for (const snapshot of snapshots) {
      const entry = this.entry(snapshot.id);
      entry.snapshot = snapshot;
      mergeLock(entry.locks, write);
    }
    this.kick();
  }

  /** True from hand-over of a character's snapshot until it committed. */
  isPending(characterId: string): boolean {
    return this.waiting.has(characterId) || this.inFlight.has(characterId);
  }

  /** Resolves when everything handed over so far has been written (graceful shutdown). */
  async flush(): Promise<void> {
    while (this.writing || this.waiting.size > 0) {
      this.kick();
      await this.writing;
    }
  }

  private entry(key: string): Entry {
    let entry = this.waiting.get(key);
    if (!entry) {
      entry = { key, snapshot: undefined, locks: new Map() };
      this.waiting.set(key, entry);
    }
    return entry;
  }

  private kick(): void {
    if (this.writing || this.waiting.size === 0) return;
    this.writing = this.drain().finally(() => {
      this.writing = undefined;
      if (this.waiting.size > 0) this.kick();
    });
  }

  /**
   * Takes up to `batchSize` entries, then every waiting entry that shares a lock with one taken
   * (transitively), so the batch is closed under "written together with".
   */
  private takeBatch(): Entry[] {
    const byLock = new Map<string, string[]>();
    for (const entry of this.waiting.values())
      for (const lockId of entry.locks.keys()) byLock.set(lockId, [...(byLock.get(lockId) ?? []), entry.key]);
    const batch: Entry[] = [];
    const take = (key: string) => {
      const entry = this.waiting.get(key);
      if (!entry) return;
      this.waiting.delete(key);
      batch.push(entry);
    };
    for (const key of [...this.waiting.keys()].slice(0, this.batchSize)) take(key);
    for (let i = 0; i < batch.length; i++) {
      for (const lockId of batch[i]?.locks.keys() ?? []) for (const key of byLock.get(lockId) ?? []) take(key);
    }
    return batch;
  }

  private async drain(): Promise<void> {
    while (this.waiting.size > 0) {
      const batch = this.takeBatch();
      const snapshots = batch.flatMap((e) => (e.snapshot ? [e.snapshot] : []));
      const locks = new Map<string, LockWrite>();
      for (const entry of batch) for (const write of entry.locks.values()) mergeLock(locks, write);
      // Resolved states first; the order within each group is that of hand-over.
      const lockWrites = [...locks.values()].sort(
        (a, b) => Number(a.state.status === 'active') - Number(b.state.status === 'active') || a.seq - b.seq,
      );
      const steps = [...new Set(lockWrites.flatMap((w) => [...w.steps]))];
      for (const s of snapshots) this.inFlight.add(s.id);
      let committed = false;
      try {
        await this.repos.transaction(async (tx) => {
          for (const s of snapshots) {
            await tx.characters.update(s.id, snapshotToFields(s));
            await tx.inventory.replaceAll(s.id, s.inventory);
            await tx.equipment.replaceAll(s.id, s.equipment);
          }
          for (const w of lockWrites) await tx.deaths.upsert(w.state);
          for (const step of steps) this.failpoint?.(`${step}:beforeCommit`);
        });
        committed = true;
        this.saved += snapshots.length;
        this.locksSaved += lockWrites.length;
      } catch (err) {
        this.failed += snapshots.length;
        this.logger.error(
          { err, characters: snapshots.map((s) => s.id), locks: [...locks.keys()] },
          'saving characters failed; will retry',
        );
        this.requeue(batch);
        await new Promise((r) => setTimeout(r, this.retryDelayMs));
      } finally {
        for (const s of snapshots) this.inFlight.delete(s.id);
      }
      if (committed) this.afterCommit(steps);
    }
  }

  /** Puts a failed batch back: a snapshot handed over meanwhile wins; lock states merge by age. */
  private requeue(batch: readonly Entry[]): void {
    for (const old of batch) {
      const entry = this.entry(old.key);
      entry.snapshot ??= old.snapshot;
      for (const write of old.locks.values()) mergeLock(entry.locks, write);
    }
  }

  private afterCommit(steps: readonly DeathStep[]): void {
    try {
      for (const step of steps) this.failpoint?.(`${step}:afterCommit`);
    } catch (err) {
      this.logger.error({ err }, 'fail point threw after commit');
    }
  }
}
