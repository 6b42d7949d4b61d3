import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SKILLS } from '../content/skills';
import type { HttpDeps } from '../transport/http/deps';

/** The most rows one page holds, and the default. */
export const HISCORES_MAX_LIMIT = 100;
export const HISCORES_DEFAULT_LIMIT = 25;
/** The last page one may ask for (deep offsets cost a scan for nothing anyone reads). */
export const HISCORES_MAX_PAGE = 10_000;
/** Below this much play a rate means nothing (a minute's XP times sixty): `xpPerHour` is null. */
export const MIN_PLAYED_SECONDS_FOR_RATE = 60;

export const hiscoresQuery = z.strictObject({
  skill: z.enum([...SKILLS, 'total']).default('total'),
  page: z.coerce.number().int().min(1).max(HISCORES_MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(HISCORES_MAX_LIMIT).default(HISCORES_DEFAULT_LIMIT),
});

export const hiscoreRow = z.object({
  rank: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  xp: z.number().int(),
  /** Seconds in the world over every session. */
  playedSeconds: z.number().int(),
  /** XP gained per hour of play (null before a minute of play). */
  xpPerHour: z.number().int().nullable(),
  /** Played by an agent. */
  agent: z.boolean(),
});

export const hiscoresResponse = z.object({
  skill: z.string(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Characters ranked in all. */
  total: z.number().int(),
  rows: z.array(hiscoreRow),
});

/** XP per hour of play, rounded; null when there is too little play for a rate. */
export function xpPerHour(xpGained: number, playedSeconds: number): number | null {
  if (playedSeconds < MIN_PLAYED_SECONDS_FOR_RATE) return null;
  return Math.round((xpGained * 3600) / playedSeconds);
}

/**
 * GET /api/v1/hiscores, public and read-only: every character ranked by one skill (level, then XP)
 * or by total level (then total XP), a page at a time, with XP per hour of play and agents marked.
 */
export async function hiscoreRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/hiscores',
    {
      schema: {
        tags: ['world'],
        summary: 'Hiscores: characters ranked by a skill or by total level, with XP per hour of play',
        querystring: hiscoresQuery,
        response: { 200: hiscoresResponse },
      },
    },
    async (req) => {
      const { skill, page, limit } = req.query;
      const result = await deps.repos.hiscores.page(skill, (page - 1) * limit, limit);
      return {
        skill,
        page,
        limit,
        total: result.total,
        rows: result.rows.map((row) => ({
          rank: row.rank,
          name: row.name,
          level: row.level,
          xp: row.xp,
          playedSeconds: row.playedSeconds,
          xpPerHour: xpPerHour(row.xpGained, row.playedSeconds),
          agent: row.agent,
        })),
      };
    },
  );
}
