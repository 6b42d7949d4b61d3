import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { JsonValue } from './items';

/**
 * Persistent world modifications, one row per world and modified chunk. `chunkKey` is
 * the world's own chunk naming (e.g. `"12_-3"`); `data` is whatever the world
 * needs to restore the chunk's changes.
 */
export const worldChunks = pgTable(
  'worldChunks',
  {
    worldId: integer('worldId').notNull().default(1),
    chunkKey: text('chunkKey').notNull(),
    data: jsonb('data').$type<Record<string, JsonValue>>().notNull().default({}),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'world_chunks_pk', columns: [t.worldId, t.chunkKey] })],
);

/** Current stock of each shop item in each world, so restock state survives a restart. */
export const storeStock = pgTable(
  'store_stock',
  {
    worldId: integer('worldId').notNull().default(1),
    storeId: text('storeId').notNull(),
    itemId: text('itemId').notNull(),
    stock: integer('stock').notNull(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'store_stock_pk', columns: [t.worldId, t.storeId, t.itemId] }),
    check('store_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

/**
 * Items lying on the ground, one row per world and 8x8-tile region holding piles (`regionKey` `<rx>:<rz>`).
 * `data` is the world's record of the region: `{ v, piles: [{ itemId, quantity, x, z, owner,
 * publicInTicks, despawnInTicks }] }`, written in the same transaction as the players whose items
 * moved onto or off the ground with it. A region without piles has no row.
 */
export const groundRegions = pgTable(
  'ground_regions',
  {
    worldId: integer('worldId').notNull().default(1),
    regionKey: text('regionKey').notNull(),
    data: jsonb('data').$type<Record<string, JsonValue>>().notNull(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ground_regions_pk', columns: [t.worldId, t.regionKey] })],
);

/**
 * The item ledger's committed totals: per item and reason (gather, shop_buy_coins, despawn...), the
 * net units the world's rules created (+) or destroyed (-). Every save transaction adds the entries
 * of the state it writes, so the items in the database and these totals always change together.
 */
export const itemLedger = pgTable(
  'item_ledger',
  {
    itemId: text('itemId').notNull(),
    reason: text('reason').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'item_ledger_pk', columns: [t.itemId, t.reason] })],
);

/**
 * Saves that failed on their own (not because the database was away) and were set aside, so they
 * never block anyone else's saves: kept whole for an operator to inspect (docs/reliability.md).
 */
export const saveQuarantine = pgTable('save_quarantine', {
  id: text('id').primaryKey(),
  /** The world whose save it was. */
  worldId: integer('worldId'),
  characterIds: jsonb('characterIds').$type<string[]>().notNull().default([]),
  recordKeys: jsonb('recordKeys').$type<string[]>().notNull().default([]),
  error: text('error').notNull(),
  payload: jsonb('payload').$type<Record<string, JsonValue>>().notNull(),
  createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per committed save batch, written inside the batch's transaction: after a connection
 * error that may have struck during COMMIT, the save queue looks its marker up to learn whether the
 * batch committed, so it never writes a batch twice (the ledger totals would count twice).
 * Markers older than an hour are pruned.
 */
export const saveCommits = pgTable('save_commits', {
  id: text('id').primaryKey(),
  committedAt: timestamp('committedAt', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which server process owns each world (one row per world, id the world number as text): written when a
 * process takes the world lock, `releasedAt` set when it lets go cleanly. A newcomer reads it to
 * tell an owner that died (its session ended while the database ran on) from one that is
 * reconnecting after a database restart (see storage/world-ownership.ts).
 */
export const worldOwner = pgTable('world_owner', {
  id: text('id').primaryKey(),
  instance: text('instance').notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  claimedAt: timestamp('claimedAt', { withTimezone: true }).notNull().defaultNow(),
  releasedAt: timestamp('releasedAt', { withTimezone: true }),
});
