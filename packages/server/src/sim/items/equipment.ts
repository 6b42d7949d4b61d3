import { EQUIP_SLOTS, type EquipSlot } from '../../content/schemas/items';
import { isValidQuantity, type Stack } from './types';

export { EQUIP_SLOTS, type EquipSlot };

/**
 * An occupied equipment slot, named by slot type. Same shape as the storage port's EquipmentSlot
 * (sim/ may not import storage); an {@link EquipSlot} is a string, so rows save as they are.
 */
export interface EquipmentSlotRow {
  slot: EquipSlot;
  itemId: string;
  quantity: number;
}

/** A saved row as storage returns it: the slot name is any string until checked. */
export interface StoredEquipmentRow {
  slot: string;
  itemId: string;
  quantity: number;
}

/** What {@link Equipment.fromRows} could not place; the caller logs them as a fault. */
export interface LoadedEquipment {
  equipment: Equipment;
  rejected: StoredEquipmentRow[];
}

const SLOT_INDEX: ReadonlyMap<string, number> = new Map(EQUIP_SLOTS.map((s, i) => [s, i]));

/** Type guard for untrusted slot names (protocol input, saved rows). */
export function isEquipSlot(value: string): value is EquipSlot {
  return SLOT_INDEX.has(value);
}

/**
 * The worn items of a character: one stack per slot (a quantity above 1 only in the ammo slot).
 * It is a plain store; the rules that decide what may go where (requirements, two-handed weapons,
 * swaps) live in `equip.ts`, so every way of changing equipment goes through one set of checks.
 * `version` rises on each change for dirty tracking, like the item containers' `version`.
 */
export class Equipment {
  private stacks: (Stack | undefined)[] = new Array<Stack | undefined>(EQUIP_SLOTS.length).fill(undefined);
  private changes = 0;

  /**
   * Rebuilds equipment from saved rows. Items the content no longer defines are kept (nothing is
   * lost on load); rows with an unknown slot name, a slot taken twice or a bad quantity are returned
   * in `rejected`.
   */
  static fromRows(rows: readonly StoredEquipmentRow[]): LoadedEquipment {
    const equipment = new Equipment();
    const rejected: StoredEquipmentRow[] = [];
    for (const row of rows) {
      const i = SLOT_INDEX.get(row.slot);
      if (i === undefined || equipment.stacks[i] !== undefined || !isValidQuantity(row.quantity)) {
        rejected.push({ slot: row.slot, itemId: row.itemId, quantity: row.quantity });
        continue;
      }
      equipment.stacks[i] = { itemId: row.itemId, quantity: row.quantity };
    }
    return { equipment, rejected };
  }

  /** Rises by at least one on every change. */
  get version(): number {
    return this.changes;
  }

  /** What is worn in `slot` (a copy), or undefined. */
  get(slot: EquipSlot): Stack | undefined {
    const s = this.stacks[SLOT_INDEX.get(slot) ?? -1];
    return s && { itemId: s.itemId, quantity: s.quantity };
  }

  /** Id of the item worn in `slot`, or undefined. */
  itemId(slot: EquipSlot): string | undefined {
    return this.stacks[SLOT_INDEX.get(slot) ?? -1]?.itemId;
  }

  /**
   * Puts `stack` in `slot` (undefined empties it) without any rule check: for `equip.ts` and for
   * features that take worn items away (death, ammunition spent by combat). Use equip/unequip for
   * player requests.
   */
  set(slot: EquipSlot, stack: Stack | undefined): void {
    const i = SLOT_INDEX.get(slot);
    if (i === undefined) throw new RangeError(`not an equipment slot: ${slot}`);
    if (stack !== undefined && !isValidQuantity(stack.quantity)) {
      throw new RangeError(`invalid quantity ${stack.quantity} for ${stack.itemId} in ${slot}`);
    }
    this.stacks[i] = stack && { itemId: stack.itemId, quantity: stack.quantity };
    this.changes++;
  }

  /** Total quantity of `itemId` worn. */
  count(itemId: string): number {
    let n = 0;
    for (const s of this.stacks) if (s?.itemId === itemId) n += s.quantity;
    return n;
  }

  isEmpty(): boolean {
    return this.stacks.every((s) => s === undefined);
  }

  /** Occupied slots in {@link EQUIP_SLOTS} order: the rows the equipment repository stores. */
  entries(): EquipmentSlotRow[] {
    const out: EquipmentSlotRow[] = [];
    EQUIP_SLOTS.forEach((slot, i) => {
      const s = this.stacks[i];
      if (s) out.push({ slot, itemId: s.itemId, quantity: s.quantity });
    });
    return out;
  }

  /** Same as {@link entries}; named for the storage hand-off. */
  toRows(): EquipmentSlotRow[] {
    return this.entries();
  }

  /** Takes everything off and returns what was worn. */
  clear(): EquipmentSlotRow[] {
    const taken = this.entries();
    if (taken.length === 0) return taken;
    this.stacks.fill(undefined);
    this.changes++;
    return taken;
  }

  /** An independent copy with the same version: a scratch pad for atomic moves. */
  clone(): Equipment {
    const copy = new Equipment();
    copy.stacks = this.stacks.map((s) => s && { itemId: s.itemId, quantity: s.quantity });
    copy.changes = this.changes;
    return copy;
  }

  /** Takes over the contents of `other` (a clone changed by a multi-step operation that succeeded). */
  assign(other: Equipment): void {
    this.stacks = other.stacks.map((s) => s && { itemId: s.itemId, quantity: s.quantity });
    this.changes = Math.max(this.changes, other.changes) + 1;
  }
}
