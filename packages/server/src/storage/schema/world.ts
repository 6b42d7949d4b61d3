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
