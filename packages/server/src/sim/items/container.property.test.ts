import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ItemContainer } from './container';
import { basicLookup } from './test-items';
import { MAX_STACK } from './types';

const ITEMS = ['coins', 'feather', 'logs', 'sword', 'not_an_item'] as const;
const STACKABLE = new Set(['coins', 'feather']);

const quantity = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 2, arbitrary: fc.integer({ min: MAX_STACK - 20, max: MAX_STACK }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -3, 1.5, NaN, MAX_STACK + 1) },
);
const item = fc.constantFrom(...ITEMS);
const slot = fc.integer({ min: -1, max: 30 });

type Op =
  | { op: 'add'; item: string; qty: number; preferred: number | undefined }
  | { op: 'remove'; item: string; qty: number }
  | { op: 'removeFromSlot'; slot: number; qty: number }
  | { op: 'move'; from: number; to: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      item,
      qty: quantity,
      preferred: fc.option(slot, { nil: undefined }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), item, qty: quantity }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('removeFromSlot' as const), slot, qty: quantity }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), from: slot, to: slot }) },
);

const validQty = (q: number) => Number.isInteger(q) && q > 0 && q <= MAX_STACK;

/** Runs one op, checks it against an independent oracle, and returns the item count delta. */
function apply(c: ItemContainer, o: Op): { ok: boolean; delta: Map<string, number> } {
  const delta = new Map<string, number>();
  const stacks = (id: string) => c.alwaysStack || STACKABLE.has(id);
  switch (o.op) {
    case 'add': {
      const free = c.freeSlots();
      const existing = c.entries().find((e) => e.itemId === o.item);
      let expected: string | undefined;
      if (!validQty(o.qty)) expected = 'invalid_quantity';
      else if (o.item === 'not_an_item') expected = 'unknown_item';
      else if (stacks(o.item) && existing)
        expected = existing.quantity + o.qty > MAX_STACK ? 'stack_overflow' : undefined;
      else if (stacks(o.item)) expected = free === 0 ? 'inventory_full' : undefined;
      else expected = free < o.qty ? 'inventory_full' : undefined;
      const predicted = c.canAdd(o.item, o.qty, o.preferred);
      const r = c.add(o.item, o.qty, o.preferred);
      expect(r).toEqual(predicted);
      expect(r.ok ? undefined : r.reason).toBe(expected);
      if (r.ok) delta.set(o.item, o.qty);
      return { ok: r.ok, delta };
    }
    case 'remove': {
      const have = c.count(o.item);
      const r = c.remove(o.item, o.qty);
      expect(r.ok).toBe(validQty(o.qty) && have >= o.qty);
      if (r.ok) delta.set(o.item, -o.qty);
      return { ok: r.ok, delta };
    }
    case 'removeFromSlot': {
      const before = c.slot(o.slot);
      const r = c.removeFromSlot(o.slot, o.qty);
      expect(r.ok).toBe(before !== undefined && validQty(o.qty) && before.quantity >= o.qty);
      if (r.ok) {
        expect(r.itemId).toBe(before?.itemId);
        delta.set(r.itemId, -o.qty);
      }
      return { ok: r.ok, delta };
    }
    case 'move': {
      const a = c.slot(o.from);
      const b = c.slot(o.to);
      const r = c.move(o.from, o.to);
      if (r.ok && o.from !== o.to) {
        expect(c.slot(o.to)?.itemId).toBe(a?.itemId);
        expect(c.slot(o.from)?.itemId).toBe(b?.itemId);
      }
      return { ok: r.ok && o.from !== o.to, delta };
    }
  }
}

function checkInvariants(c: ItemContainer, model: Map<string, number>): void {
  const rows = c.entries();
  const seen = new Set<string>();
  for (const row of rows) {
    expect(validQty(row.quantity)).toBe(true);
    if (c.alwaysStack || STACKABLE.has(row.itemId)) {
      expect(seen.has(row.itemId), `${row.itemId} in two stacks`).toBe(false);
      seen.add(row.itemId);
    } else {
      expect(row.quantity).toBe(1);
    }
  }
  for (const id of ITEMS) expect(c.count(id)).toBe(model.get(id) ?? 0);
  expect(c.freeSlots()).toBe(c.size - rows.length);
  const reloaded = ItemContainer.fromRows(c.toRows(), c.size, basicLookup, { alwaysStack: c.alwaysStack });
  expect(reloaded.rejected).toEqual([]);
  expect(reloaded.container.entries()).toEqual(rows);
}

describe.each([
  { name: 'inventory of 28', size: 28, alwaysStack: false },
  { name: 'tight inventory of 5', size: 5, alwaysStack: false },
  { name: 'bank of 6 (always stack)', size: 6, alwaysStack: true },
])('ItemContainer properties: $name', ({ size, alwaysStack }) => {
  it('conserves items, keeps the stacking invariants, and changes nothing on failure', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 10, maxLength: 80 }), (ops) => {
        const c = new ItemContainer(size, basicLookup, { alwaysStack });
        const model = new Map<string, number>();
        for (const o of ops) {
          const before = c.entries();
          const version = c.version;
          const { ok, delta } = apply(c, o);
          if (ok) {
            expect(c.version).toBeGreaterThan(version);
          } else {
            expect(c.version).toBe(version);
            expect(c.entries()).toEqual(before);
          }
          for (const [id, d] of delta) model.set(id, (model.get(id) ?? 0) + d);
          checkInvariants(c, model);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a clone evolves independently of its original', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), fc.array(opArb, { maxLength: 30 }), (setup, more) => {
        const c = new ItemContainer(size, basicLookup, { alwaysStack });
        for (const o of setup) apply(c, o);
        const snapshot = c.entries();
        const copy = c.clone();
        for (const o of more) apply(copy, o);
        expect(c.entries()).toEqual(snapshot);
      }),
      { numRuns: 100 },
    );
  });
});
