import type { DeathStep, PlayerSnapshot } from '../sim/core/types';
import {
  mergeRecord,
  sumLedger,
  unionParts,
  type BatchWrites,
  type LedgerParts,
  type RecordWrite,
} from './save-batch';

/** What waits under one key: a character's newest snapshot, the records tied to it, ledger entries. */
export interface Entry {
  key: string;
  snapshot: PlayerSnapshot | undefined;
  records: Map<string, RecordWrite>;
  /** Ledger entries of every snapshot handed over under this key and not yet written. */
  ledgers: LedgerParts;
  /** The character's final save (logout, shutdown): its lease ends in the transaction that writes it. */
  release: boolean;
}

/** A step a batch can stand for, named by the fail points. */
export type CommitStep = DeathStep | 'trade' | 'ground';

/** The ledger parts of one hand-over (sequence number `seq`). */
export function ledgerParts(seq: number, ledger: PlayerSnapshot['ledger']): LedgerParts {
  return ledger.length > 0 ? new Map([[seq, ledger]]) : new Map();
}

/**
 * The save queue's waiting entries by key (a character id, or `record:<recordKey>` for a record
 * handed over without any snapshot), in hand-over order.
 */
export class EntryTable {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  values(): IterableIterator<Entry> {
    return this.entries.values();
  }

  /** A fresh hand-over sequence number (orders states of a record; keys ledger parts). */
  nextSeq(): number {
    return ++this.seq;
  }

  entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { key, snapshot: undefined, records: new Map(), ledgers: new Map(), release: false };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * The newest snapshot of the entry's character; its ledger entries join the waiting ones. A final
   * save (`release`) stays final: nothing of the character can follow it while it waits (a new login
   * of the character is refused until it is written).
   */
  takeSnapshot(entry: Entry, snapshot: PlayerSnapshot, release = false): void {
    entry.snapshot = snapshot;
    entry.release ||= release;
    if (snapshot.ledger.length > 0) entry.ledgers.set(this.nextSeq(), snapshot.ledger);
  }

  /** A record state, tied to the entries of `snapshots` and of the `linked` characters. */
  add(write: RecordWrite, snapshots: readonly PlayerSnapshot[], linked: readonly string[]): void {
    if (snapshots.length === 0 && linked.length === 0)
      mergeRecord(this.entry(`record:${write.recordKey}`).records, write);
    for (const snapshot of snapshots) {
      const entry = this.entry(snapshot.id);
      this.takeSnapshot(entry, snapshot);
      mergeRecord(entry.records, write);
    }
    for (const id of linked) mergeRecord(this.entry(id).records, write);
  }

  /**
   * Takes the entries of the next batch: a suspect's group alone (`solo`), or up to `batchSize`
   * entries that are not suspects, then every waiting entry that shares a record with one taken
   * (transitively), so the batch is closed under "written together with".
   */
  takeBatch(suspects: ReadonlySet<string>, batchSize: number): { batch: Entry[]; solo: boolean } {
    const byRecord = new Map<string, string[]>();
    for (const entry of this.entries.values())
      for (const recordKey of entry.records.keys()) {
        const list = byRecord.get(recordKey);
        if (list) list.push(entry.key);
        else byRecord.set(recordKey, [entry.key]);
      }
    const batch: Entry[] = [];
    const take = (key: string) => {
      const entry = this.entries.get(key);
      if (!entry) return;
      this.entries.delete(key);
      batch.push(entry);
    };
    const suspect = [...this.entries.keys()].find((k) => suspects.has(k));
    if (suspect !== undefined) take(suspect);
    else
      for (const key of this.entries.keys()) {
        if (batch.length >= batchSize) break;
        if (!suspects.has(key)) take(key);
      }
    for (let i = 0; i < batch.length; i++)
      for (const recordKey of batch[i]?.records.keys() ?? [])
        for (const key of byRecord.get(recordKey) ?? []) take(key);
    return { batch, solo: suspect !== undefined };
  }

  /** Puts a batch back: a snapshot handed over meanwhile wins; record states merge by age; ledgers join. */
  requeue(batch: readonly Entry[]): void {
    for (const old of batch) {
      const entry = this.entry(old.key);
      entry.snapshot ??= old.snapshot;
      entry.release ||= old.release;
      unionParts(entry.ledgers, old.ledgers);
      for (const write of old.records.values()) mergeRecord(entry.records, write);
    }
  }
}

/** Everything a batch writes, merged: the snapshots, record states, ledger totals and fail-point steps. */
export function writesOf(batch: readonly Entry[]): { writes: BatchWrites; steps: CommitStep[] } {
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
    .sort(
      (a, b) => Number(a.state.status === 'active') - Number(b.state.status === 'active') || a.seq - b.seq,
    );
  const recordWrites = writes.flatMap((w) => (w.kind === 'record' ? [w] : [])).sort((a, b) => a.seq - b.seq);
  const steps: CommitStep[] = [...new Set(locks.flatMap((w) => [...w.steps]))];
  if (recordWrites.some((w) => w.what === 'tradeLog')) steps.push('trade');
  if (recordWrites.some((w) => w.what === 'groundRegion')) steps.push('ground');
  return {
    writes: { snapshots, locks, records: recordWrites, ledger: sumLedger(ledgers.values()) },
    steps,
  };
}

/** The number of groups of entries linked by shared records in a batch. */
export function groupsOf(batch: readonly Entry[]): number {
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
