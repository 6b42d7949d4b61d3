import { z } from 'zod';
import { SKILL_ORDER, skillName } from '../ui/panels/xp';

/** The tables the hiscores offer: total level first, then every skill in the game's order. */
export const HISCORE_TABLES: readonly string[] = ['total', ...SKILL_ORDER];
/** Rows per page the page asks for. */
export const HISCORES_PAGE_SIZE = 25;

export const hiscoreRowSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  xp: z.number(),
  playedSeconds: z.number(),
  xpPerHour: z.number().nullable(),
  agent: z.boolean(),
});
export type HiscoreRow = z.infer<typeof hiscoreRowSchema>;

/** The answer of `GET /api/v1/hiscores` (docs/hiscores.md). */
export const hiscoresSchema = z.object({
  skill: z.string(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  rows: z.array(hiscoreRowSchema),
});
export type Hiscores = z.infer<typeof hiscoresSchema>;

/** What the page shows: one table, one page. */
export interface HiscoreView {
  skill: string;
  page: number;
}

/** "Total level" for `total`, else the skill's name. */
export function tableName(skill: string): string {
  return skill === 'total' ? 'Total level' : skillName(skill);
}

/** The API path of a view. */
export function hiscoresPath(view: HiscoreView, limit = HISCORES_PAGE_SIZE): string {
  const q = new URLSearchParams({ skill: view.skill, page: String(view.page), limit: String(limit) });
  return `/api/v1/hiscores?${q.toString()}`;
}

/** The view a hash asks for (`#/hiscores?skill=woodcutting&page=2`); unknown values fall back. */
export function viewFromHash(hash: string): HiscoreView {
  const query = hash.split('?')[1] ?? '';
  const params = new URLSearchParams(query);
  const skill = params.get('skill') ?? 'total';
  const page = Number(params.get('page') ?? '1');
  return {
    skill: HISCORE_TABLES.includes(skill) ? skill : 'total',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The hash of a view (kept in the address so a reload or a shared link shows the same page). */
export function hashOfView(view: HiscoreView): string {
  return `#/hiscores?skill=${encodeURIComponent(view.skill)}&page=${view.page}`;
}

/** Pages a table of `total` rows has (at least one: an empty table shows an empty first page). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** "1h 05m", "12m", "under a minute". */
export function playedText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest}m` : `${hours}h ${String(rest).padStart(2, '0')}m`;
}

/** One table row as the page shows it. */
export interface RowView {
  rank: string;
  name: string;
  level: string;
  xp: string;
  xpPerHour: string;
  played: string;
  agent: boolean;
  /** One of the viewer's own characters (names are unique, case-insensitively). */
  own: boolean;
}

/** The rows to show, the viewer's own characters marked. */
export function rowViews(rows: readonly HiscoreRow[], ownNames: readonly string[]): RowView[] {
  const own = new Set(ownNames.map((n) => n.toLowerCase()));
  return rows.map((r) => ({
    rank: r.rank.toLocaleString('en-US'),
    name: r.name,
    level: r.level.toLocaleString('en-US'),
    xp: r.xp.toLocaleString('en-US'),
    xpPerHour: r.xpPerHour === null ? '-' : r.xpPerHour.toLocaleString('en-US'),
    played: playedText(r.playedSeconds),
    agent: r.agent,
    own: own.has(r.name.toLowerCase()),
  }));
}
