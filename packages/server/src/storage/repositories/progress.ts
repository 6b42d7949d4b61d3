import { and, asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { npcKills, playerDeaths, questProgress } from '../schema';
import type { AppDatabase } from '../types';
import type { DeathRepository, NpcKillRepository, QuestRepository } from './ports-more';

/** Drizzle implementation of {@link NpcKillRepository}. */
export function createNpcKillRepository(db: AppDatabase): NpcKillRepository {
  return {
    async increment(characterId, npcId, by = 1) {
      const rows = await db
        .insert(npcKills)
        .values({ characterId, npcId, count: by })
        .onConflictDoUpdate({
          target: [npcKills.characterId, npcKills.npcId],
          set: { count: sql`${npcKills.count} + ${by}` },
        })
        .returning({ count: npcKills.count });
      return rows[0]?.count ?? 0;
    },

    async get(characterId) {
      const rows = await db.select().from(npcKills).where(eq(npcKills.characterId, characterId));
      return Object.fromEntries(rows.map((r) => [r.npcId, r.count]));
    },
  };
}

/** Drizzle implementation of {@link QuestRepository}. */
export function createQuestRepository(db: AppDatabase): QuestRepository {
  return {
    async list(characterId) {
      return db
        .select()
        .from(questProgress)
        .where(eq(questProgress.characterId, characterId))
        .orderBy(asc(questProgress.questId));
    },

    async upsert(input) {
      const values = { ...input, data: input.data ?? {} };
      const rows = await db
        .insert(questProgress)
        .values(values)
        .onConflictDoUpdate({
          target: [questProgress.characterId, questProgress.questId],
          set: { stage: values.stage, status: values.status, data: values.data, updatedAt: sql`now()` },
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('INSERT ... RETURNING returned no row');
      return row;
    },
  };
}

/** Drizzle implementation of {@link DeathRepository}. */
export function createDeathRepository(db: AppDatabase): DeathRepository {
  return {
    async createLock(input) {
      // The partial unique index decides; DO NOTHING keeps a caller's transaction usable.
      const rows = await db
        .insert(playerDeaths)
        .values({
          id: randomUUID(),
          characterId: input.characterId,
          positionX: input.position.x,
          positionY: input.position.y,
          positionZ: input.position.z,
          items: input.items.map((i) => ({ itemId: i.itemId, quantity: i.quantity })),
        })
        .onConflictDoNothing({
          target: playerDeaths.characterId,
          where: sql`${playerDeaths.status} = 'active'`,
        })
        .returning();
      const death = rows[0];
      return death ? { ok: true, death } : { ok: false, reason: 'death_lock_active' };
    },

    async findActive(characterId) {
      const rows = await db
        .select()
        .from(playerDeaths)
        .where(and(eq(playerDeaths.characterId, characterId), eq(playerDeaths.status, 'active')));
      return rows[0] ?? null;
    },

    async resolve(id, status) {
      const rows = await db
        .update(playerDeaths)
        .set({ status, resolvedAt: sql`now()` })
        .where(and(eq(playerDeaths.id, id), eq(playerDeaths.status, 'active')))
        .returning({ id: playerDeaths.id });
      return rows.length > 0;
    },
  };
}
