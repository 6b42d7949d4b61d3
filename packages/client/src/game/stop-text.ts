/**
 * The chat line for an activity that ended (`activity:stopped`), worded as a game message. Reasons
 * the player caused (a move, a newer click, `stop`), a finished job and a death say nothing, and
 * a full inventory is already told by the server's own game message; every other reason is
 * explained in a sentence, never as the raw protocol code.
 */
export type StoppedActivity = 'gather' | 'make' | 'firemaking';

const SILENT = new Set(['done', 'moved', 'replaced', 'stopped', 'dead', 'inventory_full']);

const LINES: Record<string, string | ((a: StoppedActivity) => string)> = {
  depleted: (a) => (a === 'gather' ? 'There is nothing left to gather here.' : 'There is nothing left here.'),
  no_tool: (a) =>
    a === 'firemaking' ? 'You need a tinderbox to light a fire.' : 'You need the right tool for that.',
  no_bait: 'You have no bait left.',
  missing_materials: 'You have run out of materials.',
  level_too_low: 'Your level is too low to do that.',
  not_near: 'You cannot reach it from here.',
  object_gone: 'It is no longer there.',
};

/** The line to show, or undefined when nothing should be said. */
export function activityStopLine(activity: StoppedActivity, reason: string): string | undefined {
  if (SILENT.has(reason)) return undefined;
  const line = LINES[reason];
  if (typeof line === 'function') return line(activity);
  if (line !== undefined) return line;
  const words = reason.replace(/_/g, ' ');
  return `You stop (${words}).`;
}
