import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  planBuy,
  planSell,
  rateMilli,
  stockPercent,
  unitBuyPrice,
  unitSellPrice,
  type ItemPricing,
} from './pricing';

/** The plans, unit by unit, as the rule reads: each unit at the stock it meets. */
function naiveBuy(p: ItemPricing, stock: number, max: number, budget: number) {
  let units = 0;
  let cost = 0;
  for (let s = stock; s > 0 && units < max; s--) {
    const price = unitBuyPrice(p.listPrice, s, p.base);
    if (cost + price > budget) break;
    units++;
    cost += price;
  }
  return { units, cost };
}
function naiveSell(p: ItemPricing, stock: number, n: number, maxPay: number) {
  let units = 0;
  let pay = 0;
  for (let s = stock; units < n; s++) {
    const price = unitSellPrice(p.value, p.milli, p.listPrice, s, p.base);
    if (pay + price > maxPay) break;
    units++;
    pay += price;
  }
  return { units, pay };
}

const pricing = fc.record({
  listPrice: fc.integer({ min: 1, max: 5000 }),
  value: fc.integer({ min: 0, max: 5000 }),
  base: fc.integer({ min: 0, max: 60 }),
  milli: fc.integer({ min: 0, max: 1000 }),
});

describe('shop prices', () => {
  it('move with stock: list price at base stock, +50% on an empty shelf, -50% from double stock on', () => {
    expect(stockPercent(5, 5)).toBe(100);
    expect([4, 3, 2, 1, 0].map((s) => stockPercent(s, 5))).toEqual([110, 120, 130, 140, 150]);
    expect([6, 10, 11, 1000].map((s) => stockPercent(s, 5))).toEqual([90, 50, 50, 50]);
    // Items a shop does not list (base 0): the first sold at the full rate, later ones at half.
    expect([0, 1, 7].map((s) => stockPercent(s, 0))).toEqual([100, 50, 50]);
  });

  it('prices the Oakhaven hammer (list 13, base stock 5) unit by unit', () => {
    expect([5, 4, 3, 2, 1].map((s) => unitBuyPrice(13, s, 5))).toEqual([13, 15, 16, 17, 19]);
    expect(planBuy({ listPrice: 13, value: 13, base: 5, milli: 400 }, 5, 10, 1000)).toEqual({
      units: 5,
      cost: 80,
    });
    // A sale: floor(13 * 0.4 * 100%) = 5.
    expect(unitSellPrice(13, rateMilli(0.4), 13, 5, 5)).toBe(5);
    expect(unitBuyPrice(1, 1000, 5)).toBe(1); // never free
  });

  it('plans a purchase exactly like pricing each unit in turn, however large the order', () => {
    fc.assert(
      fc.property(
        pricing,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 200_000 }),
        (p, stock, max, budget) => {
          expect(planBuy(p, stock, max, budget)).toEqual(naiveBuy(p, stock, max, budget));
        },
      ),
    );
  });

  it('plans a sale exactly like pricing each unit in turn', () => {
    fc.assert(
      fc.property(
        pricing,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 200_000 }),
        (p, stock, n, maxPay) => {
          expect(planSell(p, stock, n, maxPay)).toEqual(naiveSell(p, stock, n, maxPay));
        },
      ),
    );
  });

  it('never pays more for a unit than buying it straight back costs (no money from nothing)', () => {
    fc.assert(
      fc.property(pricing, fc.integer({ min: 0, max: 1000 }), (p, stock) => {
        const sold = unitSellPrice(p.value, p.milli, p.listPrice, stock, p.base);
        expect(sold).toBeLessThanOrEqual(unitBuyPrice(p.listPrice, stock + 1, p.base));
      }),
    );
  });

  it('takes runs of one price in one step: two billion units of an overstocked item are planned at once', () => {
    const p = { listPrice: 3, value: 3, base: 10, milli: 500 };
    expect(planBuy(p, 2_000_000_000, 2_000_000_000, 2_147_483_647)).toEqual({
      units: 1_073_741_823,
      cost: 2 * 1_073_741_823,
    });
    expect(planSell(p, 100, 1_000_000_000, 2_147_483_647)).toEqual({ units: 1_000_000_000, pay: 0 });
  });
});
