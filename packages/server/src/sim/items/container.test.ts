import { describe, expect, it } from 'vitest';
import { INVENTORY_SIZE, ItemContainer } from './container';
import { basicLookup } from './test-items';
import { MAX_STACK } from './types';

const inv = () => new ItemContainer(INVENTORY_SIZE, basicLookup);

describe('ItemContainer.add', () => {
  it('stacks a stackable item into its existing stack and a new one into the first free slot', () => {
    const c = inv();
    expect(c.add('logs', 1)).toEqual({ ok: true, slots: [0] });
    expect(c.add('coins', 50)).toEqual({ ok: true, slots: [1] });
    expect(c.add('coins', 25)).toEqual({ ok: true, slots: [1] });
    expect(c.slot(1)).toEqual({ slot: 1, itemId: 'coins', quantity: 75 });
    expect(c.freeSlots()).toBe(INVENTORY_SIZE - 2);
  });

  it('gives each unit of a non-stackable item its own slot, filling gaps first', () => {
    const c = inv();
    c.add('logs', 3);
    c.removeFromSlot(1, 1);
    expect(c.add('sword', 2)).toEqual({ ok: true, slots: [1, 3] });
    expect(c.entries().map((e) => [e.slot, e.itemId, e.quantity])).toEqual([
      [0, 'logs', 1],
      [1, 'sword', 1],
      [2, 'logs', 1],
      [3, 'sword', 1],
    ]);
  });

  it('is all-or-nothing: a non-stackable add that does not fully fit adds nothing', () => {
    const c = inv();
    c.add('logs', 26);
    const before = c.version;
    expect(c.add('sword', 3)).toEqual({ ok: false, reason: 'inventory_full' });
    expect(c.count('sword')).toBe(0);
    expect(c.version).toBe(before);
    expect(c.add('sword', 2).ok).toBe(true);
    expect(c.freeSlots()).toBe(0);
  });

  it('still adds to an existing stack when the inventory is full, but not a new stack', () => {
    const c = inv();
    c.add('coins', 1);
    c.add('logs', 27);
    expect(c.add('coins', 10).ok).toBe(true);
    expect(c.count('coins')).toBe(11);
    expect(c.add('feather', 1)).toEqual({ ok: false, reason: 'inventory_full' });
  });

  it('fails clearly when a stack would pass the 32-bit maximum and accepts exactly the maximum', () => {
    const c = inv();
    expect(c.add('coins', MAX_STACK - 1).ok).toBe(true);
    expect(c.add('coins', 2)).toEqual({ ok: false, reason: 'stack_overflow' });
    expect(c.count('coins')).toBe(MAX_STACK - 1);
    expect(c.add('coins', 1).ok).toBe(true);
    expect(c.count('coins')).toBe(MAX_STACK);
  });

  it.each([0, -1, 1.5, NaN, Infinity, MAX_STACK + 1, Number.MAX_SAFE_INTEGER + 2])(
    'rejects quantity %s',
    (q) => {
      const c = inv();
      expect(c.add('coins', q)).toEqual({ ok: false, reason: 'invalid_quantity' });
      expect(c.canAdd('logs', q)).toEqual({ ok: false, reason: 'invalid_quantity' });
      expect(c.remove('coins', q)).toEqual({ ok: false, reason: 'invalid_quantity' });
      expect(c.version).toBe(0);
    },
  );

  it('rejects unknown items and huge non-stackable quantities', () => {
    const c = inv();
    expect(c.add('dragon_sword', 1)).toEqual({ ok: false, reason: 'unknown_item' });
    expect(c.add('logs', MAX_STACK)).toEqual({ ok: false, reason: 'inventory_full' });
  });

  it('uses a preferred empty slot first, and ignores it when occupied or invalid', () => {
    const c = inv();
    c.add('logs', 2);
    expect(c.add('sword', 2, 10)).toEqual({ ok: true, slots: [10, 2] });
    expect(c.add('feather', 5, 0)).toEqual({ ok: true, slots: [3] });
    expect(c.add('feather', 5, 20)).toEqual({ ok: true, slots: [3] });
    expect(c.add('coins', 1, 99)).toEqual({ ok: true, slots: [4] });
  });

  it('canAdd predicts add without changing anything', () => {
    const c = inv();
    expect(c.canAdd('logs', 28)).toEqual({ ok: true, slots: Array.from({ length: 28 }, (_, i) => i) });
    expect(c.canAdd('logs', 29)).toEqual({ ok: false, reason: 'inventory_full' });
    expect(c.entries()).toEqual([]);
    expect(c.version).toBe(0);
  });
});

describe('ItemContainer with alwaysStack (the bank)', () => {
  it('stacks items that are not stackable elsewhere', () => {
    const bank = new ItemContainer(400, basicLookup, { alwaysStack: true });
    expect(bank.add('logs', 1000)).toEqual({ ok: true, slots: [0] });
    expect(bank.add('sword', 3)).toEqual({ ok: true, slots: [1] });
    expect(bank.add('logs', 5)).toEqual({ ok: true, slots: [0] });
    expect(bank.entries()).toEqual([
      { slot: 0, itemId: 'logs', quantity: 1005 },
      { slot: 1, itemId: 'sword', quantity: 3 },
    ]);
    expect(bank.stacks('logs')).toBe(true);
    expect(bank.stacks('nothing')).toBeUndefined();
  });
});

describe('ItemContainer.remove and removeFromSlot', () => {
  it('removes from the earliest slots first, all or nothing', () => {
    const c = inv();
    c.add('logs', 3);
    c.add('coins', 10);
    expect(c.remove('logs', 4)).toEqual({ ok: false, reason: 'not_enough' });
    expect(c.count('logs')).toBe(3);
    expect(c.remove('logs', 2)).toEqual({ ok: true, slots: [0, 1] });
    expect(c.slot(0)).toBeUndefined();
    expect(c.slot(2)?.itemId).toBe('logs');
    expect(c.remove('coins', 10)).toEqual({ ok: true, slots: [3] });
    expect(c.slot(3)).toBeUndefined();
    expect(c.remove('coins', 1)).toEqual({ ok: false, reason: 'not_enough' });
  });

  it('removes part or all of one slot', () => {
    const c = inv();
    c.add('coins', 10);
    expect(c.removeFromSlot(0, 4)).toEqual({ ok: true, itemId: 'coins', quantity: 4 });
    expect(c.removeFromSlot(0, 7)).toEqual({ ok: false, reason: 'not_enough' });
    expect(c.removeFromSlot(0, 6)).toEqual({ ok: true, itemId: 'coins', quantity: 6 });
    expect(c.removeFromSlot(0, 1)).toEqual({ ok: false, reason: 'empty_slot' });
    for (const bad of [-1, 28, 1.5, NaN])
      expect(c.removeFromSlot(bad, 1)).toEqual({ ok: false, reason: 'invalid_slot' });
    c.add('coins', 1);
    expect(c.removeFromSlot(0, 0)).toEqual({ ok: false, reason: 'invalid_quantity' });
  });
});

describe('ItemContainer.move', () => {
  it('swaps two slots, moves onto an empty slot, and refuses bad slots', () => {
    const c = inv();
    c.add('logs', 1);
    c.add('coins', 5);
    expect(c.move(0, 1)).toEqual({ ok: true });
    expect(c.slot(0)?.itemId).toBe('coins');
    expect(c.slot(1)?.itemId).toBe('logs');
    expect(c.move(1, 27)).toEqual({ ok: true });
    expect(c.slot(1)).toBeUndefined();
    expect(c.slot(27)).toEqual({ slot: 27, itemId: 'logs', quantity: 1 });
    expect(c.move(1, 0)).toEqual({ ok: false, reason: 'empty_slot' });
    expect(c.move(0, 28)).toEqual({ ok: false, reason: 'invalid_slot' });
    const v = c.version;
    expect(c.move(0, 0)).toEqual({ ok: true });
    expect(c.version).toBe(v);
  });
});

describe('ItemContainer storage rows, clone and version', () => {
  it('round-trips through toRows/fromRows and keeps items the content no longer defines', () => {
    const rows = [
      { slot: 0, itemId: 'coins', quantity: 99 },
      { slot: 5, itemId: 'removed_item', quantity: 2 },
      { slot: 27, itemId: 'logs', quantity: 1 },
    ];
    const { container, rejected } = ItemContainer.fromRows(rows, INVENTORY_SIZE, basicLookup);
    expect(rejected).toEqual([]);
    expect(container.toRows()).toEqual(rows);
    expect(container.count('removed_item')).toBe(2);
    expect(container.remove('removed_item', 2).ok).toBe(true);
    expect(container.add('removed_item', 1)).toEqual({ ok: false, reason: 'unknown_item' });
  });

  it('reports rows it cannot place instead of throwing', () => {
    const { container, rejected } = ItemContainer.fromRows(
      [
        { slot: 0, itemId: 'coins', quantity: 1 },
        { slot: 0, itemId: 'logs', quantity: 1 },
        { slot: 28, itemId: 'logs', quantity: 1 },
        { slot: 3, itemId: 'logs', quantity: 0 },
      ],
      INVENTORY_SIZE,
      basicLookup,
    );
    expect(container.entries()).toEqual([{ slot: 0, itemId: 'coins', quantity: 1 }]);
    expect(rejected.map((r) => r.slot)).toEqual([0, 28, 3]);
  });

  it('clones independently and commits a clone with assign', () => {
    const c = inv();
    c.add('coins', 5);
    const copy = c.clone();
    copy.add('logs', 2);
    expect(c.count('logs')).toBe(0);
    const v = c.version;
    c.assign(copy);
    expect(c.entries()).toEqual(copy.entries());
    expect(c.version).toBeGreaterThan(v);
    copy.add('logs', 1);
    expect(c.count('logs')).toBe(2);
    expect(() => c.assign(new ItemContainer(5, basicLookup))).toThrow(RangeError);
  });

  it('counts a version step per change and none for failures', () => {
    const c = inv();
    c.add('coins', 1);
    c.add('logs', 1);
    c.move(0, 1);
    c.remove('logs', 1);
    c.removeFromSlot(1, 1);
    expect(c.version).toBe(5);
    c.remove('logs', 1);
    c.add('nothing', 1);
    expect(c.version).toBe(5);
    expect(c.clear()).toEqual([]);
    expect(c.version).toBe(5);
    c.add('feather', 3);
    expect(c.clear()).toEqual([{ slot: 0, itemId: 'feather', quantity: 3 }]);
    expect(c.version).toBe(7);
  });

  it('refuses a bad size', () => {
    expect(() => new ItemContainer(0, basicLookup)).toThrow(RangeError);
    expect(inv().has('coins')).toBe(false);
    expect(inv().firstFree()).toBe(0);
  });
});
