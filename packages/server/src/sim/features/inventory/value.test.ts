import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeItem, fakeLookup } from '../../items/test-items';
import { itemValue, mostValuable, splitByValue, type ValuedRow } from './value';

const lookup = fakeLookup([
  fakeItem('bronze_sword', { value: 26 }),
  fakeItem('rune_arrow', { value: 400, stackable: true }),
  fakeItem('rune_platebody', { value: 128000 }),
  fakeItem('coins', { value: 1, stackable: true }),
  fakeItem('letter', { value: 0 }),
  fakeItem('bones', { value: 1 }),
]);

describe('itemValue', () => {
  it('multiplies the unit value and gives 0 for unknown items', () => {
    expect(itemValue('rune_arrow', 250, lookup)).toBe(100_000);
    expect(itemValue('rune_arrow', 0, lookup)).toBe(0);
    expect(itemValue('gone', 5, lookup)).toBe(0);
    expect(() => itemValue('coins', -1, lookup)).toThrow(RangeError);
    expect(() => itemValue('coins', 0.5, lookup)).toThrow(RangeError);
  });
});

describe('mostValuable (items kept on death)', () => {
  it('counts each unit of a stack separately', () => {
    const inventory: ValuedRow[] = [
      { slot: 0, itemId: 'bronze_sword', quantity: 1 },
      { slot: 1, itemId: 'rune_arrow', quantity: 500 },
    ];
    expect(mostValuable([inventory], 3, lookup)).toEqual([
      { source: 0, slot: 1, itemId: 'rune_arrow', quantity: 3, unitValue: 400 },
    ]);
  });

  it('orders by unit value, not by stack value', () => {
    const inventory: ValuedRow[] = [
      { slot: 0, itemId: 'coins', quantity: 1_000_000 },
      { slot: 1, itemId: 'bronze_sword', quantity: 1 },
      { slot: 2, itemId: 'bronze_sword', quantity: 1 },
    ];
    expect(mostValuable([inventory], 3, lookup).map((p) => [p.slot, p.itemId, p.quantity])).toEqual([
      [1, 'bronze_sword', 1],
      [2, 'bronze_sword', 1],
      [0, 'coins', 1],
    ]);
  });

  it('looks across containers (equipment rows have named slots) and breaks ties by container then row order', () => {
    const equipment: ValuedRow[] = [
      { slot: 'weapon', itemId: 'bronze_sword', quantity: 1 },
      { slot: 'body', itemId: 'rune_platebody', quantity: 1 },
    ];
    const inventory: ValuedRow[] = [
      { slot: 4, itemId: 'bronze_sword', quantity: 1 },
      { slot: 9, itemId: 'rune_arrow', quantity: 1 },
    ];
    expect(mostValuable([equipment, inventory], 3, lookup)).toEqual([
      { source: 0, slot: 'body', itemId: 'rune_platebody', quantity: 1, unitValue: 128000 },
      { source: 1, slot: 9, itemId: 'rune_arrow', quantity: 1, unitValue: 400 },
      { source: 0, slot: 'weapon', itemId: 'bronze_sword', quantity: 1, unitValue: 26 },
    ]);
    expect(mostValuable([inventory, equipment], 3, lookup)[2]).toMatchObject({ source: 0, slot: 4 });
  });

  it('picks everything when there are fewer than n units, zero-value and unknown items last', () => {
    const rows: ValuedRow[] = [
      { slot: 0, itemId: 'letter', quantity: 1 },
      { slot: 1, itemId: 'gone', quantity: 1 },
      { slot: 2, itemId: 'bones', quantity: 1 },
    ];
    expect(mostValuable([rows], 5, lookup).map((p) => p.itemId)).toEqual(['bones', 'letter', 'gone']);
    expect(mostValuable([rows], 0, lookup)).toEqual([]);
    expect(mostValuable([], 3, lookup)).toEqual([]);
    expect(() => mostValuable([rows], -1, lookup)).toThrow(RangeError);
  });

  it('splitByValue keeps exactly the units it was given', () => {
    const row = fc.record({
      itemId: fc.constantFrom('bronze_sword', 'rune_arrow', 'rune_platebody', 'coins', 'letter', 'gone'),
      quantity: fc.integer({ min: 1, max: 1000 }),
    });
    const container = fc.array(row, { maxLength: 10 }).map((rs) => rs.map((r, slot) => ({ ...r, slot })));
    fc.assert(
      fc.property(fc.array(container, { maxLength: 4 }), fc.integer({ min: 0, max: 12 }), (containers, n) => {
        const { picked, rest } = splitByValue(containers, n, lookup);
        const total = containers.flat().reduce((s, r) => s + r.quantity, 0);
        const pickedUnits = picked.reduce((s, p) => s + p.quantity, 0);
        expect(pickedUnits).toBe(Math.min(n, total));
        // Same units per (container, slot) before and after.
        const key = (p: { source: number; slot: number | string }) => `${p.source}:${p.slot}`;
        const sums = new Map<string, number>();
        for (const p of [...picked, ...rest]) sums.set(key(p), (sums.get(key(p)) ?? 0) + p.quantity);
        containers.forEach((rs, source) => {
          for (const r of rs) expect(sums.get(key({ source, slot: r.slot }))).toBe(r.quantity);
        });
        // No unit left behind is worth more than a picked one.
        const minPicked = Math.min(...picked.map((p) => p.unitValue));
        for (const r of rest) expect(r.unitValue).toBeLessThanOrEqual(minPicked);
        // Picks come highest value first.
        for (let i = 1; i < picked.length; i++) {
          expect(picked[i]?.unitValue ?? 0).toBeLessThanOrEqual(picked[i - 1]?.unitValue ?? 0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
