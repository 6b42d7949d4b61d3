import { describe, expect, it } from 'vitest';
import { EQUIP_SLOTS, Equipment, isEquipSlot } from './equipment';

describe('Equipment', () => {
  it('round-trips storage rows in slot order and keeps unknown items', () => {
    const rows = [
      { slot: 'ammo', itemId: 'bronze_arrow', quantity: 40 },
      { slot: 'weapon', itemId: 'shortbow', quantity: 1 },
      { slot: 'ring', itemId: 'removed_ring', quantity: 1 },
    ];
    const { equipment, rejected } = Equipment.fromRows(rows);
    expect(rejected).toEqual([]);
    expect(equipment.toRows()).toEqual([rows[1], rows[2], rows[0]]);
    expect(equipment.count('bronze_arrow')).toBe(40);
  });

  it('reports rows with an unknown slot, a slot taken twice or a bad quantity', () => {
    const { equipment, rejected } = Equipment.fromRows([
      { slot: 'head', itemId: 'a', quantity: 1 },
      { slot: 'head', itemId: 'b', quantity: 1 },
      { slot: 'tail', itemId: 'c', quantity: 1 },
      { slot: 'feet', itemId: 'd', quantity: -2 },
    ]);
    expect(equipment.entries()).toEqual([{ slot: 'head', itemId: 'a', quantity: 1 }]);
    expect(rejected.map((r) => r.itemId)).toEqual(['b', 'c', 'd']);
  });

  it('hands out copies, clones independently, counts versions and clears', () => {
    const eq = new Equipment();
    expect(eq.isEmpty()).toBe(true);
    eq.set('ammo', { itemId: 'x', quantity: 5 });
    const got = eq.get('ammo');
    if (got) got.quantity = 1000;
    expect(eq.get('ammo')?.quantity).toBe(5);
    const copy = eq.clone();
    copy.set('head', { itemId: 'helm', quantity: 1 });
    expect(eq.itemId('head')).toBeUndefined();
    const v = eq.version;
    eq.assign(copy);
    expect(eq.version).toBeGreaterThan(v);
    expect(eq.itemId('head')).toBe('helm');
    expect(eq.clear().map((r) => r.slot)).toEqual(['head', 'ammo']);
    expect(eq.isEmpty()).toBe(true);
    const after = eq.version;
    expect(eq.clear()).toEqual([]);
    expect(eq.version).toBe(after);
    expect(() => eq.set('ammo', { itemId: 'x', quantity: 0 })).toThrow(RangeError);
  });

  it('names exactly the eleven slots', () => {
    expect(EQUIP_SLOTS).toHaveLength(11);
    for (const s of EQUIP_SLOTS) expect(isEquipSlot(s)).toBe(true);
    expect(isEquipSlot('pocket')).toBe(false);
    expect(isEquipSlot('')).toBe(false);
  });
});
