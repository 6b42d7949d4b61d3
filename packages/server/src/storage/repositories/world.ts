import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { storeStock, tradeLog, worldChunks, worldOwner } from '../schema';
import type { AppDatabase } from '../types';
import type {
  StoreStockRepository,
  TradeLogRepository,
  WorldChunkRepository,
  WorldOwnerRepository,
} from './ports-more';

/** Drizzle implementation of {@link WorldChunkRepository}: the chunks of world `worldId`. */
export function createWorldChunkRepository(db: AppDatabase, worldId: number): WorldChunkRepository {
  const ofWorld = eq(worldChunks.worldId, worldId);
  return {
    async get(chunkKey) {
      const rows = await db
        .select()
        .from(worldChunks)
        .where(and(ofWorld, eq(worldChunks.chunkKey, chunkKey)));
      return rows[0]?.data ?? null;
    },

    async upsert(chunkKey, data) {
      await db
        .insert(worldChunks)
        .values({ worldId, chunkKey, data })
        .onConflictDoUpdate({
          target: [worldChunks.worldId, worldChunks.chunkKey],
          set: { data, updatedAt: sql`now()` },
        });
    },

    async list() {
      return db
        .select({ chunkKey: worldChunks.chunkKey, data: worldChunks.data })
        .from(worldChunks)
        .where(ofWorld)
        .orderBy(asc(worldChunks.chunkKey));
    },
  };
}

/** Drizzle implementation of {@link StoreStockRepository}: the shop stock of world `worldId`. */
export function createStoreStockRepository(db: AppDatabase, worldId: number): StoreStockRepository {
  const ofStore = (storeId: string) => and(eq(storeStock.worldId, worldId), eq(storeStock.storeId, storeId));
  return {
    async get(storeId) {
      const rows = await db.select().from(storeStock).where(ofStore(storeId));
      return Object.fromEntries(rows.map((r) => [r.itemId, r.stock]));
    },

    async replaceAll(storeId, stock) {
      const rows = Object.entries(stock).map(([itemId, n]) => ({ worldId, storeId, itemId, stock: n }));
      await db.transaction(async (tx) => {
        await tx.delete(storeStock).where(ofStore(storeId));
        if (rows.length > 0) await tx.insert(storeStock).values(rows);
      });
    },
  };
}

/** Drizzle implementation of {@link TradeLogRepository}. */
export function createTradeLogRepository(db: AppDatabase): TradeLogRepository {
  const stacks = (items: readonly { itemId: string; quantity: number }[]) =>
    items.map((i) => ({ itemId: i.itemId, quantity: i.quantity }));
  return {
    async record(input) {
      const rows = await db
        .insert(tradeLog)
        .values({
          id: input.id ?? randomUUID(),
          characterAId: input.characterAId,
          characterBId: input.characterBId,
          itemsFromA: stacks(input.itemsFromA),
          itemsFromB: stacks(input.itemsFromB),
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('INSERT ... RETURNING returned no row');
      return row;
    },

    async listByCharacter(characterId, limit = 50) {
      return db
        .select()
        .from(tradeLog)
        .where(or(eq(tradeLog.characterAId, characterId), eq(tradeLog.characterBId, characterId)))
        .orderBy(desc(tradeLog.createdAt), desc(tradeLog.id))
        .limit(limit);
    },
  };
}

/** Drizzle implementation of {@link WorldOwnerRepository}: the `world_owner` row of world `worldId`. */
export function createWorldOwnerRepository(db: AppDatabase, worldId: number): WorldOwnerRepository {
  return {
    async holds(instance) {
      const rows = await db
        .select({ id: worldOwner.id })
        .from(worldOwner)
        .where(
          and(
            eq(worldOwner.id, String(worldId)),
            eq(worldOwner.instance, instance),
            isNull(worldOwner.releasedAt),
          ),
        )
        .for('share');
      return rows.length > 0;
    },
  };
}
