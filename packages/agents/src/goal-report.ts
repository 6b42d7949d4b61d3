import type { Goal, GoalType, PlayerStatePayload } from '@tilerealm/protocol';
import type { ActivityLog } from './activity-log';
import type { QuestTracker } from './behaviours/questing';
import type { Decision } from './planner';
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

/** The goal an agent pursues: what it is, who set it, since when. */
export interface CurrentGoal {
  type: GoalType;
  setBy: 'agent' | 'owner';
  sinceTick: number;
  startedAt: string;
}

/** The agent's current goal, and whether the activity log's goal history has it open. */
export class GoalHistory {
  current: CurrentGoal | undefined;
  private open = false;

  constructor(private readonly activity: ActivityLog) {}

  /** Makes `decision` the current goal when it is another one (or none is open): a start in the history. */
  pursue(decision: Decision, tick: number): void {
    const cur = this.current;
    if (cur && this.open && cur.type === decision.type && cur.setBy === decision.setBy) return;
    const startedAt = new Date().toISOString();
    this.current = { type: decision.type, setBy: decision.setBy, sinceTick: tick, startedAt };
    this.open = true;
    this.activity.add(`goal: ${decision.type} (${decision.reason})`, 'goal', {
      goal: decision.type,
      setBy: decision.setBy,
    });
    this.activity.goal({
      event: 'start',
      at: startedAt,
      type: decision.type,
      reason: decision.reason.slice(0, 500),
      setBy: decision.setBy,
      tick: Math.max(0, tick),
    });
  }

  /** Closes the open goal (the agent stopped or lost its connection) at `tick` when known. */
  end(tick: number | undefined): void {
    if (!this.open) return;
    this.open = false;
    this.activity.goal({
      event: 'end',
      at: new Date().toISOString(),
      ...(tick === undefined ? {} : { tick: Math.max(0, tick) }),
    });
  }
}
