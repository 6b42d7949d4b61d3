import { goalSchema, type Goal } from '@tilerealm/protocol';

/** What to do with an `agent:report`: store this goal (null: idle) or leave the stored one alone. */
export type ReportVerdict = { accept: true; goal: Goal | null } | { accept: false; reason: string };

/**
 * The pause rules of the spec's state table applied to a report. An agent-chosen goal is taken
 * only while goals run; idle (null or `idle`) is always taken, since going idle is what a pause
 * asks for. A report of an owner-set goal may only carry progress of the goal the owner actually
 * set: its type, target and start time stay the owner's, so an agent cannot claim an owner's
 * authority for a goal of its own choosing.
 */
export function judgeReport(stored: Goal | null, goalsPaused: boolean, reported: Goal | null): ReportVerdict {
  if (reported === null) return { accept: true, goal: null };
  if (reported.setBy === 'owner') {
    if (stored?.setBy !== 'owner' || stored.type !== reported.type) {
      return { accept: false, reason: 'the owner did not set this goal' };
    }
    const progress = reported.progress ?? stored.progress;
    return { accept: true, goal: { ...stored, ...(progress ? { progress } : {}) } };
  }
  if (goalsPaused && reported.type !== 'idle') {
    return { accept: false, reason: 'goals are paused: only idle or the owner-set goal is kept' };
  }
  return { accept: true, goal: reported };
}

/** A stored goal column read back: anything not a valid goal (an old shape, hand edits) counts as none. */
export function storedGoal(value: unknown): Goal | null {
  const parsed = goalSchema.nullable().safeParse(value ?? null);
  return parsed.success ? parsed.data : null;
}
