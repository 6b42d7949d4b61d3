import { z } from 'zod';
import type { LedgerEntry } from '../sim/core/ledger';
import type { DeathLockState, DeathStep, JsonObject, PersistKind, PlayerSnapshot } from '../sim/core/types';
import type { CharacterFields, Repositories } from '../storage';
import type { SavePlan } from './save-written';

/** A trade's audit row as the trade feature hands it over (`persist` of kind `tradeLog`). */
export const tradeLogData = z.object({
  characterAId: z.string(),
  characterBId: z.string(),
  itemsFromA: z.array(z.object({ itemId: z.string(), quantity: z.number().int().min(1) })),
  itemsFromB: z.array(z.object({ itemId: z.string(), quantity: z.number().int().min(1) })),
});

/** A shop's stock as the store_stock table takes it: item id -> units. */
export const storeStockData = z.record(z.string(), z.number().int().min(0).max(2_147_483_647));

/** A ground region as the ground_regions table takes it (the world's format, see ground-items/persist.ts). */
const groundRegionData = z.looseObject({ piles: z.array(z.unknown()) });

/** The shape a record of `what` must have before it is queued (undefined: any JSON object). */
export function recordSchema(what: PersistKind): z.ZodType | undefined {
  switch (what) {
    case 'storeStock':
      return storeStockData;
    case 'tradeLog':
      return tradeLogData;
    case 'groundRegion':
      return groundRegionData;
    case 'worldChunk':
      return undefined;
  }
}

/**
 * Ledger entries of one hand-over (a snapshot or a record state), by the hand-over's sequence
 * number: merging two sets of parts is a union by number, so entries that reach a batch through
 * several paths (a record shared by two characters) still count once.
 */
export type LedgerParts = Map<number, readonly LedgerEntry[]>;

export function unionParts(into: LedgerParts, from: LedgerParts): void {
  for (const [seq, entries] of from) into.set(seq, entries);
}

/**
 * A keyed record waiting to be written: a death lock (`deathLock:<id>`) or a feature record
 * (`<what>:<key>`: a shop's stock, a world chunk, a ground region, a trade's audit row). `seq`
 * orders states of the same record (higher is newer); only the newest state is written, but the
 * ledger entries of every state merged into it are.
 */
export type RecordWrite =
  | {
      kind: 'lock';
      recordKey: string;
      seq: number;
      state: DeathLockState;
      /** Every death step whose state of this lock this write stands for (for fail points). */
      steps: Set<DeathStep>;
      ledgers: LedgerParts;
      confirm: false;
    }
  | {
      kind: 'record';
      recordKey: string;
      seq: number;
      what: PersistKind;
      key: string;
      data: JsonObject;
      ledgers: LedgerParts;
      /** Tell the world when it committed. */
      confirm: boolean;
    };

/** Keeps the newer of two states of the same record, with the steps, ledger entries and confirms of both. */
export function mergeRecord(into: Map<string, RecordWrite>, write: RecordWrite): void {
  const held = into.get(write.recordKey);
  if (!held || held === write) {
    into.set(write.recordKey, write);
    return;
  }
  const newer = held.seq > write.seq ? held : write;
  const ledgers: LedgerParts = new Map();
  unionParts(ledgers, held.ledgers);
  unionParts(ledgers, write.ledgers);
  if (newer.kind === 'lock') {
    const steps = new Set(newer.steps);
    if (held.kind === 'lock') for (const s of held.steps) steps.add(s);
    if (write.kind === 'lock') for (const s of write.steps) steps.add(s);
    into.set(write.recordKey, { ...newer, steps, ledgers });
  } else {
    into.set(write.recordKey, { ...newer, ledgers, confirm: held.confirm || write.confirm });
  }
}

/** What one transaction writes: snapshots, resolved-first lock states, records, ledger totals. */
export interface BatchWrites {
  snapshots: PlayerSnapshot[];
  locks: Array<Extract<RecordWrite, { kind: 'lock' }>>;
  records: Array<Extract<RecordWrite, { kind: 'record' }>>;
  ledger: Map<string, LedgerEntry>;
}

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

/** Sums ledger parts into one entry per (item, reason). */
export function sumLedger(parts: Iterable<readonly LedgerEntry[]>): Map<string, LedgerEntry> {
  const out = new Map<string, LedgerEntry>();
  for (const entries of parts)
    for (const e of entries) {
      const key = `${e.itemId}\u0000${e.reason}`;
      const held = out.get(key);
      out.set(key, { itemId: e.itemId, reason: e.reason, delta: (held?.delta ?? 0) + e.delta });
    }
  return out;
}

/**
 * Writes one batch with repositories bound to its transaction. `plan` tells which containers and
 * quest rows of a snapshot must be written (save-written.ts: those changed since the last commit);
 * the character row always is.
 */
export async function writeBatch(
  tx: Repositories,
  w: BatchWrites,
  tickMs: number,
  plan: (s: PlayerSnapshot) => SavePlan,
): Promise<void> {
  const now = Date.now();
  for (const s of w.snapshots) {
    const parts = plan(s);
    await tx.characters.save(s.id, snapshotToFields(s, now, tickMs));
    if (parts.inventory) await tx.inventory.replaceAll(s.id, s.inventory);
    if (parts.equipment) await tx.equipment.replaceAll(s.id, s.equipment);
    if (parts.bank) await tx.bank.replaceAll(s.id, s.bank);
    for (const q of parts.quests)
      await tx.quests.upsert({
        characterId: s.id,
        questId: q.questId,
        stage: q.stage,
        status: q.status,
        data: q.data,
      });
  }
  for (const l of w.locks) await tx.deaths.upsert(l.state);
  for (const r of w.records) await writeRecord(tx, r.what, r.key, r.data);
  await tx.itemLedger.add([...w.ledger.values()]);
}

/** Writes one keyed record with the repository that owns its table. */
async function writeRecord(
  tx: Repositories,
  what: PersistKind,
  key: string,
  data: JsonObject,
): Promise<void> {
  switch (what) {
    case 'worldChunk':
      await tx.worldChunks.upsert(key, data);
      return;
    case 'storeStock':
      // Checked when handed over (pushRecord); parsing again keeps the types honest.
      await tx.storeStock.replaceAll(key, storeStockData.parse(data));
      return;
    case 'tradeLog':
      // Insert-only: every trade has its own id (unique across runs), so no newer state replaces one.
      await tx.tradeLog.record({ id: key, ...tradeLogData.parse(data) });
      return;
    case 'groundRegion':
      await tx.groundRegions.put(key, data, groundRegionData.parse(data).piles.length === 0);
      return;
  }
}
