import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { groundRegions, itemLedger, saveCommits, saveQuarantine } from '../schema';
import type { AppDatabase } from '../types';
import type {
  GroundRegionRepository,
  ItemLedgerRepository,
  SaveCommitRepository,
  SaveQuarantineRepository,
} from './ports-more';

/** Drizzle implementation of {@link GroundRegionRepository}: the ground items of world `worldId`. */
export function createGroundRegionRepository(db: AppDatabase, worldId: number): GroundRegionRepository {
  return {
    async put(regionKey, data, empty) {
      if (empty) {
        await db
          .delete(groundRegions)
          .where(and(eq(groundRegions.worldId, worldId), eq(groundRegions.regionKey, regionKey)));
        return;
      }
      await db
        .insert(groundRegions)
        .values({ worldId, regionKey, data })
        .onConflictDoUpdate({
          target: [groundRegions.worldId, groundRegions.regionKey],
          set: { data, updatedAt: sql`now()` },
        });
    },

    async list() {
      return db
        .select({ regionKey: groundRegions.regionKey, data: groundRegions.data })
        .from(groundRegions)
        .where(eq(groundRegions.worldId, worldId))
        .orderBy(asc(groundRegions.regionKey));
    },
  };
}

/** Drizzle implementation of {@link ItemLedgerRepository}. */
export function createItemLedgerRepository(db: AppDatabase): ItemLedgerRepository {
  return {
    async add(entries) {
      const rows = entries.filter((e) => e.delta !== 0);
      if (rows.length === 0) return;
      await db
        .insert(itemLedger)
        .values(rows.map((e) => ({ itemId: e.itemId, reason: e.reason, total: e.delta })))
        .onConflictDoUpdate({
          target: [itemLedger.itemId, itemLedger.reason],
          set: { total: sql`${itemLedger.total} + excluded."total"`, updatedAt: sql`now()` },
        });
    },

    async totals() {
      return db
        .select({ itemId: itemLedger.itemId, reason: itemLedger.reason, total: itemLedger.total })
        .from(itemLedger)
        .orderBy(asc(itemLedger.itemId), asc(itemLedger.reason));
    },
  };
}

/** Drizzle implementation of {@link SaveQuarantineRepository}: the set-aside saves of world `worldId`. */
export function createSaveQuarantineRepository(db: AppDatabase, worldId: number): SaveQuarantineRepository {
  return {
    async add(row) {
      await db
        .insert(saveQuarantine)
        .values({ ...row, worldId })
        .onConflictDoNothing();
    },

    async list(limit = 100) {
      return db
        .select()
        .from(saveQuarantine)
        .where(eq(saveQuarantine.worldId, worldId))
        .orderBy(desc(saveQuarantine.createdAt))
        .limit(limit);
    },
  };
}

/** Drizzle implementation of {@link SaveCommitRepository}. */
export function createSaveCommitRepository(db: AppDatabase): SaveCommitRepository {
  return {
    async mark(id) {
      await db.insert(saveCommits).values({ id });
    },

    async exists(id) {
      const rows = await db.select({ id: saveCommits.id }).from(saveCommits).where(eq(saveCommits.id, id));
      return rows.length > 0;
    },

    async prune(olderThanMs, keep) {
      await db
        .delete(saveCommits)
        .where(
          and(
            lt(saveCommits.committedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
            sql`${saveCommits.id} <> ${keep}`,
          ),
        );
    },
  };
}
