import { describe, expect, it } from 'vitest';
import { ItemContainer } from '../../src/sim/items/container';
import { fakeItem, fakeLookup } from '../../src/sim/items/test-items';
import {
  healedBy,
  planEat,
  regenStep,
  REGEN_AMOUNT,
  REGEN_INTERVAL_TICKS,
} from '../../src/sim/features/consumables/rules';
import type { PlayerRecord } from '../../src/sim/core/types';
import { record, TestWorld } from './test-world';
import { EATING } from '../../src/sim/features/consumables/feature';

const use = (
  playerId: string,
  data: { slot: number; targetSlot?: number; targetId?: string },
  rid?: number,
) => ({
  type: 'client' as const,
  playerId,
  rid,
  message: { event: 'inventory:use' as const, data },
});

async function worldWith(id: string, over: Partial<PlayerRecord>): Promise<TestWorld> {
  const tw = await TestWorld.create();
  tw.login({ ...record(id), ...over });
  tw.advance();
  return tw;
}

const codes = (tw: TestWorld, id: string) =>
  tw.events(id, 'error').map((e) => (e.data as { code: string }).code);
const acks = (tw: TestWorld, id: string) =>
  tw.events(id, 'ack').map((e) => (e.data as { result?: unknown }).result);
const stats = (tw: TestWorld, id: string) => tw.events(id, 'player:stats').map((e) => e.data);

const SHRIMPS = (slot: number) => ({ slot, itemId: 'shrimps', quantity: 1 });

describe('eating food', () => {
  it('removes exactly one food from the slot, heals by its value and tells the eater', async () => {
    const tw = await worldWith('e', {
      health: 50,
      inventory: [SHRIMPS(0), SHRIMPS(1), { slot: 2, itemId: 'trout', quantity: 1 }],
    });
    tw.enqueue(use('e', { slot: 1 }, 1));
    tw.advance();
    const p = tw.world.players.get('e')!;
    expect(acks(tw, 'e')).toEqual([{ itemId: 'shrimps', healed: 30, health: 80 }]);
    expect(p.health).toBe(80);
    expect(p.inventory.entries()).toEqual([SHRIMPS(0), { slot: 2, itemId: 'trout', quantity: 1 }]);
    expect(tw.events('e', 'inventory:update').map((e) => e.data)).toEqual([
      { tick: tw.world.tick, slots: p.inventory.entries() },
    ]);
    expect(stats(tw, 'e')).toEqual([{ tick: tw.world.tick, health: 80, maxHealth: 100 }]);
    expect(tw.events('e', 'chat:message').map((e) => e.data)).toEqual([
      { tick: tw.world.tick, channel: 'system', from: null, message: 'You eat the shrimps.' },
    ]);
  });

  it('enforces the eat delay: a second eat within 3 ticks fails and changes nothing', async () => {
    const tw = await worldWith('d', { health: 10, inventory: [SHRIMPS(0), SHRIMPS(1), SHRIMPS(2)] });
    tw.enqueue(use('d', { slot: 0 }, 1));
    tw.enqueue(use('d', { slot: 1 }, 2)); // same tick
    tw.advance();
    const p = tw.world.players.get('d')!;
    const eatenAt = tw.world.tick;
    expect(EATING.of(p).nextEatTick).toBe(eatenAt + 3);
    for (let rid = 3; rid <= 4; rid++) {
      tw.enqueue(use('d', { slot: 1 }, rid)); // one and two ticks later
      tw.advance();
    }
    expect(codes(tw, 'd')).toEqual(['eat_delay', 'eat_delay', 'eat_delay']);
    expect(p.health).toBe(40);
    expect(p.inventory.entries()).toEqual([SHRIMPS(1), SHRIMPS(2)]);
    expect(EATING.of(p).nextEatTick).toBe(eatenAt + 3); // failed attempts do not extend the delay
    tw.enqueue(use('d', { slot: 1 }, 5)); // three ticks later
    tw.advance();
    expect(tw.world.tick).toBe(eatenAt + 3);
    expect(acks(tw, 'd')).toEqual([
      { itemId: 'shrimps', healed: 30, health: 40 },
      { itemId: 'shrimps', healed: 30, health: 70 },
    ]);
    expect(p.inventory.entries()).toEqual([SHRIMPS(2)]);
  });

  it('never heals past the maximum, still eats at full health, and keeps a boost', async () => {
    const tw = await worldWith('o', { health: 90, inventory: [SHRIMPS(0), SHRIMPS(1)] });
    const p = tw.world.players.get('o')!;
    tw.enqueue(use('o', { slot: 0 }, 1));
    tw.advance(3);
    expect(p.health).toBe(100);
    tw.enqueue(use('o', { slot: 1 }, 2)); // at full health: allowed, as in OSRS
    tw.advance();
    expect(acks(tw, 'o')).toEqual([
      { itemId: 'shrimps', healed: 10, health: 100 },
      { itemId: 'shrimps', healed: 0, health: 100 },
    ]);
    expect(p.inventory.entries()).toEqual([]);
    expect(stats(tw, 'o')).toHaveLength(1); // the second eat changed no health

    const boosted = await worldWith('b', { health: 120, inventory: [SHRIMPS(0)] });
    boosted.enqueue(use('b', { slot: 0 }, 1));
    boosted.advance();
    expect(acks(boosted, 'b')).toEqual([{ itemId: 'shrimps', healed: 0, health: 120 }]);
  });

  it('refuses an empty slot, a non-food item, a pointless item-on-item and an unknown object, changing nothing', async () => {
    const tw = await worldWith('n', {
      health: 50,
      inventory: [{ slot: 0, itemId: 'bronze_sword', quantity: 1 }, SHRIMPS(1)],
    });
    const p = tw.world.players.get('n')!;
    const version = p.inventory.version;
    tw.enqueue(use('n', { slot: 5 }, 1));
    tw.enqueue(use('n', { slot: 0 }, 2));
    tw.enqueue(use('n', { slot: 1, targetSlot: 0 }, 3));
    tw.enqueue(use('n', { slot: 1, targetId: 'some-npc' }, 4));
    tw.advance();
    expect(codes(tw, 'n')).toEqual(['empty_slot', 'not_usable', 'not_usable', 'object_gone']);
    expect((tw.events('n', 'error')[1]?.data as { message: string }).message).toBe(
      'Nothing interesting happens.',
    );
    expect(p.inventory.version).toBe(version);
    expect(p.health).toBe(50);
    expect(EATING.of(p).nextEatTick).toBe(0);
    expect(tw.events('n', 'inventory:update')).toHaveLength(0);
    expect(tw.events('n', 'player:stats')).toHaveLength(0);
    expect(tw.events('n', 'chat:message')).toHaveLength(0);
    tw.enqueue(use('n', { slot: 1 }, 5)); // the failures set no delay
    tw.advance();
    expect(acks(tw, 'n')).toEqual([{ itemId: 'shrimps', healed: 30, health: 80 }]);
  });
});

describe('health regeneration', () => {
  it('heals 10 every 100 ticks while hurt, and sends player:stats only when health changes', async () => {
    const tw = await worldWith('r', { health: 75 });
    const p = tw.world.players.get('r')!;
    expect(tw.events('r', 'player:sync')).toHaveLength(1);
    expect(stats(tw, 'r')).toEqual([]); // the login sync already carried the health
    tw.advance(REGEN_INTERVAL_TICKS - 1);
    expect(p.health).toBe(75);
    expect(stats(tw, 'r')).toEqual([]);
    tw.advance();
    expect(p.health).toBe(85);
    expect(stats(tw, 'r')).toEqual([{ tick: tw.world.tick, health: 85, maxHealth: 100 }]);
    tw.advance(REGEN_INTERVAL_TICKS);
    expect(p.health).toBe(95);
    tw.advance(REGEN_INTERVAL_TICKS);
    expect(p.health).toBe(100); // capped at the maximum
    tw.advance(REGEN_INTERVAL_TICKS * 2);
    expect(p.health).toBe(100);
    expect(stats(tw, 'r').map((s) => (s as { health: number }).health)).toEqual([85, 95, 100]);
  });

  it('does nothing at full health, and lets a boost decay towards the maximum', async () => {
    const tw = await worldWith('f', {});
    tw.advance(REGEN_INTERVAL_TICKS * 2);
    expect(tw.world.players.get('f')!.health).toBe(100);
    expect(stats(tw, 'f')).toEqual([]);

    const boosted = await worldWith('u', { health: 115 });
    boosted.advance(REGEN_INTERVAL_TICKS);
    expect(boosted.world.players.get('u')!.health).toBe(105);
    boosted.advance(REGEN_INTERVAL_TICKS);
    expect(boosted.world.players.get('u')!.health).toBe(100);
  });

  it('restarts the count when health reaches the maximum', async () => {
    const tw = await worldWith('c', { health: 70, inventory: [SHRIMPS(0), SHRIMPS(1)] });
    const p = tw.world.players.get('c')!;
    tw.advance(50);
    tw.enqueue(use('c', { slot: 0 }));
    tw.advance(); // back to 100: the counter resets
    expect(p.health).toBe(100);
    p.health = 60; // hurt (as combat would)
    tw.advance(REGEN_INTERVAL_TICKS - 1);
    expect(p.health).toBe(60);
    tw.advance();
    expect(p.health).toBe(70);
  });
});

describe('consumable rules', () => {
  const lookup = fakeLookup([
    fakeItem('fish', { name: 'Fish', category: 'food', food: { heal: 50, eatDelay: 3 } }),
    fakeItem('rock'),
  ]);
  const inv = ItemContainer.fromRows(
    [
      { slot: 0, itemId: 'fish', quantity: 1 },
      { slot: 1, itemId: 'rock', quantity: 1 },
    ],
    28,
    lookup,
  ).container;

  it('checks the slot, then the item, then the delay', () => {
    expect(planEat(inv, 2, lookup, 10, 99)).toEqual({ ok: false, reason: 'empty_slot' });
    expect(planEat(inv, 1, lookup, 10, 99)).toEqual({ ok: false, reason: 'not_usable', itemId: 'rock' });
    expect(planEat(inv, 0, lookup, 10, 11)).toEqual({ ok: false, reason: 'eat_delay', itemId: 'fish' });
    expect(planEat(inv, 0, lookup, 11, 11)).toEqual({
      ok: true,
      itemId: 'fish',
      name: 'Fish',
      heal: 50,
      eatDelay: 3,
    });
  });

  it('heals up to the maximum and never lowers a boost', () => {
    expect(healedBy(10, 100, 50)).toBe(50);
    expect(healedBy(80, 100, 50)).toBe(20);
    expect(healedBy(100, 100, 50)).toBe(0);
    expect(healedBy(130, 100, 50)).toBe(0);
  });

  it('regenerates and decays one step per interval, and not when dead or full', () => {
    expect(regenStep(50, 100, 0)).toEqual({ health: 50, ticks: 1 });
    expect(regenStep(50, 100, REGEN_INTERVAL_TICKS - 1)).toEqual({ health: 50 + REGEN_AMOUNT, ticks: 0 });
    expect(regenStep(95, 100, REGEN_INTERVAL_TICKS - 1)).toEqual({ health: 100, ticks: 0 });
    expect(regenStep(105, 100, REGEN_INTERVAL_TICKS - 1)).toEqual({ health: 100, ticks: 0 });
    expect(regenStep(100, 100, 42)).toEqual({ health: 100, ticks: 0 });
    expect(regenStep(0, 100, REGEN_INTERVAL_TICKS - 1)).toEqual({ health: 0, ticks: 0 });
  });
});
