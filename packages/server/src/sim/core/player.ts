import type { Rid } from '@tilerealm/protocol';
import type { SkillName } from '../../content/skills';
import { BANK_SIZE, INVENTORY_SIZE, ItemContainer } from '../items/container';
import { Equipment } from '../items/equipment';
import type { ItemLookup } from '../items/types';
import type { Activity } from './activity';
import type { PlayerSlot, PlayerSlotHandle, SlotColumns } from './slots';
import {
  featureFieldsOf,
  type FeatureRecordFields,
  type OutEvent,
  type PlayerRecord,
  type SlotRow,
  type Tile,
} from './types';

/** Run energy is kept in hundredths of a percent, as in RuneScape: 10,000 = 100%. */
export const MAX_RUN_ENERGY = 10_000;

/** A character in the world. Mutated only inside the tick. */
export class Player {
  readonly kind = 'player' as const;
  readonly id: string;
  /** Small world handle used on the wire while the player is in someone's view. */
  readonly idx: number;
  readonly accountId: string;
  readonly name: string;
  x: number;
  z: number;
  /** Remaining steps of the current walk, next step first. */
  path: Tile[] = [];
  running = false;
  /** The latest move request of this tick; resolved once per tick in the players phase. */
  pendingMove: { x: number; z: number; run: boolean | undefined; rid: Rid | undefined } | undefined;
  runEnergy: number;
  health: number;
  coins: number;
  combatLevel: number;
  skills: Record<SkillName, { level: number; xp: number }>;
  readonly inventory: ItemContainer;
  readonly equipment: Equipment;
  /** The bank: {@link BANK_SIZE} slots in which every item stacks (features/bank). */
  readonly bank: ItemContainer;
  /**
   * The feature fields of the record the player entered with: what the features' player slots
   * start from, and what is saved for a field no registered slot writes (core/slots.ts).
   */
  readonly saved: Readonly<FeatureRecordFields>;
  /** The world's registered player slots (their states are created at login, saved and hashed). */
  private readonly slots: readonly PlayerSlotHandle[];
  /** The features' states for this player, by slot key index: read and written only by core/slots.ts. */
  readonly slotStates: unknown[] = [];
  /** Its world's player slot states by key and handle, through which slots are read (core/slots.ts). */
  readonly slotColumns: SlotColumns;
  /** Saved rows that could not be placed when loading (reported as a fault, kept for the save). */
  readonly unplaced: {
    inventory: Array<SlotRow<number>>;
    equipment: Array<SlotRow<string>>;
    bank: Array<SlotRow<number>>;
  };
  /** The skilling activity in progress (gathering, making, lighting a fire), see core/activity.ts. */
  activity: Activity | undefined;
  /** Admin commands allowed (this session entered the admin code). */
  isAdmin = false;
  /**
   * Characters this player's account ignores: their chat and trade requests are not delivered.
   * {@link IGNORES_NO_ONE} when it ignores no one (see {@link ignoreSet}).
   */
  ignored: ReadonlySet<string>;
  /** Tile at the start of the current tick, to tell whether the player moved. */
  lastX: number;
  lastZ: number;
  /** Tick the player entered the world. */
  readonly joinedTick: number;
  /** The events queued for it this tick, while it is in the world (core/outbox.ts; World.send). */
  outbox: OutEvent[] | undefined = undefined;

  constructor(
    record: PlayerRecord,
    tick: number,
    idx: number,
    lookup: ItemLookup,
    slots: readonly PlayerSlotHandle[],
    slotColumns: SlotColumns,
  ) {
    this.id = record.id;
    this.idx = idx;
    this.accountId = record.accountId;
    this.name = record.name;
    this.x = record.x;
    this.z = record.z;
    this.lastX = record.x;
    this.lastZ = record.z;
    this.runEnergy = Math.max(0, Math.min(MAX_RUN_ENERGY, Math.round(record.runEnergy)));
    this.health = record.health;
    this.coins = record.coins;
    this.combatLevel = record.combatLevel;
    this.ignored = ignoreSet(record.ignored ?? []);
    this.saved = featureFieldsOf(record);
    this.slots = slots;
    this.slotColumns = slotColumns;
    this.skills = structuredCloneSkills(record.skills);
    this.joinedTick = tick;
    const inv = ItemContainer.fromRows(record.inventory, INVENTORY_SIZE, lookup);
    const eq = Equipment.fromRows(record.equipment);
    const bank = ItemContainer.fromRows(record.bank, BANK_SIZE, lookup, { alwaysStack: true });
    this.inventory = inv.container;
    this.equipment = eq.equipment;
    this.bank = bank.container;
    this.unplaced = { inventory: inv.rejected, equipment: eq.rejected, bank: bank.rejected };
    for (const slot of slots) slot.attach(this, tick);
  }

  /** A feature's state for this player (see core/slots.ts). */
  slot<T extends object>(key: PlayerSlot<T>): T {
    return key.of(this);
  }

  /** The world's registered player slots, in registration order (the hash order). */
  slotHandles(): readonly PlayerSlotHandle[] {
    return this.slots;
  }

  get maxHealth(): number {
    return this.skills.constitution.level * 10;
  }

  /** The character as storage keeps it, at world tick `tick` (for the cooldowns still running). */
  toRecord(tick: number): PlayerRecord {
    const fields: FeatureRecordFields = { ...this.saved };
    for (const slot of this.slots) Object.assign(fields, slot.saveOf(this, tick));
    return {
      ...fields,
      id: this.id,
      accountId: this.accountId,
      name: this.name,
      x: this.x,
      z: this.z,
      runEnergy: this.runEnergy,
      health: this.health,
      coins: this.coins,
      combatLevel: this.combatLevel,
      skills: structuredCloneSkills(this.skills),
      // Rows that could not be placed at login (a slot the container no longer has, an equipment
      // slot no longer known) go back with the rest: a save must not delete them.
      inventory: withUnplaced(this.inventory.toRows(), this.unplaced.inventory),
      equipment: withUnplaced(this.equipment.toRows(), this.unplaced.equipment),
      bank: withUnplaced(this.bank.toRows(), this.unplaced.bank),
    };
  }
}

/**
 * `rows` and the unplaced rows after them. Storage's rows never share a slot, so an unplaced one
 * cannot meet a placed one there; one that would (a record from elsewhere, a slot rejected for its
 * quantity and filled since) is left out rather than make the save fail on the slot's key.
 */
function withUnplaced<S extends number | string>(
  rows: Array<SlotRow<S>>,
  unplaced: ReadonlyArray<SlotRow<S>>,
): Array<SlotRow<S>> {
  if (unplaced.length === 0) return rows;
  const taken = new Set(rows.map((r) => r.slot));
  for (const row of unplaced) if (!taken.has(row.slot)) rows.push({ ...row });
  return rows;
}

function structuredCloneSkills(
  s: Record<SkillName, { level: number; xp: number }>,
): Record<SkillName, { level: number; xp: number }> {
  const out = {} as Record<SkillName, { level: number; xp: number }>;
  for (const key of Object.keys(s) as SkillName[]) out[key] = { level: s[key].level, xp: s[key].xp };
  return out;
}

/**
 * The ignore list of every player who ignores no one: one shared set, so that a loop over many
 * listeners (chat's fan-out) tells "no one" by comparing the pointer it already holds, without
 * reading each player's set.
 */
export const IGNORES_NO_ONE: ReadonlySet<string> = new Set();

/** A player's ignore list from the ids ignored: {@link IGNORES_NO_ONE} when there are none. */
export function ignoreSet(ids: readonly string[]): ReadonlySet<string> {
  return ids.length === 0 ? IGNORES_NO_ONE : new Set(ids);
}
