import { describe, expect, it } from 'vitest';
import { judge, type CheckContext } from './checker';
import { PLACES, type Place, type Snapshot, type TradeRow } from './db-reader';
import { Journal } from './journal';
import type { WorldFacts } from './world-facts';

/** The campaign's judge on hand-made snapshots: it passes what the rules allow and fails the rest. */

const STORE = 'oakhaven_general_store';

function snapshot(
  places: Partial<Record<Place, Record<string, number>>>,
  options: { trades?: TradeRow[]; ledger?: Record<string, number>; shopStock?: Record<string, number> } = {},
): Snapshot {
  const p = Object.fromEntries(PLACES.map((k) => [k, new Map(Object.entries(places[k] ?? {}))])) as Record<
    Place,
    Map<string, number>
  >;
  const totals = new Map<string, number>();
  for (const k of PLACES) for (const [id, n] of p[k]) totals.set(id, (totals.get(id) ?? 0) + n);
  const ledger = options.ledger ? new Map(Object.entries(options.ledger)) : undefined;
  return {
    features: { groundRegions: false, itemLedger: ledger !== undefined },
    places: p,
    totals,
    shopStock: new Map([[STORE, new Map(Object.entries(options.shopStock ?? { hammer: 5 }))]]),
    characters: new Map(),
    ledger,
    ledgerByReason: ledger
      ? new Map([...ledger].map(([id, n]) => [id, new Map([['gather', n]])]))
      : undefined,
    trades: options.trades ?? [],
  };
}

const facts = {
  shop: { storeId: STORE, npcId: 'shopkeeper_marla' },
  shopBase: (itemId: string) => (itemId === 'hammer' ? 5 : 0),
} as unknown as WorldFacts;

const ctx: CheckContext = {
  index: 1,
  label: 'test',
  round: 1,
  endedRuns: [1],
  nameOf: (id) => id,
  describeTradeTiming: () => 'timing',
};

describe('the campaign checker', () => {
  it('requires item ids that only moved to keep their totals, wherever they went', () => {
    const before = snapshot({ inventory: { bronze_axe: 2 }, equipment: { wooden_shield: 1 } });
    const moved = snapshot({ bank: { bronze_axe: 1 }, custody: { bronze_axe: 1, wooden_shield: 1 } });
    expect(judge(before, moved, new Journal(), facts, ctx).violations).toEqual([]);
    const lost = snapshot({ bank: { bronze_axe: 1 }, equipment: { wooden_shield: 1 } });
    const result = judge(before, lost, new Journal(), facts, ctx);
    expect(result.violations.map((v) => v.key)).toEqual(['item:bronze_axe:-1']);
    expect(result.items.find((i) => i.itemId === 'bronze_axe')).toMatchObject({ mode: 'exact', ok: false });
  });

  it('names the piles a crash left on the ground next to a lost item', () => {
    const journal = new Journal();
    journal.dropped(1, 10, 'char-a', { id: 'g1', itemId: 'bronze_axe', quantity: 1 });
    const result = judge(snapshot({ inventory: { bronze_axe: 1 } }), snapshot({}), journal, facts, ctx);
    expect(result.violations[0]?.details.join('\n')).toContain('g1×1 dropped by char-a');
  });

  it('allows a despawn only for a pile that lived long enough in its run', () => {
    const journal = new Journal();
    journal.dropped(1, 10, 'a', { id: 'g1', itemId: 'bread', quantity: 1 });
    journal.sawTick(1, 200);
    const before = snapshot({ inventory: { bread: 1 } });
    expect(judge(before, snapshot({}), journal, facts, ctx).violations).toHaveLength(1);
    journal.sawTick(1, 320);
    expect(judge(before, snapshot({}), journal, facts, ctx).violations).toEqual([]);
    // It can only have gone, not multiplied.
    expect(judge(before, snapshot({ inventory: { bread: 2 } }), journal, facts, ctx).violations).toHaveLength(
      1,
    );
  });

  it('bounds coins and shop items by the orders the players sent', () => {
    const journal = new Journal();
    journal.order('buy', 'hammer', 1, 20);
    journal.settled('buy', 'hammer', 1, 1, 20, 13);
    const before = snapshot({ pouch: { coins: 25 }, shop: { hammer: 5 } });
    // Bought: 13 coins gone, the hammer moved; a restock step may add one hammer back.
    const after = snapshot({ pouch: { coins: 12 }, inventory: { hammer: 1 }, shop: { hammer: 5 } });
    expect(judge(before, after, journal, facts, ctx).violations).toEqual([]);
    const minted = snapshot({ pouch: { coins: 30 }, inventory: { hammer: 1 }, shop: { hammer: 4 } });
    expect(judge(before, minted, journal, facts, ctx).violations.map((v) => v.key)).toEqual(['item:coins:5']);
    const twoRestocks = snapshot({ pouch: { coins: 12 }, inventory: { hammer: 1 }, shop: { hammer: 6 } });
    expect(judge(before, twoRestocks, journal, facts, ctx).violations.map((v) => v.key)).toEqual([
      'item:hammer:2',
    ]);
  });

  it('holds every item id to the ledger when the database has one', () => {
    const before = snapshot({ inventory: { logs: 2 } }, { ledger: { logs: 2 } });
    expect(
      judge(before, snapshot({ inventory: { logs: 5 } }, { ledger: { logs: 5 } }), new Journal(), facts, ctx)
        .violations,
    ).toEqual([]);
    const off = judge(
      before,
      snapshot({ inventory: { logs: 6 } }, { ledger: { logs: 5 } }),
      new Journal(),
      facts,
      ctx,
    );
    expect(off.violations.map((v) => v.key)).toEqual(['item:logs:4']);
    expect(off.items[0]).toMatchObject({ mode: 'ledger', low: 3, high: 3 });
  });

  it('finds every acknowledged trade in the log, by id or by content, and reports the missing', () => {
    const journal = new Journal();
    const ack = (tradeId: string, given: number) =>
      journal.tradeAcks.push({
        incarnation: 1,
        round: 1,
        tradeId,
        playerId: 'a',
        partnerId: 'b',
        given: [{ itemId: 'coins', quantity: given }],
        received: [{ itemId: 'bread', quantity: 1 }],
        atMs: given,
      });
    ack('t1', 5);
    ack('t2', 6);
    ack('t3', 7);
    const row = (id: string, coins: number): TradeRow => ({
      id,
      characterAId: 'b',
      characterBId: 'a',
      itemsFromA: [{ itemId: 'bread', quantity: 1 }],
      itemsFromB: [{ itemId: 'coins', quantity: coins }],
    });
    const now = snapshot({}, { trades: [row('t1', 5), row('uuid-2', 6)] });
    const result = judge(snapshot({}), now, journal, facts, ctx);
    expect(result.tradesAcknowledged).toBe(3);
    expect(result.tradesFound).toBe(2);
    expect(result.violations.map((v) => v.key)).toEqual(['trade_missing:1:t3']);
  });
});
