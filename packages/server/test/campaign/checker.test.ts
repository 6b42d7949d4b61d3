import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDataDir } from '../db-helpers';
import { judge, type CheckContext } from './checker';
import { PLACES, readSnapshot, type Place, type Snapshot, type TradeRow } from './db-reader';
import { Journal, type TradeAck } from './journal';

/**
 * The campaign's judge: every item id's change of units must equal its ledger's change, and every
 * acknowledged trade must be the trade_log row of its id as the players were told it. First on
 * hand-made snapshots, then on snapshots read from a migrated database.
 */

function snapshot(
  places: Partial<Record<Place, Record<string, number>>>,
  options: { trades?: TradeRow[]; ledger?: Record<string, Record<string, number>> } = {},
): Snapshot {
  const p = Object.fromEntries(PLACES.map((k) => [k, new Map(Object.entries(places[k] ?? {}))])) as Record<
    Place,
    Map<string, number>
  >;
  const totals = new Map<string, number>();
  for (const k of PLACES) for (const [id, n] of p[k]) totals.set(id, (totals.get(id) ?? 0) + n);
  const byReason = new Map(
    Object.entries(options.ledger ?? {}).map(([id, reasons]) => [id, new Map(Object.entries(reasons))]),
  );
  const ledger = new Map([...byReason].map(([id, r]) => [id, [...r.values()].reduce((a, b) => a + b, 0)]));
  return {
    places: p,
    totals,
    characters: new Map(),
    ledger,
    ledgerByReason: byReason,
    trades: options.trades ?? [],
  };
}

const ctx: CheckContext = {
  index: 1,
  label: 'test',
  round: 1,
  endedRuns: [1],
  nameOf: (id) => id,
  describeTradeTiming: () => 'timing',
};

const keys = (s: Snapshot, before: Snapshot, journal = new Journal()) =>
  judge(before, s, journal, ctx).violations.map((v) => v.key);

describe('the campaign checker: items', () => {
  const before = snapshot(
    {
      inventory: { bronze_axe: 2, logs: 2 },
      equipment: { wooden_shield: 1 },
      pouch: { coins: 25 },
      shop: { hammer: 5 },
    },
    { ledger: { logs: { gather: 2 } } },
  );

  it('passes every change the ledger explains, wherever the items moved', () => {
    const after = snapshot(
      {
        bank: { bronze_axe: 1, logs: 5 },
        custody: { bronze_axe: 1 },
        ground: { wooden_shield: 1 },
        pouch: { coins: 12 },
        inventory: { hammer: 1 },
        shop: { hammer: 5 },
      },
      { ledger: { logs: { gather: 5 }, coins: { shop_buy_coins: -13 }, hammer: { shop_restock: 1 } } },
    );
    const result = judge(before, after, new Journal(), ctx);
    expect(result.violations).toEqual([]);
    expect(result.items.find((i) => i.itemId === 'coins')).toEqual({
      itemId: 'coins',
      before: 25,
      after: 12,
      delta: -13,
      ledger: -13,
      ok: true,
    });
    expect(result.items.find((i) => i.itemId === 'bronze_axe')).toMatchObject({
      delta: 0,
      ledger: 0,
      ok: true,
    });
  });

  it('fails a change the ledger does not explain, with the ledger by reason', () => {
    const after = snapshot(
      {
        inventory: { bronze_axe: 2, logs: 6 },
        equipment: { wooden_shield: 1 },
        pouch: { coins: 25 },
        shop: { hammer: 5 },
      },
      { ledger: { logs: { gather: 5 } } },
    );
    const result = judge(before, after, new Journal(), ctx);
    expect(result.violations.map((v) => v.key)).toEqual(['item:logs:1']);
    expect(result.items.find((i) => i.itemId === 'logs')).toMatchObject({ delta: 4, ledger: 3, ok: false });
    expect(result.violations[0]?.message).toContain('1 unit(s) created outside the rules');
    expect(result.violations[0]?.details).toContain('ledger since the baseline: gather +3');
    // Units the ledger says the rules destroyed must be gone: keeping them is a duplicate too.
    const kept = snapshot(
      {
        inventory: { bronze_axe: 2, logs: 2 },
        equipment: { wooden_shield: 1 },
        pouch: { coins: 25 },
        shop: { hammer: 5 },
      },
      { ledger: { logs: { gather: 2 }, coins: { shop_buy_coins: -3 } } },
    );
    expect(keys(kept, before)).toEqual(['item:coins:3']);
  });

  it('fails a duplicate: an item in two places at once', () => {
    const after = snapshot(
      {
        inventory: { bronze_axe: 2, logs: 2 },
        ground: { bronze_axe: 1 },
        equipment: { wooden_shield: 1 },
        pouch: { coins: 25 },
        shop: { hammer: 5 },
      },
      { ledger: { logs: { gather: 2 } } },
    );
    const result = judge(before, after, new Journal(), ctx);
    expect(result.violations.map((v) => v.key)).toEqual(['item:bronze_axe:1']);
    expect(result.violations[0]?.details[0]).toBe('places: inventory 2→2, ground 0→1');
  });

  it('fails a loss and names the piles of that item the run left behind', () => {
    const journal = new Journal();
    journal.dropped(1, 10, 'char-a', { id: 'g1', itemId: 'bronze_axe', quantity: 1 });
    journal.dropped(1, 12, 'char-a', { id: 'g2', itemId: 'bronze_axe', quantity: 1 });
    journal.pickedUp(1, 'g2');
    const after = snapshot(
      {
        inventory: { bronze_axe: 1, logs: 2 },
        equipment: { wooden_shield: 1 },
        pouch: { coins: 25 },
        shop: { hammer: 5 },
      },
      { ledger: { logs: { gather: 2 } } },
    );
    const result = judge(before, after, journal, ctx);
    expect(result.violations.map((v) => v.key)).toEqual(['item:bronze_axe:-1']);
    expect(result.violations[0]?.message).toContain('1 unit(s) destroyed outside the rules');
    const details = result.violations[0]?.details.join('\n') ?? '';
    expect(details).toContain(
      'did not pick up in server run 1 (1 unit(s)): g1×1 dropped by char-a at tick 10',
    );
    expect(details).toContain('picked up in server run 1 (1 unit(s)): g2×1');
  });
});

describe('the campaign checker: acknowledged trades', () => {
  const told = (
    tradeId: string,
    playerId: string,
    partnerId: string,
    given: number,
    bread: number,
  ): TradeAck => ({
    incarnation: 1,
    round: 1,
    tradeId,
    playerId,
    partnerId,
    given: playerId === 'a' ? [{ itemId: 'coins', quantity: given }] : [{ itemId: 'bread', quantity: bread }],
    received:
      playerId === 'a' ? [{ itemId: 'bread', quantity: bread }] : [{ itemId: 'coins', quantity: given }],
    atMs: 0,
  });
  const row = (id: string, coins: number, bread = 1): TradeRow => ({
    id,
    characterAId: 'b',
    characterBId: 'a',
    itemsFromA: [{ itemId: 'bread', quantity: bread }],
    itemsFromB: [{ itemId: 'coins', quantity: coins }],
  });

  it('finds each by its id with what both players were told, and reports the missing and the different', () => {
    const journal = new Journal();
    for (const [id, coins] of [
      ['t1_5_0', 5],
      ['t1_6_0', 6],
      ['t1_7_0', 7],
    ] as const)
      journal.tradeAcks.push(told(id, 'a', 'b', coins, 1), told(id, 'b', 'a', coins, 1));
    // t1_6_0 is logged with other items; t1_7_0 only under another id, which does not count.
    const now = snapshot(
      {},
      { trades: [row('t1_5_0', 5), row('t1_6_0', 6, 2), row('t2_1_0', 7), row('t2_2_0', 1)] },
    );
    const result = judge(snapshot({}), now, journal, ctx);
    expect(result).toMatchObject({ tradesAcknowledged: 3, tradesFound: 1, tradeRowsUnacknowledged: 2 });
    expect(result.violations.map((v) => v.key)).toEqual(['trade_mismatch:t1_6_0', 'trade_missing:t1_7_0']);
    expect(result.violations[0]?.details.join('\n')).toContain('it says bread');
  });

  it('fails a row between other characters, or one only one player’s account matches', () => {
    const journal = new Journal();
    journal.tradeAcks.push(told('t1_5_0', 'a', 'b', 5, 1), told('t1_5_0', 'b', 'a', 5, 1));
    const other = { ...row('t1_5_0', 5), characterAId: 'c' };
    expect(keys(snapshot({}, { trades: [other] }), snapshot({}), journal)).toEqual(['trade_mismatch:t1_5_0']);
    const lopsided = new Journal();
    lopsided.tradeAcks.push(told('t1_5_0', 'a', 'b', 5, 1), told('t1_5_0', 'b', 'a', 4, 1));
    expect(keys(snapshot({}, { trades: [row('t1_5_0', 5)] }), snapshot({}), lopsided)).toEqual([
      'trade_mismatch:t1_5_0',
    ]);
  });
});

describe('the campaign checker on a database', () => {
  const stores = new Map([['oakhaven_general_store', new Map([['hammer', 5]])]]);
  let data: { dir: string; cleanup(): Promise<void> };

  async function sql(text: string): Promise<void> {
    const db = await PGlite.create({ dataDir: data.dir });
    try {
      await db.exec(text);
    } finally {
      await db.close();
    }
  }
  const read = () => readSnapshot({ pgliteDir: data.dir }, stores);
  const axeOnTheGround = `INSERT INTO ground_regions ("regionKey", data) VALUES ('0:-1', '{"v":1,"piles":[{"itemId":"bronze_axe","quantity":1,"x":2,"z":-3,"owner":null,"publicInTicks":0,"despawnInTicks":150}]}')`;

  beforeAll(async () => {
    data = await createTestDataDir();
    await sql(`
      INSERT INTO users (id) VALUES ('u1');
      INSERT INTO characters (id, "accountId", name, coins) VALUES ('a', 'u1', 'Ann', 10), ('b', 'u1', 'Bob', 0);
      INSERT INTO inventory ("characterId", slot, "itemId", quantity) VALUES ('a', 0, 'bronze_axe', 1);
      INSERT INTO "playerDeaths" (id, "characterId", "positionX", "positionY", "positionZ", items, status)
        VALUES ('d0', 'b', 0, 0, 0, '[{"itemId":"bronze_axe","quantity":3}]', 'recovered');
    `);
  }, 60_000);
  afterAll(() => data?.cleanup());

  it('counts an item that is only on the ground or only in a death lock, and nothing twice', async () => {
    const baseline = await read();
    expect(baseline.totals).toEqual(
      new Map([
        ['bronze_axe', 1],
        ['coins', 10],
        ['hammer', 5],
      ]),
    );

    // Dropped: the axe is only in a ground region.
    await sql(`DELETE FROM inventory; ${axeOnTheGround}`);
    const dropped = await read();
    expect(dropped.places.ground.get('bronze_axe')).toBe(1);
    expect(judge(baseline, dropped, new Journal(), ctx).violations).toEqual([]);

    // Picked up by Bob, who then died: it is only in his death lock.
    await sql(`DELETE FROM ground_regions;
      INSERT INTO "playerDeaths" (id, "characterId", "positionX", "positionY", "positionZ", items)
        VALUES ('d1', 'b', 0, 0, 0, '[{"itemId":"bronze_axe","quantity":1}]')`);
    const died = await read();
    expect(died.places.custody.get('bronze_axe')).toBe(1);
    expect(judge(baseline, died, new Journal(), ctx).violations).toEqual([]);

    // The same axe also back on the ground: a duplicate.
    await sql(axeOnTheGround);
    expect(keys(await read(), baseline)).toEqual(['item:bronze_axe:1']);
  });

  it('takes the ledger totals from item_ledger and fails without the table', async () => {
    const baseline = await read();
    await sql(`UPDATE characters SET coins = 6 WHERE id = 'a';
      INSERT INTO item_ledger ("itemId", reason, total) VALUES ('coins', 'shop_buy_coins', -4), ('coins', 'shop_sell_coins', 0)`);
    const paid = await read();
    expect(paid.ledger.get('coins')).toBe(-4);
    expect(keys(paid, baseline)).toEqual([]);
    await sql(`UPDATE characters SET coins = 7 WHERE id = 'a'`);
    expect(keys(await read(), baseline)).toEqual(['item:coins:1']);
    await sql(`DROP TABLE item_ledger`);
    await expect(read()).rejects.toThrow(/item_ledger/);
  });
});
