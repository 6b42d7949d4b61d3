/**
 * Shop prices that respond to stock (docs/bank-and-shops.md), in integer maths only.
 *
 * An item's price factor, in percent, moves linearly with how far its stock is from the base
 * stock, relative to the base stock:
 *
 *   percent(stock) = clamp(100 + floor(SWING * (base - stock) / max(base, 1)), MIN, MAX)
 *
 * so an item at its base stock sells at its list price, an emptied shelf costs SWING% more
 * (150%) and a shelf at twice its base stock SWING% less (50%), never beyond those bounds. Items a
 * shop does not list have base stock 0: the first one sold to it fetches the full rate, later ones
 * half.
 *
 * - Buying one unit when the shop holds `stock`: ceil(price * percent(stock) / 100), at least 1.
 * - Selling one unit when it holds `stock`: floor(value * buyRate * percent(stock) / 100), and never
 *   more than buying that unit back would cost (so no sell-then-buy loop makes money).
 * Each unit of a larger order is priced at the stock it meets: buying 5 of 5 costs more per unit
 * at the end than at the start.
 */

/** Percent the price moves between an empty shelf and the base stock (and between base and double). */
export const PRICE_SWING = 50;
export const MIN_PERCENT = 100 - PRICE_SWING;
export const MAX_PERCENT = 100 + PRICE_SWING;

/** The price factor, in percent, at `stock` units for an item whose base stock is `base`. */
export function stockPercent(stock: number, base: number): number {
  const raw = 100 + Math.floor((PRICE_SWING * (base - stock)) / Math.max(base, 1));
  return Math.min(MAX_PERCENT, Math.max(MIN_PERCENT, raw));
}

/** What buying one unit costs when the shop holds `stock` of it. */
export function unitBuyPrice(listPrice: number, stock: number, base: number): number {
  return Math.max(1, Math.ceil((listPrice * stockPercent(stock, base)) / 100));
}

/** `buyRate` (a fraction) in thousandths, so sale prices stay integer maths. */
export function rateMilli(buyRate: number): number {
  return Math.round(buyRate * 1000);
}

/** What selling one unit fetches when the shop holds `stock` of it. */
export function unitSellPrice(
  value: number,
  milli: number,
  listPrice: number,
  stock: number,
  base: number,
): number {
  const raw = Math.floor((value * milli * stockPercent(stock, base)) / 100_000);
  return Math.max(0, Math.min(raw, unitBuyPrice(listPrice, stock + 1, base)));
}

/** The pricing of one item in one shop. */
export interface ItemPricing {
  /** List price (stores.json), or the item's value for an item the shop does not list. */
  listPrice: number;
  /** Item value (items.json): what sale prices start from. */
  value: number;
  base: number;
  milli: number;
}

/**
 * Units `s`, `s+1`, … (or `s`, `s-1`, … going down) share one price as long as the percent is
 * clamped; returns how many units from `stock` on, in direction `dir`, keep the price of the first.
 * Outside the clamped ranges every unit may differ, so the answer there is 1.
 */
function runOfSamePrice(stock: number, base: number, dir: 1 | -1, limit: number): number {
  const b = Math.max(base, 1);
  // percent(stock) is MIN from lowEdge on, MAX up to highEdge.
  const lowEdge = base + b; // 100 + 50 * (base - s) / b <= 50  <=>  s >= base + b
  const highEdge = base - b; // >= 150  <=>  s <= base - b
  if (dir === 1 && stock >= lowEdge) return limit;
  if (dir === -1 && stock <= highEdge) return limit;
  if (dir === -1 && stock >= lowEdge) return Math.min(limit, stock - lowEdge + 1);
  // Going up, a sale's cap looks one unit ahead: the last unit at the edge may differ.
  if (dir === 1 && stock <= highEdge) return Math.max(1, Math.min(limit, highEdge - stock));
  return 1;
}

/**
 * The most units (up to `max`) a player can buy from `stock` with `budget`, and their total cost:
 * each unit at the stock it meets. Runs of one price (clamped percent) are taken in one step, so
 * the work is bounded by the base stock, not by the quantity.
 */
export function planBuy(
  pricing: ItemPricing,
  stock: number,
  max: number,
  budget: number,
): { units: number; cost: number } {
  let units = 0;
  let cost = 0;
  let s = stock;
  while (units < max && s > 0) {
    const price = unitBuyPrice(pricing.listPrice, s, pricing.base);
    const run = runOfSamePrice(s, pricing.base, -1, Math.min(max - units, s));
    const k = Math.min(run, Math.floor((budget - cost) / price));
    if (k <= 0) break;
    units += k;
    cost += k * price;
    s -= k;
  }
  return { units, cost };
}

/**
 * What selling `units` to a shop holding `stock` pays, up to `maxPay` in total (the pouch's room):
 * each unit at the stock it meets. Stops early when the next unit would pass `maxPay`.
 */
export function planSell(
  pricing: ItemPricing,
  stock: number,
  units: number,
  maxPay: number,
): { units: number; pay: number } {
  let sold = 0;
  let pay = 0;
  let s = stock;
  while (sold < units) {
    const price = unitSellPrice(pricing.value, pricing.milli, pricing.listPrice, s, pricing.base);
    // The cap by the buy-back price keeps runs only where both percents are clamped: step by one
    // unit unless the stock is past both edges (s and s + 1 at the minimum).
    const run = runOfSamePrice(s, pricing.base, 1, units - sold);
    const k = price === 0 ? run : Math.min(run, Math.floor((maxPay - pay) / price));
    if (k <= 0) break;
    sold += k;
    pay += k * price;
    s += k;
  }
  return { units: sold, pay };
}
