import { inArray, sql, type SQL } from 'drizzle-orm';
import { SKILLS, type SkillName } from '../../content/skills';
import { agents, characters, playerSessions } from '../schema';
import { CONSTITUTION_START_XP } from '../schema/skills';
import type { AppDatabase } from '../types';

/** A hiscores table: one skill, or `total` (total level, then total XP). */
export type HiscoreSkill = SkillName | 'total';

/** One ranked character. */
export interface HiscoreRow {
  /** 1-based; characters with the same level and XP share a rank. */
  rank: number;
  characterId: string;
  name: string;
  level: number;
  xp: number;
  /** XP gained since the character was made (XP minus the starting XP: constitution starts at level 10). */
  xpGained: number;
  /** Seconds spent in the world over every session (the open one counted up to now). */
  playedSeconds: number;
  /** Whether an agent plays this character. */
  agent: boolean;
}

/** One page of a hiscores table, with the number of characters it ranks. */
export interface HiscorePage {
  total: number;
  rows: HiscoreRow[];
}

export interface HiscoreRepository {
  /** Ranks every character by `skill`; `offset` rows skipped, at most `limit` returned. */
  page(skill: HiscoreSkill, offset: number, limit: number): Promise<HiscorePage>;
}

const levelColumn = (s: SkillName) => characters[`${s}Level`];
const xpColumn = (s: SkillName) => characters[`${s}Xp`];
const startXp = (s: SkillName): number => (s === 'constitution' ? CONSTITUTION_START_XP : 0);
const TOTAL_START_XP = SKILLS.reduce((n, s) => n + startXp(s), 0);

/** The level and XP expressions a table ranks by (sums for `total`; bigint: twelve XP columns overflow int). */
function rankedBy(skill: HiscoreSkill): { level: SQL; xp: SQL } {
  if (skill !== 'total') return { level: sql`${levelColumn(skill)}`, xp: sql`${xpColumn(skill)}::bigint` };
  return {
    level: sql.join(
      SKILLS.map((s) => sql`${levelColumn(s)}`),
      sql` + `,
    ),
    xp: sql.join(
      SKILLS.map((s) => sql`${xpColumn(s)}::bigint`),
      sql` + `,
    ),
  };
}

/**
 * Drizzle implementation of {@link HiscoreRepository}, plain SQL that runs on PGlite and PostgreSQL.
 * The ranking is one query over the characters table (a window `rank()` for shared ranks and
 * `count(*) over ()` for the size); played time is then summed from the page's rows' sessions
 * (`playerSessions`, indexed by character), so sessions are read only for the characters shown.
 */
export function createHiscoreRepository(db: AppDatabase): HiscoreRepository {
  return {
    async page(skill, offset, limit) {
      const { level, xp } = rankedBy(skill);
      const ranked = await db
        .select({
          characterId: characters.id,
          name: characters.name,
          level: sql<number>`(${level})::int`,
          xp: sql<string>`(${xp})::text`,
          rank: sql<number>`(rank() over (order by ${level} desc, ${xp} desc))::int`,
          total: sql<number>`(count(*) over ())::int`,
          agent: sql<boolean>`exists (select 1 from ${agents} where ${agents.characterId} = ${characters.id})`,
        })
        .from(characters)
        .orderBy(sql`${level} desc`, sql`${xp} desc`, sql`lower(${characters.name})`, characters.id)
        .offset(offset)
        .limit(limit);
      const ids = ranked.map((r) => r.characterId);
      const played =
        ids.length === 0
          ? []
          : await db
              .select({
                characterId: playerSessions.characterId,
                seconds: sql<number>`(coalesce(sum(extract(epoch from (coalesce(${playerSessions.logoutAt}, now()) - ${playerSessions.loginAt}))), 0))::float8`,
              })
              .from(playerSessions)
              .where(inArray(playerSessions.characterId, ids))
              .groupBy(playerSessions.characterId);
      const seconds = new Map(played.map((p) => [p.characterId, Math.max(0, Number(p.seconds))]));
      const start = skill === 'total' ? TOTAL_START_XP : startXp(skill);
      let total = ranked[0]?.total ?? 0;
      if (ranked.length === 0 && offset > 0) total = await count(db);
      return {
        total,
        rows: ranked.map((r) => {
          const xpNow = Number(r.xp);
          return {
            rank: r.rank,
            characterId: r.characterId,
            name: r.name,
            level: r.level,
            xp: xpNow,
            xpGained: Math.max(0, xpNow - start),
            playedSeconds: Math.floor(seconds.get(r.characterId) ?? 0),
            agent: r.agent,
          };
        }),
      };
    },
  };
}

/** The number of characters (a page past the end still says how many there are). */
async function count(db: AppDatabase): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(characters);
  return rows[0]?.n ?? 0;
}
