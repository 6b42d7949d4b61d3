import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { agents, characters, SKILLS } from '../schema';
import type { AppDatabase } from '../types';
import type { CharacterRepository, CharacterRow, SkillSet } from './ports';

/** Drizzle implementation of {@link CharacterRepository}. */
export function createCharacterRepository(db: AppDatabase): CharacterRepository {
  const findById = async (id: string): Promise<CharacterRow | null> => {
    const rows = await db.select().from(characters).where(eq(characters.id, id));
    return rows[0] ?? null;
  };

  return {
    async create(input) {
      // ON CONFLICT DO NOTHING rather than catching the violation: a failed
      // statement would abort a caller's surrounding transaction on PostgreSQL.
      const rows = await db
        .insert(characters)
        .values({ ...input, id: input.id ?? randomUUID() })
        .onConflictDoNothing()
        .returning();
      const character = rows[0];
      if (character) return { ok: true, character };
      if (input.id !== undefined && (await findById(input.id)))
        throw new Error(`character id ${input.id} exists`);
      return { ok: false, reason: 'name_taken' };
    },

    findById,

    async findByName(name) {
      const rows = await db
        .select()
        .from(characters)
        .where(sql`lower(${characters.name}) = lower(${name})`);
      return rows[0] ?? null;
    },

    async listByAccount(accountId) {
      return db
        .select()
        .from(characters)
        .where(eq(characters.accountId, accountId))
        .orderBy(asc(characters.createdAt), asc(characters.id));
    },

    async update(id, patch) {
      if (!Object.values(patch).some((v) => v !== undefined)) return findById(id);
      const rows = await db.update(characters).set(patch).where(eq(characters.id, id)).returning();
      return rows[0] ?? null;
    },

    async save(id, patch) {
      if (!Object.values(patch).some((v) => v !== undefined)) return;
      await db.update(characters).set(patch).where(eq(characters.id, id));
    },

    async rename(id, name) {
      // The conditional update avoids a failing statement in the common case; a concurrent rename
      // to the same name still hits the unique index, which is reported the same way.
      try {
        const rows = await db
          .update(characters)
          .set({ name })
          .where(
            sql`${characters.id} = ${id} and not exists (select 1 from ${characters} c2 where lower(c2."name") = lower(${name}) and c2."id" <> ${id})`,
          )
          .returning();
        const character = rows[0];
        if (character) return { ok: true, character };
        return (await findById(id))
          ? { ok: false, reason: 'name_taken' }
          : { ok: false, reason: 'not_found' };
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false, reason: 'name_taken' };
        throw err;
      }
    },

    async getSkills(id) {
      const row = await findById(id);
      return row ? skillsOf(row) : null;
    },

    async delete(id) {
      const rows = await db.delete(characters).where(eq(characters.id, id)).returning({ id: characters.id });
      return rows.length > 0;
    },

    async lastPlayed(accountId) {
      const rows = await db
        .select()
        .from(characters)
        .where(
          and(
            eq(characters.accountId, accountId),
            // An agent's character is never the account's own player: it is played only by id.
            sql`not exists (select 1 from ${agents} where ${agents.characterId} = ${characters.id})`,
          ),
        )
        .orderBy(
          sql`${characters.lastLoginAt} DESC NULLS LAST`,
          desc(characters.createdAt),
          desc(characters.id),
        )
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

/** Level and experience of all twelve skills of a character row. */
export function skillsOf(row: CharacterRow): SkillSet {
  const skills: Partial<SkillSet> = {};
  for (const skill of SKILLS) skills[skill] = { level: row[`${skill}Level`], xp: row[`${skill}Xp`] };
  // Every key of SKILLS was assigned just above.
  return skills as SkillSet;
}

/** PostgreSQL unique_violation (23505), possibly wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (
    let e: unknown = err;
    e instanceof Error || (typeof e === 'object' && e !== null);
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}
