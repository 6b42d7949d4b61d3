import {
  availableGoals,
  type AvailableGoal,
  type Goal,
  type GoalType,
  type PlayerStatePayload,
} from '@tilerealm/protocol';

/** Goal types this runtime has behaviours for (others are never chosen autonomously). */
export const SUPPORTED_GOALS: readonly GoalType[] = [
  'woodcutting',
  'mining',
  'fishing',
  'combat_training',
  'cooking',
  'firemaking',
  'smithing',
  'questing',
  'money_making',
  'banking',
  'exploration',
  'idle',
];

/** What the owner (through the game server's agent:control) says about the agent's goals. */
export interface ControlState {
  goal: Goal | null;
  goalsPaused: boolean;
}

/** The planner's decision: a goal type and why. `idle` with reason `paused` while goals are paused. */
export interface Decision {
  type: GoalType;
  reason: string;
  setBy: 'agent' | 'owner';
}

const NONE: ReadonlySet<GoalType> = new Set();

/** Keep an autonomous goal at least this many ticks before reconsidering (no dithering). */
export const MIN_GOAL_TICKS = 300;

/**
 * The rule-based planner, a pure function: the owner's goal wins; while paused the agent idles; else
 * the highest-priority available goal it supports (`availableGoals`: bank when nearly full, get a
 * tool first, no combat when hurt), keeping the current goal until MIN_GOAL_TICKS have passed
 * unless something more urgent (priority 80+, e.g. banking) comes up. `unavailable`: goals the
 * runtime cannot pursue now (see `candidates`).
 */
export function decide(
  player: PlayerStatePayload,
  control: ControlState,
  current: { type: GoalType; sinceTick: number } | undefined,
  tick: number,
  unavailable: ReadonlySet<GoalType> = NONE,
): Decision {
  if (control.goal && control.goal.setBy === 'owner')
    return { type: control.goal.type, reason: 'set by the owner', setBy: 'owner' };
  if (control.goalsPaused) return { type: 'idle', reason: 'goals paused by the owner', setBy: 'agent' };
  const options = candidates(player, unavailable);
  const best = options[0];
  if (!best) return { type: 'idle', reason: 'nothing to do', setBy: 'agent' };
  const keep = current && options.find((g) => g.type === current.type);
  if (keep && keep.type !== 'idle' && tick - current.sinceTick < MIN_GOAL_TICKS && best.priority < 80)
    return { type: keep.type, reason: keep.reason, setBy: 'agent' };
  return { type: best.type, reason: best.reason, setBy: 'agent' };
}

/**
 * The available goals the runtime can pursue, best first. `unavailable` names goals the runtime
 * knows it cannot pursue now beyond what the player state shows (e.g. questing once every quest
 * it has a plan for is completed).
 */
export function candidates(
  player: PlayerStatePayload,
  unavailable: ReadonlySet<GoalType> = NONE,
): AvailableGoal[] {
  return availableGoals(player).filter(
    (g) => g.available && SUPPORTED_GOALS.includes(g.type) && !unavailable.has(g.type),
  );
}
