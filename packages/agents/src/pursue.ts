import type { GoalType } from '@tilerealm/protocol';
import { bankTrip } from './behaviours/banking';
import { combatStep } from './behaviours/combat';
import { recoverStep } from './behaviours/combat-recovery';
import { gatherStep, GATHER_SPECS } from './behaviours/gathering';
import { exploreStep, idleStep } from './behaviours/misc';
import { buryStep } from './behaviours/prayer';
import { cookingStep, firemakingStep } from './behaviours/processing';
import { questingStep, type QuestTracker } from './behaviours/questing';
import { smithingStep } from './behaviours/smithing';
import { moneyStep } from './behaviours/trading';
import type { StepContext } from './context';

/** What the behaviours keep between steps of one agent. */
export interface PursueState {
  /** Objects that failed recently (see gathering.ts). */
  skip: Map<string, number>;
  quests: QuestTracker;
  /** The goal's target (e.g. the melee skill a combat goal trains), when it names one. */
  target: string | undefined;
}

/**
 * One step towards a goal: the behaviour of its type. Resolves true when a one-off goal is finished
 * (a bank trip made, or no quest left to do), false while the goal goes on. After a death the agent
 * first gets its items back from its gravestone and wears them again (combat-recovery.ts); carried
 * bones are buried first, whatever the goal (prayer XP for a few ticks), except on a bank trip.
 */
export async function pursueGoal(ctx: StepContext, type: GoalType, state: PursueState): Promise<boolean> {
  if (await recoverStep(ctx)) return false;
  if (type !== 'banking' && (await buryStep(ctx))) return false;
  switch (type) {
    case 'woodcutting':
    case 'mining':
    case 'fishing':
      await gatherStep(ctx, GATHER_SPECS[type], state.skip);
      return false;
    case 'combat_training':
      await combatStep(ctx, state.target);
      return false;
    case 'cooking':
      await cookingStep(ctx, state.skip);
      return false;
    case 'firemaking':
      await firemakingStep(ctx, state.skip);
      return false;
    case 'banking':
      await bankTrip(ctx, [
        ...GATHER_SPECS.woodcutting.tools,
        ...GATHER_SPECS.mining.tools,
        ...GATHER_SPECS.fishing.tools,
      ]);
      return true;
    case 'smithing':
      await smithingStep(ctx, state.skip);
      return false;
    case 'questing':
      return !(await questingStep(ctx, state.quests, state.skip, state.target));
    case 'money_making':
      await moneyStep(ctx, state.skip);
      return false;
    case 'exploration':
      await exploreStep(ctx);
      return false;
    default:
      await idleStep(ctx);
      return false;
  }
}
