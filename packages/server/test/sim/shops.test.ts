import type { ClientEventName, ClientMessage, ClientPayload } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import type { Command, Effect, PlayerRecord } from '../../src/sim/core/types';
import { spawnGroundItem } from '../../src/sim/features/ground-items/spawn';
import { MAX_STACK } from '../../src/sim/items/types';
import { SHOPS } from '../../src/sim/features/shops/stock';
import { bundledWorld, record, TestWorld } from './test-world';
import { GROUND_ITEMS } from '../../src/sim/features/ground-items/state';
import { INTERFACE } from '../../src/sim/features/bank/interface';

function client<E extends ClientEventName>(
  playerId: string,
  event: E,
  data: ClientPayload<E>,
  rid?: number,
): Command {
  return { type: 'client', playerId, rid, message: { event, data } as ClientMessage };
}
const openShop = (id: string, npcId: string, rid?: number) =>
  client(id, 'player:action', { action: 'openShop', npcId }, rid);
const buy = (id: string, itemId: string, quantity: number, rid?: number) =>
  client(id, 'shop:buy', { itemId, quantity }, rid);
const sell = (id: string, slot: number, quantity: number, rid?: number) =>
  client(id, 'shop:sell', { slot, quantity }, rid);

const GENERAL = 'oakhaven_general_store';
const errors = (tw: TestWorld, id: string) =>
  tw.events(id, 'error').map((e) => (e.data as { code: string }).code);
const acks = (tw: TestWorld, id: string) =>
  tw.events(id, 'ack').map((e) => (e.data as { result?: Record<string, unknown> }).result);
interface ShopItem {
  itemId: string;
  stock: number;
  buyPrice: number;
  sellPrice: number;
}
const lastShop = (tw: TestWorld, id: string) =>
  tw.events(id, 'shop:update').at(-1)?.data as { storeId: string; items: ShopItem[] } | undefined;
const shopItem = (tw: TestWorld, id: string, itemId: string) =>
  lastShop(tw, id)?.items.find((i) => i.itemId === itemId);
const slots = (...items: Array<[string, number]>) =>
  items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity }));
const npcOf = (tw: TestWorld, defId: string) => [...tw.world.npcs.values()].find((n) => n.def.id === defId);
const stockOf = (tw: TestWorld, storeId: string, itemId: string) =>
  SHOPS.of(tw.world).get(storeId)?.stock.get(itemId);
const persisted = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'persist' ? [e] : []));

/** Players by Marla's shop (Oakhaven, around (7,-10)), logged in and with her shop open. */
async function atShop(...players: Array<Partial<PlayerRecord> & { id: string }>): Promise<TestWorld> {
  const tw = await TestWorld.create();
  players.forEach((p, i) => tw.login({ ...record(p.id, 6 + i, -9), ...p }));
  tw.advance();
  const marla = npcOf(tw, 'shopkeeper_marla');
  for (const p of players) tw.enqueue(openShop(p.id, marla?.id ?? ''));
  tw.advance(10);
  for (const p of players) expect(INTERFACE.of(tw.world.players.get(p.id)!).open?.kind).toBe('shop');
  tw.clearEvents();
  tw.world.drainEffects();
  return tw;
}
const me = (tw: TestWorld, id = 'a') => tw.world.players.get(id)!;

describe('opening a shop', () => {
  it("opens the owner's shop next to the shopkeeper, with stock and prices", async () => {
    const tw = await TestWorld.create();
    tw.login({ ...record('a', 6, -9) });
    tw.advance();
    tw.enqueue(openShop('a', npcOf(tw, 'shopkeeper_marla')?.id ?? '', 1));
    tw.advance(10);
    expect(acks(tw, 'a')).toEqual([{ interface: 'shop', storeId: GENERAL }]);
    expect(lastShop(tw, 'a')?.storeId).toBe(GENERAL);
    expect(shopItem(tw, 'a', 'hammer')).toEqual({ itemId: 'hammer', stock: 5, buyPrice: 13, sellPrice: 5 });
    expect(INTERFACE.of(me(tw)).open).toMatchObject({ kind: 'shop', storeId: GENERAL });
  });

  it('refuses an NPC who keeps no shop, and one out of sight', async () => {
    const tw = await TestWorld.create();
    tw.login({ ...record('a', 6, -9) });
    tw.advance();
    tw.enqueue(openShop('a', npcOf(tw, 'guide_lina')?.id ?? '', 1));
    tw.enqueue(openShop('a', npcOf(tw, 'fisherman_finn')?.id ?? '', 2));
    tw.enqueue(openShop('a', 'nobody', 3));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['target_gone', 'target_gone', 'target_gone']);
  });

  it('refuses a shop that needs a quest until the quest is completed', async () => {
    const { content, map } = await bundledWorld();
    const stores = new Map([...content.stores].filter(([id]) => id !== 'thorgrims_mining_supplies'));
    const tw = new TestWorld({ ...content, stores }, map);
    const thorgrim = npcOf(tw, 'dwarf_thorgrim');
    const at = { x: (thorgrim?.x ?? 0) + 1, z: thorgrim?.z ?? 0 };
    tw.login({ ...record('a', at.x, at.z) });
    tw.login({
      ...record('b', at.x, at.z),
      quests: [{ questId: 'dwarven_forge', stage: 3, status: 'completed', data: {} }],
    });
    tw.advance();
    tw.enqueue(openShop('a', thorgrim?.id ?? '', 1));
    tw.enqueue(openShop('b', thorgrim?.id ?? '', 1));
    tw.advance(6);
    expect(tw.events('a', 'error').map((e) => e.data)).toEqual([
      {
        code: 'quest_required',
        message: "Thorgrim's Forge Stock only trades with those who have completed The Dwarven Forge",
        rid: 1,
      },
    ]);
    expect(acks(tw, 'b')).toEqual([{ interface: 'shop', storeId: 'thorgrims_forge_stock' }]);
  });

  it('a dwarf who keeps two shops opens the one that needs no quest', async () => {
    const tw = await TestWorld.create();
    const thorgrim = npcOf(tw, 'dwarf_thorgrim');
    tw.login({ ...record('a', (thorgrim?.x ?? 0) + 1, thorgrim?.z ?? 0) });
    tw.advance();
    tw.enqueue(openShop('a', thorgrim?.id ?? '', 1));
    tw.advance(6);
    expect(acks(tw, 'a')).toEqual([{ interface: 'shop', storeId: 'thorgrims_mining_supplies' }]);
  });
});

describe('buying', () => {
  it('needs the shop open', async () => {
    const tw = await TestWorld.create();
    tw.login({ ...record('a', 6, -9), coins: 100, inventory: slots(['hammer', 1]) });
    tw.advance();
    tw.enqueue(buy('a', 'hammer', 1, 1));
    tw.enqueue(sell('a', 0, 1, 2));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['interface_not_open', 'interface_not_open']);
  });

  it('charges the coin pouch, stock falls, and everyone with the shop open sees it', async () => {
    const tw = await atShop({ id: 'a', coins: 100 }, { id: 'b' });
    tw.enqueue(buy('a', 'hammer', 1, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ itemId: 'hammer', quantity: 1, paid: 13 }]);
    expect(me(tw).coins).toBe(87);
    expect(me(tw).inventory.entries()).toEqual(slots(['hammer', 1]));
    expect(tw.events('a', 'player:coins').map((e) => e.data)).toEqual([{ tick: tw.world.tick, coins: 87 }]);
    for (const id of ['a', 'b'])
      expect(shopItem(tw, id, 'hammer')).toEqual({ itemId: 'hammer', stock: 4, buyPrice: 15, sellPrice: 5 });
  });

  it('prices each unit at the stock it meets, and stops at the stock', async () => {
    const tw = await atShop({ id: 'a', coins: 1000 });
    tw.enqueue(buy('a', 'hammer', 10, 1));
    tw.enqueue(buy('a', 'hammer', 1, 2));
    tw.enqueue(buy('a', 'dragon_scimitar', 1, 3));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ itemId: 'hammer', quantity: 5, paid: 13 + 15 + 16 + 17 + 19 }]);
    expect(errors(tw, 'a')).toEqual(['out_of_stock', 'out_of_stock']);
    expect(me(tw).coins).toBe(1000 - 80);
    expect(me(tw).inventory.count('hammer')).toBe(5);
  });

  it('buys as many as the coins allow, at least one or not_enough_coins', async () => {
    const tw = await atShop({ id: 'a', coins: 30 }, { id: 'b', coins: 12 });
    tw.enqueue(buy('a', 'hammer', 5, 1));
    tw.enqueue(buy('b', 'hammer', 1, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ itemId: 'hammer', quantity: 2, paid: 28 }]);
    expect(me(tw).coins).toBe(2);
    expect(errors(tw, 'b')).toEqual(['not_enough_coins']);
    expect(me(tw, 'b').coins).toBe(12);
  });

  it('buys as many as fit: one per free slot, a stack into its stack; inventory_full when none fit', async () => {
    const full = Array.from({ length: 27 }, (): [string, number] => ['logs', 1]);
    const tw = await atShop(
      { id: 'a', coins: 1000, inventory: slots(...full) },
      { id: 'b', coins: 1000, inventory: slots(...full, ['fishing_bait', 5]) },
    );
    tw.enqueue(buy('a', 'hammer', 3, 1));
    tw.enqueue(buy('a', 'tinderbox', 1, 2));
    tw.enqueue(buy('b', 'fishing_bait', 100, 3));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ itemId: 'hammer', quantity: 1, paid: 13 }]);
    expect(errors(tw, 'a')).toEqual(['inventory_full']);
    expect(acks(tw, 'b')).toMatchObject([{ itemId: 'fishing_bait', quantity: 100 }]);
    expect(me(tw, 'b').inventory.count('fishing_bait')).toBe(105);
  });

  it('hands the stock and the buyer over together, to be written in one transaction', async () => {
    const tw = await atShop({ id: 'a', coins: 100 });
    tw.enqueue(buy('a', 'hammer', 2, 1));
    tw.advance();
    const [p, ...more] = persisted(tw.world.drainEffects());
    expect(more).toEqual([]);
    expect(p).toMatchObject({ what: 'storeStock', key: GENERAL, data: { hammer: 3, tinderbox: 5 } });
    expect(p?.snapshots).toHaveLength(1);
    expect(p?.snapshots[0]).toMatchObject({
      id: 'a',
      coins: 72,
      inventory: slots(['hammer', 1], ['hammer', 1]),
    });
  });
});

describe('selling', () => {
  it('pays the pouch; a general store takes what it does not list as temporary stock', async () => {
    const tw = await atShop({
      id: 'a',
      coins: 0,
      inventory: slots(['hammer', 1], ['oak_logs', 1], ['oak_logs', 1], ['oak_logs', 1]),
    });
    tw.enqueue(sell('a', 0, 1, 1));
    tw.enqueue(sell('a', 2, 3, 2));
    tw.advance();
    // Oak logs (value 20, rate 0.4): 8 for the first (full rate), 4 for each later one (half).
    expect(acks(tw, 'a')).toEqual([
      { itemId: 'hammer', quantity: 1, received: 5 },
      { itemId: 'oak_logs', quantity: 3, received: 16 },
    ]);
    expect(me(tw).coins).toBe(21);
    expect(me(tw).inventory.entries()).toEqual([]);
    expect(stockOf(tw, GENERAL, 'hammer')).toBe(6);
    expect(shopItem(tw, 'a', 'oak_logs')).toEqual({
      itemId: 'oak_logs',
      stock: 3,
      buyPrice: 10,
      sellPrice: 4,
    });
    expect(lastShop(tw, 'a')?.items.at(-1)?.itemId).toBe('oak_logs');
  });

  it('refuses untradeable items, items a specialist does not buy, and money itself', async () => {
    const tw = await atShop({ id: 'a', inventory: slots(['finns_letter', 1], ['coins', 5]) });
    tw.enqueue(sell('a', 0, 1, 1));
    tw.enqueue(sell('a', 1, 5, 2));
    tw.enqueue(sell('a', 4, 1, 3));
    tw.enqueue(sell('a', 40, 1, 4));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['not_tradeable', 'shop_will_not_buy', 'empty_slot', 'invalid_slot']);

    const smith = await TestWorld.create();
    const bram = npcOf(smith, 'weaponsmith_bram');
    smith.login({
      ...record('a', (bram?.x ?? 0) + 1, bram?.z ?? 0),
      inventory: slots(['oak_logs', 1], ['bronze_sword', 1]),
    });
    smith.advance();
    smith.enqueue(openShop('a', bram?.id ?? ''));
    smith.advance(6);
    smith.enqueue(sell('a', 0, 1, 1));
    smith.enqueue(sell('a', 1, 1, 2));
    smith.advance();
    expect(errors(smith, 'a')).toEqual(['shop_will_not_buy']);
    expect(acks(smith, 'a').at(-1)).toMatchObject({ itemId: 'bronze_sword', quantity: 1 });
  });

  it('refuses a sale the coin pouch cannot hold', async () => {
    const tw = await atShop({ id: 'a', coins: MAX_STACK - 2, inventory: slots(['hammer', 1]) });
    tw.enqueue(sell('a', 0, 1, 1));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['inventory_full']);
    expect(me(tw).inventory.entries()).toEqual(slots(['hammer', 1]));
    expect(me(tw).coins).toBe(MAX_STACK - 2);
  });
});

describe('restocking and persistence', () => {
  it('moves each item one unit toward its base stock every restockTicks; temporary stock decays away', async () => {
    const tw = await atShop({ id: 'a', coins: 100, inventory: slots(['oak_logs', 1], ['oak_logs', 1]) });
    tw.enqueue(buy('a', 'hammer', 2));
    tw.enqueue(sell('a', 0, 2));
    tw.advance();
    expect([stockOf(tw, GENERAL, 'hammer'), stockOf(tw, GENERAL, 'oak_logs')]).toEqual([3, 2]);
    const every = 50; // the general store's restockTicks
    const next = Math.ceil((tw.world.tick + 1) / every) * every;
    tw.advance(next - tw.world.tick - 1);
    expect([stockOf(tw, GENERAL, 'hammer'), stockOf(tw, GENERAL, 'oak_logs')]).toEqual([3, 2]);
    tw.world.drainEffects();
    tw.advance();
    expect([stockOf(tw, GENERAL, 'hammer'), stockOf(tw, GENERAL, 'oak_logs')]).toEqual([4, 1]);
    expect(persisted(tw.world.drainEffects())).toMatchObject([
      { what: 'storeStock', key: GENERAL, data: { hammer: 4, oak_logs: 1 }, snapshots: [] },
    ]);
    tw.advance(every);
    expect([stockOf(tw, GENERAL, 'hammer'), stockOf(tw, GENERAL, 'oak_logs')]).toEqual([5, undefined]);
    expect(lastShop(tw, 'a')?.items.some((i) => i.itemId === 'oak_logs')).toBe(false);
    tw.advance(every);
    expect(stockOf(tw, GENERAL, 'hammer')).toBe(5);
  });

  it('restores saved stock at start-up: listed items take the saved counts, others come back as temporary stock', async () => {
    const tw = await TestWorld.create();
    tw.enqueue({
      type: 'restore',
      what: 'storeStock',
      entries: [{ key: GENERAL, data: { hammer: 1, zz_gone_item: 4, oak_logs: 3, bones: 2 } }],
    });
    tw.advance();
    const stock = SHOPS.of(tw.world).get(GENERAL)?.stock;
    expect(stock?.get('hammer')).toBe(1);
    expect(stock?.get('tinderbox')).toBe(5);
    expect([...(stock?.keys() ?? [])].slice(-2)).toEqual(['bones', 'oak_logs']);
    expect(stock?.has('zz_gone_item')).toBe(false);
  });
});

describe('the coin pouch', () => {
  it('takes picked-up coins instead of the inventory, and refuses a pile it cannot hold', async () => {
    const tw = await TestWorld.create();
    tw.login({ ...record('a', 0, 0), coins: 10 });
    tw.login({ ...record('b', 1, 0), coins: MAX_STACK - 5 });
    tw.advance();
    const pa = spawnGroundItem(tw.world, { itemId: 'coins', quantity: 25, x: 0, z: 0, owner: 'a' });
    const pb = spawnGroundItem(tw.world, { itemId: 'coins', quantity: 10, x: 1, z: 0, owner: 'b' });
    const id = (r: typeof pa) => (r.ok ? (r.piles[0]?.id ?? '') : '');
    tw.clearEvents();
    tw.enqueue(client('a', 'player:action', { action: 'pickup', groundItemId: id(pa) }, 1));
    tw.enqueue(client('b', 'player:action', { action: 'pickup', groundItemId: id(pb) }, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ groundItemId: id(pa), itemId: 'coins', quantity: 25 }]);
    expect(me(tw).coins).toBe(35);
    expect(me(tw).inventory.entries()).toEqual([]);
    expect(tw.events('a', 'player:coins').map((e) => e.data)).toEqual([{ tick: tw.world.tick, coins: 35 }]);
    expect(errors(tw, 'b')).toEqual(['inventory_full']);
    expect(me(tw, 'b').coins).toBe(MAX_STACK - 5);
    expect(GROUND_ITEMS.of(tw.world).byId(id(pb))).toBeDefined();
    expect(tw.events('b', 'player:coins')).toEqual([]);
  });
});
