/**
 * Dialogue conditions (npcs.json): tests on the talking player that pick a conversation's opening
 * node and decide which responses are offered. Items count in the inventory (coins in the pouch);
 * skill levels are the current levels.
 */
import type { DialogueCondition } from '../../../content/schemas/dialogue';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { atStage, statusIn } from '../quests/state';
import { COINS } from '../shops/pouch';
import { QUESTS } from '../quests/state';

function carried(p: Player, itemId: string): number {
  return itemId === COINS ? p.coins : p.inventory.count(itemId);
}

/** Whether one condition holds for `p` now. */
export function conditionHolds(world: World, p: Player, c: DialogueCondition): boolean {
  switch (c.type) {
    case 'skill_level':
      return p.skills[c.skill].level >= c.min;
    case 'has_item':
      return carried(p, c.itemId) >= c.quantity;
    case 'lacks_item':
      return carried(p, c.itemId) < c.quantity;
    case 'quest_status':
      return statusIn(QUESTS.of(p).book, c.questId) === c.status;
    case 'quest_stage':
      return atStage(world, p, c.questId, c.stage);
    case 'quest_points':
      return QUESTS.of(p).points >= c.min;
  }
}

/** Whether every condition of a list holds (an absent or empty list always does). */
export function allHold(
  world: World,
  p: Player,
  conditions: readonly DialogueCondition[] | undefined,
): boolean {
  return (conditions ?? []).every((c) => conditionHolds(world, p, c));
}
