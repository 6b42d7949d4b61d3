import { fail, isValidQuantity, MAX_STACK, type ItemLookup, type ItemSlotRow, type Result } from './types';

/** Slots of a player's inventory (the spec's limit). */
export const INVENTORY_SIZE = 28;

/**
 * Slots of a bank (features/bank). At least the 400 the design asks for; 800 matches the
 * protocol's highest `bankSlot` (799), so every slot a client can name exists.
 */
export const BANK_SIZE = 800;

export interface ContainerOptions {
  /** Every item stacks, whatever its definition says (the bank). */
  alwaysStack?: boolean;
}

/** What {@link ItemContainer.fromRows} could not place; the caller logs them as a fault. */
export interface LoadedContainer {
  container: ItemContainer;
  rejected: ItemSlotRow[];
}

/**
 * A fixed number of item slots: the inventory (28) and, with `alwaysStack`, the bank. It owns the
 * stacking rules so no feature re-implements them: a stackable item lives in at most one stack, a
 * non-stackable item takes one slot per unit, and every change is all-or-nothing (an add that does
 * not fully fit changes nothing). Expected failures are returned as values; `version` rises on each
 * change so persistence and sync can tell a dirty container cheaply.
 *
 * Slots are kept in two parallel arrays (id, quantity) so that cloning (used to make multi-container
 * moves atomic) is two array copies and no per-slot objects are allocated.
 */
export class ItemContainer {
  readonly size: number;
  readonly alwaysStack: boolean;
  private readonly lookup: ItemLookup;
  private ids: (string | undefined)[];
  private qty: number[];
  private changes = 0;

  constructor(size: number, lookup: ItemLookup, options: ContainerOptions = {}) {
    if (!Number.isInteger(size) || size <= 0)
      throw new RangeError(`container size must be a positive integer, got ${size}`);
    this.size = size;
    this.lookup = lookup;
    this.alwaysStack = options.alwaysStack ?? false;
    this.ids = new Array<string | undefined>(size).fill(undefined);
    this.qty = new Array<number>(size).fill(0);
  }

  /**
   * Rebuilds a container from saved rows. Loading must not lose items, so rows of items the content
   * no longer defines are kept as they are (they can still be moved, removed and saved). Rows that
   * cannot be stored at all (slot out of range or taken twice, bad quantity) are returned in
   * `rejected` for the caller to report.
   */
  static fromRows(
    rows: readonly ItemSlotRow[],
    size: number,
    lookup: ItemLookup,
    options: ContainerOptions = {},
  ): LoadedContainer {
    const container = new ItemContainer(size, lookup, options);
    const rejected: ItemSlotRow[] = [];
    for (const row of rows) {
      const ok =
        container.validSlot(row.slot) &&
        container.ids[row.slot] === undefined &&
        isValidQuantity(row.quantity);
      if (!ok) {
        rejected.push({ slot: row.slot, itemId: row.itemId, quantity: row.quantity });
        continue;
      }
      container.ids[row.slot] = row.itemId;
      container.qty[row.slot] = row.quantity;
    }
    return { container, rejected };
  }

  /** Rises by at least one on every change; equal versions mean equal contents. */
  get version(): number {
    return this.changes;
  }

  /** Whether `itemId` stacks in this container; undefined when the item is unknown. */
  stacks(itemId: string): boolean | undefined {
    const def = this.lookup(itemId);
    if (!def) return undefined;
    return this.alwaysStack || def.stackable;
  }

  /** The content of slot `i`, or undefined when it is empty or not a slot. */
  slot(i: number): ItemSlotRow | undefined {
    if (!this.validSlot(i)) return undefined;
    const itemId = this.ids[i];
    return itemId === undefined ? undefined : { slot: i, itemId, quantity: this.qty[i] ?? 0 };
  }

  /** Total quantity of `itemId` over all slots. */
  count(itemId: string): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.ids[i] === itemId) n += this.qty[i] ?? 0;
    return n;
  }

  has(itemId: string, qty = 1): boolean {
    return this.count(itemId) >= qty;
  }

  freeSlots(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.ids[i] === undefined) n++;
    return n;
  }

  /** Index of the first empty slot, or -1. */
  firstFree(): number {
    return this.ids.indexOf(undefined);
  }

  /**
   * Whether `add(itemId, qty)` would succeed, and into which slots (in order). `preferredSlot`, when
   * empty, is used before the first free slot (an unequipped weapon returns to the slot its
   * replacement came from).
   */
  canAdd(itemId: string, qty: number, preferredSlot?: number): Result<{ slots: number[] }> {
    if (!isValidQuantity(qty)) return fail('invalid_quantity');
    const stacks = this.stacks(itemId);
    if (stacks === undefined) return fail('unknown_item');
    const preferred =
      preferredSlot !== undefined && this.validSlot(preferredSlot) && this.ids[preferredSlot] === undefined
        ? preferredSlot
        : -1;
    if (stacks) {
      const existing = this.ids.indexOf(itemId);
      if (existing >= 0) {
        return (this.qty[existing] ?? 0) + qty > MAX_STACK
          ? fail('stack_overflow')
          : { ok: true, slots: [existing] };
      }
      const free = preferred >= 0 ? preferred : this.firstFree();
      return free < 0 ? fail('inventory_full') : { ok: true, slots: [free] };
    }
    if (qty > this.size) return fail('inventory_full');
    const slots: number[] = preferred >= 0 ? [preferred] : [];
    for (let i = 0; i < this.size && slots.length < qty; i++) {
      if (this.ids[i] === undefined && i !== preferred) slots.push(i);
    }
    return slots.length < qty ? fail('inventory_full') : { ok: true, slots };
  }

  /** Adds all of `qty` or nothing (see {@link canAdd}); returns the slots that changed. */
  add(itemId: string, qty: number, preferredSlot?: number): Result<{ slots: number[] }> {
    const plan = this.canAdd(itemId, qty, preferredSlot);
    if (!plan.ok) return plan;
    const stacks = this.stacks(itemId) === true;
    for (const s of plan.slots) {
      // A stack grows (or starts) by qty; each non-stackable unit gets its own slot.
      this.qty[s] = stacks ? (this.ids[s] === itemId ? (this.qty[s] ?? 0) : 0) + qty : 1;
      this.ids[s] = itemId;
    }
    this.changes++;
    return plan;
  }

  /** Removes `qty` of `itemId` (earliest slots first) or nothing; returns the slots that changed. */
  remove(itemId: string, qty: number): Result<{ slots: number[] }> {
    if (!isValidQuantity(qty)) return fail('invalid_quantity');
    if (this.count(itemId) < qty) return fail('not_enough');
    const slots: number[] = [];
    let left = qty;
    for (let i = 0; i < this.size && left > 0; i++) {
      if (this.ids[i] !== itemId) continue;
      const take = Math.min(left, this.qty[i] ?? 0);
      this.setQuantity(i, (this.qty[i] ?? 0) - take);
      left -= take;
      slots.push(i);
    }
    this.changes++;
    return { ok: true, slots };
  }

  /** Removes `qty` from one slot (all of the slot's quantity at most); returns what was taken. */
  removeFromSlot(slot: number, qty: number): Result<{ itemId: string; quantity: number }> {
    if (!this.validSlot(slot)) return fail('invalid_slot');
    const itemId = this.ids[slot];
    if (itemId === undefined) return fail('empty_slot');
    if (!isValidQuantity(qty)) return fail('invalid_quantity');
    const have = this.qty[slot] ?? 0;
    if (have < qty) return fail('not_enough');
    this.setQuantity(slot, have - qty);
    this.changes++;
    return { ok: true, itemId, quantity: qty };
  }

  /** Swaps two slots (moving onto an empty slot is a swap with nothing). */
  move(from: number, to: number): Result {
    if (!this.validSlot(from) || !this.validSlot(to)) return fail('invalid_slot');
    if (this.ids[from] === undefined) return fail('empty_slot');
    if (from === to) return { ok: true };
    [this.ids[from], this.ids[to]] = [this.ids[to], this.ids[from]];
    [this.qty[from], this.qty[to]] = [this.qty[to] ?? 0, this.qty[from] ?? 0];
    this.changes++;
    return { ok: true };
  }

  /** Occupied slots in slot order: the rows the inventory and bank repositories store. */
  entries(): ItemSlotRow[] {
    const out: ItemSlotRow[] = [];
    for (let i = 0; i < this.size; i++) {
      const itemId = this.ids[i];
      if (itemId !== undefined) out.push({ slot: i, itemId, quantity: this.qty[i] ?? 0 });
    }
    return out;
  }

  /** Same as {@link entries}; named for the storage hand-off. */
  toRows(): ItemSlotRow[] {
    return this.entries();
  }

  /** Empties every slot and returns what was in them. */
  clear(): ItemSlotRow[] {
    const taken = this.entries();
    if (taken.length === 0) return taken;
    this.ids.fill(undefined);
    this.qty.fill(0);
    this.changes++;
    return taken;
  }

  /** An independent copy (same size, lookup, options and version): a scratch pad for atomic moves. */
  clone(): ItemContainer {
    const copy = new ItemContainer(this.size, this.lookup, { alwaysStack: this.alwaysStack });
    copy.ids = this.ids.slice();
    copy.qty = this.qty.slice();
    copy.changes = this.changes;
    return copy;
  }

  /**
   * Takes over the contents of `other` (a clone that a multi-step operation changed successfully):
   * the commit half of "work on clones, commit only when every step succeeded".
   */
  assign(other: ItemContainer): void {
    if (other.size !== this.size)
      throw new RangeError(`cannot assign a ${other.size}-slot container to a ${this.size}-slot one`);
    this.ids = other.ids.slice();
    this.qty = other.qty.slice();
    this.changes = Math.max(this.changes, other.changes) + 1;
  }

  private validSlot(i: number): boolean {
    return Number.isInteger(i) && i >= 0 && i < this.size;
  }

  private setQuantity(i: number, q: number): void {
    if (q > 0) {
      this.qty[i] = q;
    } else {
      this.ids[i] = undefined;
      this.qty[i] = 0;
    }
  }
}
