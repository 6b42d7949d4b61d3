/**
 * Buying from and selling to a shop. Each purchase or sale is all-or-nothing: worked out first
 * (pricing.ts), then applied to copies of the inventory and committed with the shop's new stock;
 * the player's snapshot and the shop's whole stock go to storage together (stock.ts), so a crash
 * can never keep the coins without the items or the other way round.
 *
 * Currency: a shop whose currency is `coins` charges and pays the coin pouch (ADR 0010); any other
 * currency is a stackable inventory item, charged and paid in the inventory.
 */
import type { Player } from '../../core/player';
import { emitDeed } from '../../core/deeds';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { inventoryRoom, takeUnits, unitsAvailable } from '../bank/rules';
import { MAX_STACK } from '../../items/types';
import { planBuy, planSell } from './pricing';
import { addCoins, COINS, pouchRoom, takeCoins } from './pouch';
import { pricingOf, setStock, stockChanged, type Shop } from './stock';
import { snapshotOf } from '../../core/snapshot';

function slotFailure(p: Player, slot: number): Outcome {
  return Number.isInteger(slot) && slot >= 0 && slot < p.inventory.size
    ? fail('empty_slot', 'that slot is empty')
    : fail('invalid_slot', 'there is no such slot');
}

/**
 * Buys up to `quantity` of `itemId`: as many as the stock, the player's money and inventory space
 * allow, each unit at the price of the stock it meets; at least one, or the reason none could be
 * bought (`out_of_stock`, `inventory_full`, `not_enough_coins`).
 */
export function buy(world: World, p: Player, shop: Shop, itemId: string, quantity: number): Outcome {
  const stock = shop.stock.get(itemId);
  const def = world.itemLookup(itemId);
  if (stock === undefined || !def) return fail('out_of_stock', `${shop.def.name} does not sell that`);
  if (stock === 0) return fail('out_of_stock', `${shop.def.name} has no ${def.name.toLowerCase()} left`);
  const currency = shop.def.currency;
  const inventory = p.inventory.clone();
  const room = inventoryRoom(inventory, itemId);
  if (room === 0) return fail('inventory_full', 'you do not have enough inventory space');
  const budget = currency === COINS ? p.coins : inventory.count(currency);
  const pricing = pricingOf(world, shop, itemId);
  const plan = planBuy(pricing, stock, Math.min(quantity, room), budget);
  if (plan.units === 0)
    return fail('not_enough_coins', `you cannot afford even one ${def.name.toLowerCase()}`);
  if (currency !== COINS && !inventory.remove(currency, plan.cost).ok)
    throw new Error('shop: the budget was counted');
  if (!inventory.add(itemId, plan.units).ok) throw new Error('shop: the room was counted');
  if (currency === COINS && !takeCoins(p, plan.cost)) throw new Error('shop: the budget was counted');
  p.inventory.assign(inventory);
  setStock(shop, itemId, stock - plan.units);
  world.ledger.record(currency, -plan.cost, 'shop_buy_coins', p.id);
  emitDeed(world, p, { type: 'shop_buy', storeId: shop.def.id, itemId, quantity: plan.units });
  stockChanged(world, shop, [snapshotOf(world, p)]);
  return { ok: true, result: { itemId, quantity: plan.units, paid: plan.cost } };
}

/**
 * Sells up to `quantity` units of the item in inventory `slot` (capped at what the player holds):
 * only a tradeable item the shop buys (a general store buys any, others only what they list). The
 * shop's stock grows; an item it does not list becomes temporary stock that decays away.
 */
export function sell(world: World, p: Player, shop: Shop, slot: number, quantity: number): Outcome {
  const row = p.inventory.slot(slot);
  if (!row) return slotFailure(p, slot);
  const def = world.itemLookup(row.itemId);
  if (!def?.tradeable) return fail('not_tradeable', 'that item cannot be sold');
  const currency = shop.def.currency;
  if (row.itemId === currency || (!shop.def.buysAnything && !shop.listed.has(row.itemId)))
    return fail('shop_will_not_buy', `${shop.def.name} will not buy that`);
  const stock = shop.stock.get(row.itemId) ?? 0;
  const units = Math.min(unitsAvailable(p.inventory, slot, quantity), MAX_STACK - stock);
  if (units <= 0) return fail('shop_will_not_buy', `${shop.def.name} cannot hold any more of that`);
  const inventory = p.inventory.clone();
  const maxPay = currency === COINS ? pouchRoom(p) : inventoryRoom(inventory, currency);
  const plan = planSell(pricingOf(world, shop, row.itemId), stock, units, maxPay);
  if (plan.units === 0)
    return fail('inventory_full', currency === COINS ? 'your coin pouch is full' : 'no room for the payment');
  takeUnits(inventory, slot, row.itemId, plan.units);
  if (currency !== COINS && plan.pay > 0 && !inventory.add(currency, plan.pay).ok)
    throw new Error('shop: the room was counted');
  if (currency === COINS && !addCoins(p, plan.pay)) throw new Error('shop: the pouch room was counted');
  p.inventory.assign(inventory);
  setStock(shop, row.itemId, stock + plan.units);
  world.ledger.record(currency, plan.pay, 'shop_sell_coins', p.id);
  stockChanged(world, shop, [snapshotOf(world, p)]);
  return { ok: true, result: { itemId: row.itemId, quantity: plan.units, received: plan.pay } };
}
