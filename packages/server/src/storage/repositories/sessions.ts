import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { playerSessions } from '../schema';
import type { AppDatabase } from '../types';
import type { SessionRepository } from './ports';

/** Drizzle implementation of {@link SessionRepository}: sessions left open are closed at start by world `worldId`. */
export function createSessionRepository(db: AppDatabase, worldId: number): SessionRepository {
  return {
    async open(input) {
      const rows = await db
        .insert(playerSessions)
        .values({
          id: randomUUID(),
          characterId: input.characterId,
          accountId: input.accountId,
          worldId: input.worldId,
          ip: input.ip ?? null,
          transport: input.transport ?? null,
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('INSERT ... RETURNING returned no row');
      return row;
    },

    async close(id, reason) {
      const rows = await db
        .update(playerSessions)
        .set({ logoutAt: sql`now()`, reason })
        .where(and(eq(playerSessions.id, id), isNull(playerSessions.logoutAt)))
        .returning({ id: playerSessions.id });
      return rows.length > 0;
    },

    async closeAllOpen(reason) {
      const rows = await db
        .update(playerSessions)
        .set({ logoutAt: sql`now()`, reason })
        .where(and(eq(playerSessions.worldId, worldId), isNull(playerSessions.logoutAt)))
        .returning({ id: playerSessions.id });
      return rows.length;
    },

    async listByCharacter(characterId, limit = 20) {
      return db
        .select()
        .from(playerSessions)
        .where(eq(playerSessions.characterId, characterId))
        .orderBy(desc(playerSessions.loginAt), desc(playerSessions.id))
        .limit(limit);
    },
  };
}
