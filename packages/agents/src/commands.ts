import type { GoalType } from '@tilerealm/protocol';

/** An owner's command, obeyed even while goals are paused. */
export type OwnerCommand =
  | { kind: 'follow' }
  | { kind: 'come' }
  | { kind: 'stop' }
  | { kind: 'resume' }
  | { kind: 'goal'; goal: GoalType };

const GOAL_WORDS: [RegExp, GoalType][] = [
  [/\b(chop|cut|woodcut)/, 'woodcutting'],
  [/\b(mine|mining)\b/, 'mining'],
  [/\b(fish|fishing)\b/, 'fishing'],
  [/\b(fight|train combat|attack|kill)/, 'combat_training'],
  [/\bcook/, 'cooking'],
  [/\b(fire|burn)/, 'firemaking'],
  [/\bbank/, 'banking'],
  [/\bexplore/, 'exploration'],
];

/**
 * Parses an owner's chat line or message into a command ("follow me", "come here", "stop",
 * "chop trees", "go fishing", "carry on"); null when it is not one.
 */
export function parseCommand(text: string): OwnerCommand | null {
  const t = text.trim().toLowerCase();
  if (/^follow( me)?\b/.test(t)) return { kind: 'follow' };
  if (/^come( here| to me)?\b/.test(t)) return { kind: 'come' };
  if (/^(stop|halt|wait|stay)\b/.test(t)) return { kind: 'stop' };
  if (/^(resume|carry on|continue|go on)\b/.test(t)) return { kind: 'resume' };
  for (const [re, goal] of GOAL_WORDS) if (re.test(t)) return { kind: 'goal', goal };
  return null;
}
