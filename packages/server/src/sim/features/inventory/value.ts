import type { ItemLookup } from '../../items/types';

/** An occupied slot of any container: inventory and bank rows (numbered) or equipment rows (named). */
export interface ValuedRow {
  slot: number | string;
  itemId: string;
  quantity: number;
}

/** Some units taken from one slot of one of the containers given to {@link mostValuable}. */
export interface PickedItems {
  /** Index of the container in the list passed in. */
  source: number;
  slot: number | string;
  itemId: string;
  quantity: number;
  /** Value of one unit (ItemDef.value; 0 for items the content does not define). */
  unitValue: number;
}

/**
 * Value in coins of `qty` units of `itemId` at the item's base value (shop and death pricing start
 * from it); 0 for an item the content does not define. `qty` must be a non-negative integer.
 */
export function itemValue(itemId: string, qty: number, lookup: ItemLookup): number {
  if (!Number.isInteger(qty) || qty < 0)
    throw new RangeError(`quantity must be a non-negative integer, got ${qty}`);
  return (lookup(itemId)?.value ?? 0) * qty;
}

/**
 * The `n` most valuable single items across `containers`, the Old School RuneScape "items kept on
 * death" rule:
 * - every unit counts on its own, valued at its unit value: a stack of 500 arrows is 500 candidates,
 *   so 3 rune arrows can be kept ahead of a bronze sword, and a stack never counts as one big item;
 * - units are taken by unit value, highest first; among equal values the earlier container in the
 *   list wins, then the earlier row in that container's list (pass rows in slot order);
 * - items of value 0 (and unknown items) are still candidates, after every valued item;
 * - fewer than `n` units in total means every unit is picked.
 * Units taken from one slot are reported as one entry with their quantity, in pick order. Whether an
 * item is kept at all (quest items, untradeables) is the caller's rule: filter the rows first.
 */
export function mostValuable(
  containers: readonly (readonly ValuedRow[])[],
  n: number,
  lookup: ItemLookup,
): PickedItems[] {
  return splitByValue(containers, n, lookup).picked;
}

/**
 * {@link mostValuable} plus everything it did not pick (`rest`, in container then row order), so a
 * death can keep `picked` and drop `rest`; together they hold exactly the units passed in.
 */
export function splitByValue(
  containers: readonly (readonly ValuedRow[])[],
  n: number,
  lookup: ItemLookup,
): { picked: PickedItems[]; rest: PickedItems[] } {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  const all: PickedItems[] = [];
  containers.forEach((rows, source) => {
    for (const row of rows) {
      if (row.quantity <= 0) continue;
      all.push({
        source,
        slot: row.slot,
        itemId: row.itemId,
        quantity: row.quantity,
        unitValue: lookup(row.itemId)?.value ?? 0,
      });
    }
  });
  // Array.prototype.sort is stable, so equal values keep container-then-row order.
  const order = all.map((_, i) => i).sort((a, b) => (all[b]?.unitValue ?? 0) - (all[a]?.unitValue ?? 0));
  const taken = new Array<number>(all.length).fill(0);
  const picked: PickedItems[] = [];
  let left = n;
  for (const i of order) {
    const row = all[i];
    if (left === 0 || !row) break;
    const q = Math.min(left, row.quantity);
    taken[i] = q;
    left -= q;
    picked.push({ ...row, quantity: q });
  }
  const rest: PickedItems[] = [];
  all.forEach((row, i) => {
    const remaining = row.quantity - (taken[i] ?? 0);
    if (remaining > 0) rest.push({ ...row, quantity: remaining });
  });
  return { picked, rest };
}
