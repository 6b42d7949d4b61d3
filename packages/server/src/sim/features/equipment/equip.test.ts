import { beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '../../../content/content-types';
import { loadContent } from '../../../content/load';
import { SHIPPED_MANIFESTS } from '../../../content/test-fixtures';
import { ItemContainer } from '../../items/container';
import { fakeItem, fakeLookup } from '../../items/test-items';
import { MAX_STACK } from '../../items/types';
import { equip, unequip, unmetRequirement } from './equip';
import { Equipment } from '../../items/equipment';
import { kit, levels, times } from './test-setup';

let content: Content;
beforeAll(async () => {
  content = await loadContent(SHIPPED_MANIFESTS);
});

const novice = levels(1);
const veteran = levels(99);

describe('equip', () => {
  it('wears an item and empties its inventory slot', () => {
    const { inv, eq, lookup } = kit(content, ['logs', 'bronze_sword']);
    expect(equip(eq, inv, 1, novice, lookup)).toEqual({
      ok: true,
      slot: 'weapon',
      itemId: 'bronze_sword',
      quantity: 1,
      unequipped: [],
    });
    expect(eq.itemId('weapon')).toBe('bronze_sword');
    expect(inv.slot(1)).toBeUndefined();
  });

  it('swaps the worn item into the freed inventory slot', () => {
    const { inv, eq, lookup } = kit(content, ['logs', 'logs', 'iron_sword'], { weapon: 'bronze_sword' });
    inv.removeFromSlot(0, 1);
    const r = equip(eq, inv, 2, novice, lookup);
    expect(r).toMatchObject({
      ok: true,
      unequipped: [{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }],
    });
    expect(inv.slot(2)?.itemId).toBe('bronze_sword');
    expect(inv.slot(0)).toBeUndefined();
    expect(eq.itemId('weapon')).toBe('iron_sword');
  });

  it('refuses an item without the level, naming the first unmet skill', () => {
    const { inv, eq, lookup } = kit(content, ['rune_sword', 'studded_body']);
    expect(equip(eq, inv, 0, levels(1, { attack: 39 }), lookup)).toEqual({
      ok: false,
      reason: 'level_too_low',
      skill: 'attack',
      required: 40,
    });
    expect(equip(eq, inv, 1, levels(1, { ranged: 20 }), lookup)).toMatchObject({
      skill: 'defense',
      required: 20,
    });
    expect(equip(eq, inv, 1, levels(1, { defense: 20 }), lookup)).toMatchObject({
      skill: 'ranged',
      required: 20,
    });
    expect(eq.isEmpty()).toBe(true);
    expect(inv.version).toBe(0);
    expect(equip(eq, inv, 0, levels(1, { attack: 40 }), lookup).ok).toBe(true);
    const studded = content.items.get('studded_body');
    if (!studded) throw new Error('studded_body missing');
    expect(unmetRequirement(studded, levels(20))).toBeUndefined();
  });

  it('refuses items with no equipment slot, bad slots and empty slots', () => {
    const { inv, eq, lookup } = kit(content, ['logs', ['coins', 10], 'hammer']);
    expect(equip(eq, inv, 0, veteran, lookup)).toEqual({ ok: false, reason: 'not_equippable' });
    expect(equip(eq, inv, 1, veteran, lookup)).toEqual({ ok: false, reason: 'not_equippable' });
    expect(equip(eq, inv, 2, veteran, lookup)).toEqual({ ok: false, reason: 'not_equippable' });
    expect(equip(eq, inv, 3, veteran, lookup)).toEqual({ ok: false, reason: 'empty_slot' });
    for (const bad of [-1, 28, 0.5, NaN])
      expect(equip(eq, inv, bad, veteran, lookup)).toEqual({ ok: false, reason: 'invalid_slot' });
  });

  it('takes off the shield with a two-handed weapon when both fit in the inventory', () => {
    const { inv, eq, lookup } = kit(content, ['bronze_2h_sword', ...times(26, 'logs')], {
      weapon: 'bronze_sword',
      shield: 'bronze_sq_shield',
    });
    const r = equip(eq, inv, 0, novice, lookup);
    expect(r).toMatchObject({
      ok: true,
      unequipped: [
        { slot: 'weapon', itemId: 'bronze_sword' },
        { slot: 'shield', itemId: 'bronze_sq_shield' },
      ],
    });
    expect(inv.slot(0)?.itemId).toBe('bronze_sword');
    expect(inv.slot(27)?.itemId).toBe('bronze_sq_shield');
    expect(eq.itemId('shield')).toBeUndefined();
    expect(eq.itemId('weapon')).toBe('bronze_2h_sword');
  });

  it('changes nothing when the displaced weapon and shield do not both fit', () => {
    const { inv, eq, lookup } = kit(content, ['shortbow', ...times(27, 'logs')], {
      weapon: 'bronze_sword',
      shield: 'wooden_shield',
    });
    const before = { inv: inv.entries(), eq: eq.entries(), iv: inv.version, ev: eq.version };
    expect(equip(eq, inv, 0, novice, lookup)).toEqual({ ok: false, reason: 'inventory_full' });
    expect({ inv: inv.entries(), eq: eq.entries(), iv: inv.version, ev: eq.version }).toEqual(before);
  });

  it('puts a lone shield into the freed slot when a two-handed weapon goes on', () => {
    const { inv, eq, lookup } = kit(content, [...times(27, 'logs'), 'bronze_2h_sword'], {
      shield: 'wooden_shield',
    });
    expect(equip(eq, inv, 27, novice, lookup).ok).toBe(true);
    expect(inv.slot(27)?.itemId).toBe('wooden_shield');
  });

  it('takes off a two-handed weapon when a shield goes on, but keeps a one-handed one', () => {
    const a = kit(content, [...times(27, 'logs'), 'bronze_kiteshield'], { weapon: 'longbow' });
    expect(equip(a.eq, a.inv, 27, novice, a.lookup)).toMatchObject({
      ok: true,
      unequipped: [{ slot: 'weapon', itemId: 'longbow' }],
    });
    expect(a.inv.slot(27)?.itemId).toBe('longbow');
    expect(a.eq.itemId('weapon')).toBeUndefined();

    const b = kit(content, ['bronze_kiteshield'], { weapon: 'bronze_sword', shield: 'wooden_shield' });
    expect(equip(b.eq, b.inv, 0, novice, b.lookup)).toMatchObject({
      ok: true,
      unequipped: [{ slot: 'shield', itemId: 'wooden_shield' }],
    });
    expect(b.eq.itemId('weapon')).toBe('bronze_sword');
  });

  it('stacks the same ammunition in the ammo slot and swaps a different one', () => {
    const { inv, eq, lookup } = kit(content, [
      ['bronze_arrow', 100],
      ['bronze_arrow', 1],
      ['iron_arrow', 30],
    ]);
    // Slot 1 holds a second bronze stack only because fromRows keeps saved rows as they are.
    expect(equip(eq, inv, 0, novice, lookup)).toMatchObject({ ok: true, slot: 'ammo', quantity: 100 });
    expect(equip(eq, inv, 1, novice, lookup)).toMatchObject({ ok: true, quantity: 1, unequipped: [] });
    expect(eq.get('ammo')).toEqual({ itemId: 'bronze_arrow', quantity: 101 });
    expect(equip(eq, inv, 2, novice, lookup)).toMatchObject({
      ok: true,
      unequipped: [{ slot: 'ammo', itemId: 'bronze_arrow', quantity: 101 }],
    });
    expect(eq.get('ammo')).toEqual({ itemId: 'iron_arrow', quantity: 30 });
    expect(inv.entries()).toEqual([{ slot: 2, itemId: 'bronze_arrow', quantity: 101 }]);
  });

  it('returns swapped-out ammunition onto its existing inventory stack', () => {
    const { inv, eq, lookup } = kit(
      content,
      [
        ['bronze_arrow', 5],
        ['iron_arrow', 30],
      ],
      { ammo: ['bronze_arrow', 10] },
    );
    expect(equip(eq, inv, 1, novice, lookup).ok).toBe(true);
    expect(inv.entries()).toEqual([{ slot: 0, itemId: 'bronze_arrow', quantity: 15 }]);
  });

  it('refuses an ammo merge past the stack limit', () => {
    const lookup = fakeLookup([fakeItem('dart', { stackable: true, equipSlot: 'ammo' })]);
    const { container: inv } = ItemContainer.fromRows(
      [{ slot: 0, itemId: 'dart', quantity: 10 }],
      28,
      lookup,
    );
    const { equipment: eq } = Equipment.fromRows([{ slot: 'ammo', itemId: 'dart', quantity: MAX_STACK - 5 }]);
    expect(equip(eq, inv, 0, novice, lookup)).toEqual({ ok: false, reason: 'stack_overflow' });
    expect(inv.count('dart')).toBe(10);
    expect(eq.get('ammo')?.quantity).toBe(MAX_STACK - 5);
  });

  it('refuses an item the content does not define', () => {
    const { inv, eq, lookup } = kit(content, ['ancient_relic']);
    expect(equip(eq, inv, 0, veteran, lookup)).toEqual({ ok: false, reason: 'unknown_item' });
  });
});

describe('unequip', () => {
  it('moves the item into the first free slot, or onto its stack', () => {
    const { inv, eq, lookup } = kit(content, ['logs', ['rune_arrow', 7]], {
      head: 'bronze_med_helm',
      ammo: ['rune_arrow', 3],
    });
    expect(lookup('logs')).toBeDefined();
    expect(unequip(eq, inv, 'head')).toEqual({
      ok: true,
      slot: 'head',
      itemId: 'bronze_med_helm',
      quantity: 1,
      inventorySlots: [2],
    });
    expect(unequip(eq, inv, 'ammo')).toMatchObject({ ok: true, inventorySlots: [1] });
    expect(inv.count('rune_arrow')).toBe(10);
    expect(eq.isEmpty()).toBe(true);
  });

  it('refuses when the inventory is full, unless the item joins an existing stack', () => {
    const { inv, eq } = kit(content, [...times(27, 'logs'), ['bronze_arrow', 1]], {
      cape: 'red_cape',
      ammo: ['bronze_arrow', 9],
    });
    const v = eq.version;
    expect(unequip(eq, inv, 'cape')).toEqual({ ok: false, reason: 'inventory_full' });
    expect(eq.itemId('cape')).toBe('red_cape');
    expect(eq.version).toBe(v);
    expect(unequip(eq, inv, 'ammo').ok).toBe(true);
    expect(inv.count('bronze_arrow')).toBe(10);
  });

  it('refuses bad and empty slot names', () => {
    const { inv, eq } = kit(content, []);
    expect(unequip(eq, inv, 'pocket')).toEqual({ ok: false, reason: 'invalid_slot' });
    expect(unequip(eq, inv, 'ring')).toEqual({ ok: false, reason: 'empty_slot' });
  });
});
