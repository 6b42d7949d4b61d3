import type { ItemDef } from '../../content/content-types';

/**
 * How the item rules find an item's definition. A function rather than the Content object, so the
 * rules stay pure and tests can hand in a three-item fake (`(id) => content.items.get(id)` in the
 * world).
 */
export type ItemLookup = (itemId: string) => ItemDef | undefined;

/** Builds an {@link ItemLookup} over a content item map. */
export function lookupIn(items: ReadonlyMap<string, ItemDef>): ItemLookup {
  return (itemId) => items.get(itemId);
}

/**
 * The largest quantity a single stack may hold: 2,147,483,647, the signed 32-bit maximum of
 * RuneScape (and of the database's `integer` column). Reaching past it is a failure, never a wrap.
 */
export const MAX_STACK = 2_147_483_647;

/** An item and how many of it: the content of one occupied slot. */
export interface Stack {
  itemId: string;
  quantity: number;
}

/**
 * An occupied container slot, numbered from 0. Same shape as the storage port's ItemSlot (sim/ may
 * not import storage), so `toRows()` output is what the inventory and bank repositories save.
 */
export interface ItemSlotRow {
  slot: number;
  itemId: string;
  quantity: number;
}

/**
 * Why an item operation did nothing. Expected game failures are values, never exceptions:
 * - `inventory_full`: not enough free slots (the bank reuses the code for its own slots);
 * - `stack_overflow`: the stack would pass {@link MAX_STACK};
 * - `not_enough`: fewer items than asked for;
 * - `invalid_slot`: not an integer slot of the container (or not an equipment slot name);
 * - `empty_slot`: nothing in that slot;
 * - `invalid_quantity`: not a positive safe integer up to {@link MAX_STACK};
 * - `unknown_item`: the id is not in the content.
 */
export type ContainerFailureReason =
  | 'inventory_full'
  | 'stack_overflow'
  | 'not_enough'
  | 'invalid_slot'
  | 'empty_slot'
  | 'invalid_quantity'
  | 'unknown_item';

/** A failed operation: nothing changed. */
export interface Failure<R extends string = ContainerFailureReason> {
  ok: false;
  reason: R;
}

/** Outcome of an operation: `{ ok: true, ...data }` or a {@link Failure}. */
export type Result<T extends object = object, R extends string = ContainerFailureReason> =
  ({ ok: true } & T) | Failure<R>;

/** True when `qty` is a quantity an operation accepts: a positive integer up to {@link MAX_STACK}. */
export function isValidQuantity(qty: number): boolean {
  return Number.isInteger(qty) && qty > 0 && qty <= MAX_STACK;
}

/** Builds a {@link Failure}. */
export const fail = <R extends string>(reason: R): Failure<R> => ({ ok: false, reason });
