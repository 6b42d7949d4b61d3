import type { Goal, GoalType, PlayerStatePayload } from '@tilerealm/protocol';
import type { QuestTracker } from './behaviours/questing';
import { xpForLevel } from './xp';

/** The skill whose XP measures a goal's progress. */
const SKILL_OF: Partial<Record<GoalType, string>> = {
  woodcutting: 'woodcutting',
  mining: 'mining',
  fishing: 'fishing',
  combat_training: 'attack',
  cooking: 'cooking',
  firemaking: 'firemaking',
  smithing: 'smithing',
};

/**
 * The goal as reported to the server (`agent:report`) and shown by the REST API: null while idle;
 * a skill goal's progress is the XP towards the next level, a quest's the stages of `questTarget`.
 */
export function reportedGoal(
  current: { type: GoalType; setBy: 'agent' | 'owner'; startedAt: string } | undefined,
  player: PlayerStatePayload | undefined,
  quests: QuestTracker,
  questTarget: string | undefined,
): Goal | null {
  if (!current || current.type === 'idle') return null;
  const goal: Goal = { type: current.type, setBy: current.setBy, startedAt: current.startedAt };
  const skill = SKILL_OF[current.type];
  if (skill && player) {
    const level = player.skills[skill]?.level ?? 1;
    goal.progress = {
      current: player.skills[skill]?.xp ?? 0,
      target: xpForLevel(level + 1),
      unit: `${skill} xp`,
    };
  }
  if (current.type === 'questing') Object.assign(goal, quests.progress(questTarget));
  return goal;
}
