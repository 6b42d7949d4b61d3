import type { ServerPayload } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { useRealtimeServer, wsUrl } from './realtime-harness';

type Slot = ServerPayload<'inventory:update'>['slots'][number];

/** Keeps the client's inventory as the server last sent it. */
function trackInventory(c: GameClient, initial: Slot[]): { slots: Slot[] } {
  const inv = { slots: initial };
  c.on('inventory:update', (u) => {
    inv.slots = u.slots;
  });
  return inv;
}

const slotOf = (inv: { slots: Slot[] }, itemId: string): number => {
  const s = inv.slots.find((x) => x.itemId === itemId);
  if (!s) throw new Error(`no ${itemId} in ${JSON.stringify(inv.slots)}`);
  return s.slot;
};
const count = (inv: { slots: Slot[] }, itemId: string): number =>
  inv.slots.filter((x) => x.itemId === itemId).reduce((n, x) => n + x.quantity, 0);

/** Waits until the inventory holds `n` of an item (it changes at most once per tick). */
async function until(
  c: GameClient,
  inv: { slots: Slot[] },
  itemId: string,
  n: number,
  ms = 60_000,
): Promise<void> {
  if (count(inv, itemId) >= n) return;
  await c.waitFor(
    'inventory:update',
    (u) => u.slots.filter((x) => x.itemId === itemId).reduce((s, x) => s + x.quantity, 0) >= n,
    ms,
  );
}

/**
 * The end-to-end economy: an SDK client chops logs, lights a fire, catches and cooks fish,
 * mines ore, smelts a bar, smiths an item, banks it, sells to a shop and buys a tool back.
 */
describe('the economy over WebSocket (one SDK client)', () => {
  const live = useRealtimeServer();

  it('gathers, processes, banks and trades with shops', async () => {
    const c = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    try {
      const sync = await c.request('player:requestSync', {});
      const inv = trackInventory(c, sync.player.inventory);
      const admin = (m: string) => c.request('player:chat', { message: m });
      await admin('/admin let-me-in-please');

      // Woodcutting: chop the Oakhaven tree until a log comes, then walk off.
      await admin('/tele -19 21');
      await c.request('player:action', { action: 'gather', objectId: 'oakhaven:r0' });
      await until(c, inv, 'logs', 1);
      await c.request('player:move', { x: -17, z: 21 });

      // Firemaking: tinderbox on the logs.
      const xpFire = c.waitFor('skill:xp', (e) => e.skill === 'firemaking', 30_000);
      await c.request('inventory:use', { slot: slotOf(inv, 'tinderbox'), targetSlot: slotOf(inv, 'logs') });
      await xpFire;

      // Fishing with the small net at Mirror Lake, then cooking on the lake's fire.
      await admin('/tele -44 -29');
      await c.request('player:action', { action: 'gather', objectId: 'mirror_lake:r0', methodId: 'net' });
      const fishEvent = await c.waitFor(
        'inventory:update',
        (u) => u.slots.some((s) => s.itemId === 'raw_shrimps' || s.itemId === 'raw_anchovies'),
        60_000,
      );
      const fish = fishEvent.slots.find((s) => s.itemId === 'raw_shrimps' || s.itemId === 'raw_anchovies');
      await c.request('player:move', { x: -41, z: -26 });
      const cooked = c.waitFor('activity:stopped', (e) => e.activity === 'make', 30_000);
      await c.request('inventory:use', { slot: fish?.slot ?? -1, targetId: 'mirror_lake:s0' });
      await cooked;
      expect(count(inv, 'raw_shrimps') + count(inv, 'raw_anchovies')).toBe(0);

      // Mining copper and tin, then smelting a bronze bar at the mine's furnace.
      await admin('/tele -51 11');
      await c.request('player:action', { action: 'gather', objectId: 'ironridge_mine:r1' });
      await until(c, inv, 'copper_ore', 1);
      await c.request('player:action', { action: 'gather', objectId: 'ironridge_mine:r4' });
      await until(c, inv, 'tin_ore', 1);
      await c.request('player:move', { x: -50, z: 12 });
      await c.request('player:action', {
        action: 'make',
        recipeId: 'smelt_bronze_bar',
        objectId: 'ironridge_mine:s0',
      });
      await until(c, inv, 'bronze_bar', 1);

      // A hammer from the general store, then a dagger at the Oakhaven anvil.
      await admin('/tele 6 -9');
      const shop = c.waitFor('shop:update', () => true, 30_000);
      await c.request('player:action', { action: 'openShop', npcId: 'oakhaven:2:shopkeeper_marla:0' });
      const stock = await shop;
      expect(stock.items.find((i) => i.itemId === 'hammer')?.stock).toBeGreaterThan(0);
      const bought = await c.request('shop:buy', { itemId: 'hammer', quantity: 1 });
      expect(bought).toMatchObject({ result: { itemId: 'hammer', quantity: 1 } });
      await admin('/tele -8 7');
      await c.request('player:action', {
        action: 'make',
        recipeId: 'smith_bronze_dagger',
        objectId: 'oakhaven:s3',
      });
      await until(c, inv, 'bronze_dagger', 1);

      // Bank the dagger.
      await admin('/tele -10 -8');
      const bank = c.waitFor('bank:update', () => true, 30_000);
      await c.request('player:action', { action: 'openBank', targetId: 'oakhaven:s0' });
      await bank;
      const banked = c.waitFor(
        'bank:update',
        (u) => u.slots.some((s) => s.itemId === 'bronze_dagger'),
        10_000,
      );
      await c.request('bank:deposit', { slot: slotOf(inv, 'bronze_dagger'), quantity: 1 });
      await banked;

      // Sell the pickaxe to the general store and buy it back.
      await admin('/tele 6 -9');
      await c.request('player:action', { action: 'openShop', npcId: 'oakhaven:2:shopkeeper_marla:0' });
      const sold = await c.request('shop:sell', { slot: slotOf(inv, 'bronze_pickaxe'), quantity: 1 });
      expect(sold).toMatchObject({ result: { itemId: 'bronze_pickaxe', quantity: 1 } });
      expect(count(inv, 'bronze_pickaxe')).toBe(0);
      const back = await c.request('shop:buy', { itemId: 'bronze_pickaxe', quantity: 1 });
      expect(back).toMatchObject({ result: { itemId: 'bronze_pickaxe', quantity: 1 } });
    } finally {
      await c.close();
    }
  }, 300_000);
});
