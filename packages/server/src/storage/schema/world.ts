import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { JsonValue } from './items';

/**
 * Persistent world modifications, one row per modified chunk. `chunkKey` is
 * the world's own chunk naming (e.g. `"12_-3"`); `data` is whatever the world
 * needs to restore the chunk's changes.
 */
export const worldChunks = pgTable('worldChunks', {
  chunkKey: text('chunkKey').primaryKey(),
  data: jsonb('data').$type<Record<string, JsonValue>>().notNull().default({}),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
});

/** Current stock of each shop item, so restock state survives a restart. */
export const storeStock = pgTable(
  'store_stock',
  {
    storeId: text('storeId').notNull(),
    itemId: text('itemId').notNull(),
    stock: integer('stock').notNull(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'store_stock_pk', columns: [t.storeId, t.itemId] }),
    check('store_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

/**
 * Which server process owns the world of this database (one row, id `world`): written when a
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
