/**
 * A quest's rewards, given inside the transaction that completes it: quest points, experience and
 * items. Items go to the inventory (coins to the pouch) as far as they fit and the rest to the bank;
 * when even the bank cannot take them the completion is refused as a whole (`inventory_full`), so a
 * reward is never lost and never given twice: it exists only together with the completed status.
 * Unlocks need no step of their own: a store or prayer checks that its quest is completed.
 */
import type { QuestDef } from '../../../content/schemas/quests';
import { SKILLS } from '../../../content/skills';
import { fail, type Outcome } from '../../core/registry';
import type { Completion, PlayerTx } from './tx';

/** Plans the rewards of `def` into `tx` (which already marks the quest completed). */
export function planRewards(tx: PlayerTx, def: QuestDef): Outcome {
  const items: Completion['items'] = [];
  for (const reward of def.rewards.items) {
    const placed = tx.place(reward.itemId, reward.quantity, 'quest_reward');
    if (!placed)
      return fail(
        'inventory_full',
        `make room for your reward from ${def.name}: your inventory and bank cannot hold ${reward.quantity} x ${reward.itemId}`,
      );
    items.push(...placed);
  }
  tx.questPoints += def.rewards.questPoints;
  for (const skill of SKILLS) {
    const amount = def.rewards.xp[skill];
    if (amount !== undefined && amount > 0) tx.xp(skill, amount);
  }
  tx.completions.push({ questId: def.id, items });
  return { ok: true };
}
