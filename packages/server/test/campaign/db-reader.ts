/**
 * Reads, straight from the database (with the server stopped), every place an item can be:
 * inventories, banks, equipment, coin pouches, shop stock, the custody of deaths (death locks,
 * which keep a death's gravestone and piles), and the ground (`ground_regions`), plus the item
 * ledger's totals (`item_ledger`) and the trade audit log. Every migration creates these tables: a
 * missing one is an error, not a state to adapt to.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { z } from 'zod';

export const PLACES = ['inventory', 'bank', 'equipment', 'pouch', 'shop', 'custody', 'ground'] as const;
export type Place = (typeof PLACES)[number];

export interface Stack {
  itemId: string;
  quantity: number;
}

export interface TradeRow {
  id: string;
  characterAId: string;
  characterBId: string;
  itemsFromA: Stack[];
  itemsFromB: Stack[];
}

/** Base stock of each listed item of each store (stores.json), for stores the database holds no row of. */
export type StoreBases = ReadonlyMap<string, ReadonlyMap<string, number>>;

export interface Snapshot {
  /** Units of each item id, per place. */
  places: Record<Place, Map<string, number>>;
  /** Units of each item id over all places. */
  totals: Map<string, number>;
  /** Per character: its name and the units it holds (carried, worn, banked, coins). */
  characters: Map<string, { name: string; items: Map<string, number> }>;
  /** Net units per item id over all ledger reasons: what the rules created (+) and destroyed (-). */
  ledger: Map<string, number>;
  /** item id -> reason -> total. */
  ledgerByReason: Map<string, Map<string, number>>;
  trades: TradeRow[];
}

/** The few queries the reader needs, over PGlite or node-postgres. */
interface Sql {
  rows(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function openPglite(dataDir: string): Promise<Sql> {
  const db = await PGlite.create({ dataDir });
  return {
    rows: async (text) => (await db.query<Record<string, unknown>>(text)).rows,
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // One snapshot for every query, though the server is stopped while the checker reads.
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  return {
    rows: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    close: async () => {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    },
  };
}

const stack = z.object({ itemId: z.string(), quantity: z.number().int() });
const stacks = z.array(stack);
/** Numbers may come back as strings (bigint, numeric) or bigints; all must be whole. */
const whole = z.union([z.number(), z.string(), z.bigint()]).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) {
    ctx.addIssue({ code: 'custom', message: `not a whole number: ${String(v)}` });
    return z.NEVER;
  }
  return n;
});
const json = z.unknown().transform((v) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v));
const slotRow = z.object({ characterId: z.string(), itemId: z.string(), quantity: whole });
const characterRow = z.object({ id: z.string(), name: z.string(), coins: whole });
const stockRow = z.object({ storeId: z.string(), itemId: z.string(), stock: whole });
const deathRow = z.object({ id: z.string(), characterId: z.string(), items: json.pipe(stacks) });
const tradeRow = z.object({
  id: z.string(),
  characterAId: z.string(),
  characterBId: z.string(),
  itemsFromA: json.pipe(stacks),
  itemsFromB: json.pipe(stacks),
});
/**
 * A ground region's piles (the world's record, ground-items/persist.ts). A death's piles are never
 * in a region (its death lock keeps them), so every pile here counts.
 */
const regionData = z.object({
  piles: z.array(z.looseObject({ itemId: z.string(), quantity: whole })),
});
const ledgerRow = z.object({ itemId: z.string(), reason: z.string(), total: whole });

function add(map: Map<string, number>, itemId: string, n: number): void {
  if (n === 0) return;
  map.set(itemId, (map.get(itemId) ?? 0) + n);
}

/** Opens the database (PGlite data directory or PostgreSQL URL), reads a snapshot, closes it. */
export async function readSnapshot(
  target: { pgliteDir: string } | { url: string },
  stores: StoreBases,
): Promise<Snapshot> {
  const sql = 'url' in target ? await openPostgres(target.url) : await openPglite(target.pgliteDir);
  try {
    return await read(sql, stores);
  } finally {
    await sql.close();
  }
}

async function read(sql: Sql, stores: StoreBases): Promise<Snapshot> {
  const places = Object.fromEntries(PLACES.map((p) => [p, new Map<string, number>()])) as Record<
    Place,
    Map<string, number>
  >;
  const characters = new Map<string, { name: string; items: Map<string, number> }>();
  for (const r of z.array(characterRow).parse(await sql.rows(`SELECT id, name, coins FROM characters`))) {
    const items = new Map<string, number>();
    add(items, 'coins', r.coins);
    add(places.pouch, 'coins', r.coins);
    characters.set(r.id, { name: r.name, items });
  }
  for (const place of ['inventory', 'bank', 'equipment'] as const) {
    const rows = z
      .array(slotRow)
      .parse(await sql.rows(`SELECT "characterId", "itemId", quantity FROM ${place}`));
    for (const r of rows) {
      add(places[place], r.itemId, r.quantity);
      const c = characters.get(r.characterId);
      if (c) add(c.items, r.itemId, r.quantity);
    }
  }
  // A store without rows has its base stock (the world starts it there); a listed item missing
  // from a store's rows comes back at its base stock too (restoreStock).
  const saved = z.array(stockRow).parse(await sql.rows(`SELECT "storeId", "itemId", stock FROM store_stock`));
  const savedByStore = new Map<string, Map<string, number>>();
  for (const r of saved) {
    const m = savedByStore.get(r.storeId) ?? new Map<string, number>();
    m.set(r.itemId, r.stock);
    savedByStore.set(r.storeId, m);
  }
  for (const [storeId, bases] of stores) {
    const s = savedByStore.get(storeId);
    const effective = new Map<string, number>();
    for (const [itemId, base] of bases) effective.set(itemId, s?.get(itemId) ?? base);
    for (const [itemId, n] of s ?? []) if (!bases.has(itemId)) effective.set(itemId, n);
    for (const [itemId, n] of effective) add(places.shop, itemId, n);
  }
  const deaths = z
    .array(deathRow)
    .parse(await sql.rows(`SELECT id, "characterId", items FROM "playerDeaths" WHERE status = 'active'`));
  for (const d of deaths) for (const s of d.items) add(places.custody, s.itemId, s.quantity);
  for (const r of await sql.rows(`SELECT data FROM ground_regions`)) {
    const data = json.pipe(regionData).parse(r['data']);
    for (const p of data.piles) add(places.ground, p.itemId, p.quantity);
  }
  const ledger = new Map<string, number>();
  const ledgerByReason = new Map<string, Map<string, number>>();
  const ledgerRows = z
    .array(ledgerRow)
    .parse(await sql.rows(`SELECT "itemId", reason, total FROM item_ledger`));
  for (const r of ledgerRows) {
    add(ledger, r.itemId, r.total);
    const byReason = ledgerByReason.get(r.itemId) ?? new Map<string, number>();
    add(byReason, r.reason, r.total);
    ledgerByReason.set(r.itemId, byReason);
  }
  const trades = z
    .array(tradeRow)
    .parse(
      await sql.rows(`SELECT id, "characterAId", "characterBId", "itemsFromA", "itemsFromB" FROM trade_log`),
    );
  const totals = new Map<string, number>();
  for (const place of PLACES) for (const [itemId, n] of places[place]) add(totals, itemId, n);
  return { places, totals, characters, ledger, ledgerByReason, trades };
}
