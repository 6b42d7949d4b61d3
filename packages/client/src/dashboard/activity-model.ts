import { AGENT_ACTIVITY_KINDS } from '@tilerealm/protocol';
import { z } from 'zod';
import { readableName } from './text';

/**
 * The dashboard's view of an agent's saved activity log and goal history (pure: no DOM), as the
 * runtime answers them (`GET /api/agent/agents/:id/activity` and `/goals`, docs/agent-runtime.md).
 */

/** The kinds the log's kind filter offers. */
export const ACTIVITY_KINDS: readonly string[] = AGENT_ACTIVITY_KINDS;

export const activityLineSchema = z.looseObject({
  id: z.number().optional(),
  at: z.string(),
  kind: z.string().optional(),
  message: z.string(),
});
export type ActivityLine = z.infer<typeof activityLineSchema>;

/** A page of the log: oldest first within the page; `nextBefore` pages to older lines (null: none). */
export const activitySchema = z.looseObject({
  activity: z.array(activityLineSchema),
  nextBefore: z.number().nullable().optional(),
});
export type ActivityPage = z.infer<typeof activitySchema>;

export const goalRecordSchema = z.looseObject({
  id: z.number(),
  type: z.string(),
  reason: z.string(),
  setBy: z.string(),
  startTick: z.number().optional(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type GoalRecordView = z.infer<typeof goalRecordSchema>;
/** A page of the goal history, newest first. */
export const goalHistorySchema = z.looseObject({
  goals: z.array(goalRecordSchema),
  nextBefore: z.number().nullable().optional(),
});

/** The lines a card asks for per page. */
export const ACTIVITY_PAGE = 50;
/** The lines a card keeps loaded at most (older pages beyond are dropped from the front). */
export const ACTIVITY_KEEP = 500;

/** The query string of an activity read: the kind and text filters, and the cursor of an older page. */
export function activityQuery(filter: { kind: string; text: string }, before?: number | null): string {
  const q = new URLSearchParams({ limit: String(ACTIVITY_PAGE) });
  if (filter.kind && ACTIVITY_KINDS.includes(filter.kind)) q.set('kind', filter.kind);
  const text = filter.text.trim().replace(/\s+/g, ' ').slice(0, 100);
  if (text) q.set('text', text);
  if (before !== undefined && before !== null) q.set('before', String(before));
  return q.toString();
}

/**
 * The lines loaded so far with a fresh page merged in (by id, oldest first, each line once, at
 * most ACTIVITY_KEEP, the newest kept). Lines without ids (an older runtime) are replaced.
 */
export function mergeActivity(
  loaded: readonly ActivityLine[],
  page: readonly ActivityLine[],
): ActivityLine[] {
  if (page.some((l) => l.id === undefined) || loaded.some((l) => l.id === undefined)) return [...page];
  const byId = new Map<number, ActivityLine>();
  for (const l of [...loaded, ...page]) if (l.id !== undefined) byId.set(l.id, l);
  return [...byId.values()].sort((a, b) => (a.id ?? 0) - (b.id ?? 0)).slice(-ACTIVITY_KEEP);
}

/** `Woodcutting, set by the agent: woodcutting level 3`. */
export function goalRecordTitle(g: GoalRecordView): string {
  const by = g.setBy === 'owner' ? 'set by you' : 'chosen by the agent';
  return `${readableName(g.type)}, ${by}: ${g.reason}`;
}

/** `12:01 - 12:05 (4 min)`, or `since 12:01` for the current goal. */
export function goalRecordSpan(g: GoalRecordView, time: (iso: string) => string): string {
  if (g.endedAt === null) return `since ${time(g.startedAt)}`;
  const ms = Date.parse(g.endedAt) - Date.parse(g.startedAt);
  const span = Number.isNaN(ms) ? '' : ` (${durationText(ms)})`;
  return `${time(g.startedAt)} - ${time(g.endedAt)}${span}`;
}

/** `45 s`, `4 min`, `2 h 5 min`. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** What a card has loaded of the log: the lines (oldest first) and the cursor of the next older page. */
export interface LoadedActivity {
  lines: ActivityLine[];
  before: number | null;
}

/**
 * Applies a page read in one of three ways: `fresh` (the filters changed: the page replaces what
 * was loaded), `newest` (a poll: merged in; a page with no overlap replaces the lines, which would
 * otherwise have a gap), `older` (the "Older" button: merged, and the cursor moves on).
 */
export function applyActivityPage(
  loaded: LoadedActivity | undefined,
  page: ActivityPage,
  mode: 'fresh' | 'newest' | 'older',
): LoadedActivity {
  const before = page.nextBefore ?? null;
  if (!loaded || mode === 'fresh') return { lines: [...page.activity], before };
  if (mode === 'older') return { lines: mergeActivity(loaded.lines, page.activity), before };
  const newestLoaded = loaded.lines.at(-1)?.id;
  const oldestFresh = page.activity[0]?.id;
  const gap =
    before !== null && newestLoaded !== undefined && oldestFresh !== undefined && oldestFresh > newestLoaded;
  if (gap || loaded.lines.length === 0) return { lines: [...page.activity], before };
  return { lines: mergeActivity(loaded.lines, page.activity), before: loaded.before };
}
