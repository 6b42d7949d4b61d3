import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DeathLockState } from '../../sim/core/types';
import { npcKills, playerDeaths, questProgress } from '../schema';
import type { AppDatabase } from '../types';
import type { DeathRepository, NpcKillRepository, PlayerDeathRow, QuestRepository } from './ports-more';

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

const deathStatus = z.enum(['active', 'recovered', 'expired']);

/** A stored row as the world's lock state (the status column is checked by the database too). */
function rowToLock(row: PlayerDeathRow): DeathLockState {
  return {
    id: row.id,
    characterId: row.characterId,
    position: { x: row.positionX, y: row.positionY, z: row.positionZ },
    items: row.items.map((i) => ({ itemId: i.itemId, quantity: i.quantity })),
    status: deathStatus.parse(row.status),
  };
}

/** Drizzle implementation of {@link DeathRepository}: the death locks of world `worldId`. */
export function createDeathRepository(db: AppDatabase, worldId: number): DeathRepository {
  const listWhere = async (where: SQL | undefined) =>
    (
      await db
        .select()
        .from(playerDeaths)
        .where(where)
        .orderBy(asc(playerDeaths.createdAt), asc(playerDeaths.id))
    ).map(rowToLock);

  return {
    async upsert(state) {
      const fields = {
        positionX: state.position.x,
        positionY: state.position.y,
        positionZ: state.position.z,
        items: state.items.map((i) => ({ itemId: i.itemId, quantity: i.quantity })),
        status: state.status,
      };
      const active = state.status === 'active';
      await db
        .insert(playerDeaths)
        .values({
          id: state.id,
          worldId,
          characterId: state.characterId,
          ...fields,
          resolvedAt: active ? null : sql`now()`,
        })
        .onConflictDoUpdate({
          target: playerDeaths.id,
          // A lock resolved before keeps the time it was first resolved.
          set: { ...fields, resolvedAt: active ? null : sql`coalesce(${playerDeaths.resolvedAt}, now())` },
        });
    },

    listActive() {
      return listWhere(and(eq(playerDeaths.worldId, worldId), eq(playerDeaths.status, 'active')));
    },

    listActiveFor(characterId) {
      return listWhere(
        and(
          eq(playerDeaths.worldId, worldId),
          eq(playerDeaths.characterId, characterId),
          eq(playerDeaths.status, 'active'),
        ),
      );
    },
  };
}
