import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { characterLeases } from '../schema';
import type { AppDatabase } from '../types';
import type { LeaseRepository } from './ports-leases';

const takeRow = z.object({
  taken: z.coerce.number(),
  tookOver: z.boolean().nullable(),
});

/** A lease's heartbeat older than this is a dead world's. */
const expiredBefore = (ttlMs: number) =>
  sql`now() - ${Math.trunc(ttlMs)}::integer * interval '1 millisecond'`;

/** Drizzle implementation of {@link LeaseRepository}. */
export function createLeaseRepository(db: AppDatabase): LeaseRepository {
  const holderWorld = async (characterId: string): Promise<number | null> => {
    const rows = await db
      .select({ worldId: characterLeases.worldId })
      .from(characterLeases)
      .where(eq(characterLeases.characterId, characterId));
    return rows[0]?.worldId ?? null;
  };

  return {
    async take(characterId, worldId, instance, ttlMs) {
      // The statement's snapshot may predate the holder that refused it (a world that took the lease
      // at the same instant, even over a dead world's row the snapshot still shows): the holder is
      // read again in a new statement, and a lease released meanwhile is taken anew.
      for (let attempt = 0; ; attempt++) {
        const result = await db.execute(sql`
          WITH taken AS (
            INSERT INTO character_leases ("characterId", "worldId", "instance")
            VALUES (${characterId}, ${worldId}, ${instance})
            ON CONFLICT ("characterId") DO UPDATE SET
              "worldId" = excluded."worldId",
              "instance" = excluded."instance",
              "sessionId" = CASE WHEN character_leases."instance" = excluded."instance"
                THEN character_leases."sessionId" END,
              "acquiredAt" = CASE WHEN character_leases."instance" = excluded."instance"
                THEN character_leases."acquiredAt" ELSE now() END,
              "heartbeatAt" = now()
            WHERE character_leases."instance" = excluded."instance"
              OR character_leases."heartbeatAt" < ${expiredBefore(ttlMs)}
            RETURNING xmax::text <> '0' AS "updated", "acquiredAt" = now() AS "fresh"
          ),
          closed AS (
            UPDATE "playerSessions" SET "logoutAt" = now(),
              "reason" = CASE WHEN (SELECT "updated" FROM taken) THEN 'lease_expired' ELSE 'stale' END
            WHERE "characterId" = ${characterId} AND "logoutAt" IS NULL AND (SELECT "fresh" FROM taken)
            RETURNING 1
          )
          SELECT
            (SELECT count(*) FROM taken) AS "taken",
            (SELECT "updated" AND "fresh" FROM taken) AS "tookOver",
            (SELECT count(*) FROM closed) AS "closed"
        `);
        const row = takeRow.parse(z.object({ rows: z.array(z.unknown()).length(1) }).parse(result).rows[0]);
        if (row.taken > 0) return { ok: true, tookOver: row.tookOver === true };
        const holder = await holderWorld(characterId);
        if (holder !== null) return { ok: false, worldId: holder };
        if (attempt >= 3) throw new Error(`the lease of ${characterId} was refused, but no holder was found`);
      }
    },

    async renewAll(instance) {
      const rows = await db
        .update(characterLeases)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(characterLeases.instance, instance))
        .returning({ characterId: characterLeases.characterId });
      return rows.map((r) => r.characterId);
    },

    async release(characterId, instance) {
      const rows = await db
        .delete(characterLeases)
        .where(and(eq(characterLeases.characterId, characterId), eq(characterLeases.instance, instance)))
        .returning({ characterId: characterLeases.characterId });
      return rows.length > 0;
    },

    async holder(characterId, ttlMs) {
      const rows = await db
        .select({
          worldId: characterLeases.worldId,
          instance: characterLeases.instance,
          sessionId: characterLeases.sessionId,
          acquiredAt: characterLeases.acquiredAt,
          heartbeatAt: characterLeases.heartbeatAt,
        })
        .from(characterLeases)
        .where(
          and(
            eq(characterLeases.characterId, characterId),
            gte(characterLeases.heartbeatAt, expiredBefore(ttlMs)),
          ),
        );
      return rows[0] ?? null;
    },

    async attachSession(characterId, instance, sessionId) {
      const rows = await db
        .update(characterLeases)
        .set({ sessionId })
        .where(and(eq(characterLeases.characterId, characterId), eq(characterLeases.instance, instance)))
        .returning({ characterId: characterLeases.characterId });
      return rows.length > 0;
    },

    async holding(characterIds, instance) {
      if (characterIds.length === 0) return new Set();
      const rows = await db
        .select({ characterId: characterLeases.characterId })
        .from(characterLeases)
        .where(
          and(
            inArray(characterLeases.characterId, [...characterIds]),
            eq(characterLeases.instance, instance),
          ),
        )
        .for('share');
      return new Set(rows.map((r) => r.characterId));
    },

    async releaseLeftBy(worldId, instance) {
      const rows = await db
        .delete(characterLeases)
        .where(and(eq(characterLeases.worldId, worldId), ne(characterLeases.instance, instance)))
        .returning({ characterId: characterLeases.characterId });
      return rows.length;
    },
  };
}
