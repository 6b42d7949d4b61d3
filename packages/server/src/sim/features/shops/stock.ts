/**
 * The stock of every shop in the world (stores.json), restocking and its persistence. Each shop
 * starts at its base stock; what players buy and sell moves it, and every `restockTicks` each item
 * moves one unit back toward its base stock. Items a shop does not list (sold to a general store)
 * are temporary stock with base 0: they decay to nothing and then leave the list.
 *
 * The whole stock of a shop is persisted (`persist` effect, `storeStock`) after every change, with
 * the snapshot of the player whose purchase or sale changed it, so both commit in one transaction;
 * at start-up the saved stock comes back through the `storeStock` restorer.
 */
import { z } from 'zod';
import type { StoreDef } from '../../../content/schemas/stores';
import type { JsonObject, PlayerSnapshot } from '../../core/types';
import { recordOwner } from '../../core/ledger';
import type { World } from '../../core/world';
import { MAX_STACK } from '../../items/types';
import { rateMilli, unitBuyPrice, unitSellPrice, type ItemPricing } from './pricing';
import { worldSlot } from '../../core/slots';
import { INTERFACE } from '../bank/interface';

/** One shop's live state: stock by item id, listed items first (manifest order), then temporary ones. */
export interface Shop {
  readonly def: StoreDef;
  readonly stock: Map<string, number>;
  /** Base stock and list price of the items the shop lists. */
  readonly listed: ReadonlyMap<string, { stock: number; price: number }>;
}

function createShop(def: StoreDef): Shop {
  const listed = new Map(def.items.map((i) => [i.itemId, { stock: i.stock, price: i.price }]));
  return { def, stock: new Map(def.items.map((i) => [i.itemId, i.stock])), listed };
}

/**
 * Every shop of the world, by store id, in manifest order (at base stock when the world starts).
 * Hashed: each shop's stock in its own order (listed items in manifest order, then temporary ones).
 */
export const SHOPS = worldSlot('shops.stock', {
  init: (world) => new Map([...world.content.stores.values()].map((d) => [d.id, createShop(d)])),
  hash: (shops, h) => {
    for (const [id, shop] of shops) {
      h.str(id).num(shop.stock.size);
      for (const [itemId, n] of shop.stock) h.str(itemId).num(n);
    }
  },
});

/** The pricing of `itemId` in `shop`: list price and base stock, or the item's value and base 0. */
export function pricingOf(world: World, shop: Shop, itemId: string): ItemPricing {
  const value = world.itemLookup(itemId)?.value ?? 0;
  const listed = shop.listed.get(itemId);
  return {
    listPrice: listed?.price ?? Math.max(1, value),
    value,
    base: listed?.stock ?? 0,
    milli: rateMilli(shop.def.buyRate),
  };
}

/** The `shop:update` a player with this shop open receives. */
export function shopView(world: World, shop: Shop) {
  return {
    tick: world.tick,
    storeId: shop.def.id,
    name: shop.def.name,
    items: [...shop.stock].map(([itemId, stock]) => {
      const p = pricingOf(world, shop, itemId);
      return {
        itemId,
        stock,
        buyPrice: unitBuyPrice(p.listPrice, stock, p.base),
        sellPrice: unitSellPrice(p.value, p.milli, p.listPrice, stock, p.base),
      };
    }),
  };
}

/** Sends the shop to every player who has it open. */
export function broadcastShop(world: World, shop: Shop): void {
  let view: ReturnType<typeof shopView> | undefined;
  for (const p of world.players.values()) {
    const open = INTERFACE.of(p).open;
    if (open?.kind !== 'shop' || open.storeId !== shop.def.id) continue;
    view ??= shopView(world, shop);
    world.send(p.id, 'shop:update', view);
  }
}

/** The shop's stock as storage keeps it: item id -> units (temporary items leave the list at 0). */
export function stockData(shop: Shop): JsonObject {
  const out: JsonObject = {};
  for (const [itemId, n] of shop.stock) out[itemId] = n;
  return out;
}

/**
 * After a change of stock: storage gets the whole stock with the snapshots that changed with it
 * (one transaction), and every player with the shop open sees it.
 */
export function stockChanged(world: World, shop: Shop, snapshots: PlayerSnapshot[]): void {
  const ledger = world.ledger.takeOwned(recordOwner('storeStock', shop.def.id));
  world.effect({
    type: 'persist',
    what: 'storeStock',
    key: shop.def.id,
    data: stockData(shop),
    snapshots,
    ledger,
  });
  broadcastShop(world, shop);
}

/** Sets an item's stock; a temporary item (not listed) that reaches 0 leaves the shop. */
export function setStock(shop: Shop, itemId: string, n: number): void {
  if (n <= 0 && !shop.listed.has(itemId)) shop.stock.delete(itemId);
  else shop.stock.set(itemId, Math.min(MAX_STACK, Math.max(0, n)));
}

/** World phase: every `restockTicks`, each item of a shop moves one unit toward its base stock. */
export function restock(world: World): void {
  for (const shop of SHOPS.of(world).values()) {
    if (world.tick % shop.def.restockTicks !== 0) continue;
    let changed = false;
    for (const [itemId, n] of [...shop.stock]) {
      const base = shop.listed.get(itemId)?.stock ?? 0;
      if (n === base) continue;
      setStock(shop, itemId, n < base ? n + 1 : n - 1);
      world.ledger.record(
        itemId,
        n < base ? 1 : -1,
        n < base ? 'restock' : 'stock_decay',
        recordOwner('storeStock', shop.def.id),
      );
      changed = true;
    }
    if (changed) stockChanged(world, shop, []);
  }
}

const savedStock = z.record(z.string(), z.number().int().min(0).max(MAX_STACK));

/**
 * Start-up: the saved stock of each shop replaces its base stock. Listed items missing from the
 * save keep their base stock (added to the manifest since); saved items the content no longer
 * defines are dropped; other unlisted items come back as temporary stock, in id order.
 */
export function restoreStock(world: World, entries: ReadonlyArray<{ key: string; data: JsonObject }>): void {
  const shops = SHOPS.of(world);
  for (const { key, data } of entries) {
    const shop = shops.get(key);
    const parsed = savedStock.safeParse(data);
    if (!shop || !parsed.success) {
      world.effect({
        type: 'fault',
        where: `restore storeStock ${key}`,
        message: 'unknown store or bad data',
      });
      continue;
    }
    const saved = parsed.data;
    for (const itemId of shop.listed.keys()) {
      const n = saved[itemId];
      if (n !== undefined) shop.stock.set(itemId, n);
    }
    const extra = Object.keys(saved)
      .filter((id) => !shop.listed.has(id) && world.itemLookup(id) !== undefined)
      .sort();
    for (const itemId of extra) setStock(shop, itemId, saved[itemId] ?? 0);
  }
}
