/**
 * Dialogue effects (npcs.json), planned in order into one transaction ({@link PlayerTx}): the
 * effects of the chosen response and of the node it leads to happen together or not at all. An
 * effect that cannot happen (no room for an item, a missing delivery, a quest requirement not met,
 * a locked store) fails the whole answer with its reason and nothing changes.
 *
 * `open_bank` and `open_shop` open that interface in the conversation's place; `teleport` moves the
 * player (the conversation ends there); `heal` restores life points (all when no amount is given).
 */
import type { DialogueEffect } from '../../../content/schemas/dialogue';
import { fail, OK, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { sendBank } from '../bank/feature';
import { openInterface } from '../bank/interface';
import { advanceQuest, startQuest } from '../quests/progress';
import { statusIn } from '../quests/state';
import type { PlayerTx } from '../quests/tx';
import { shopLock, showShop } from '../shops/feature';
import { SHOPS } from '../shops/stock';

function planEffect(world: World, tx: PlayerTx, e: DialogueEffect): Outcome {
  const p = tx.player;
  switch (e.type) {
    case 'open_bank':
      tx.opensInterface = true;
      tx.then(() => {
        openInterface(world, p, { kind: 'bank', x: p.x, z: p.z });
        sendBank(world, p);
      });
      return OK;
    case 'open_shop': {
      const shop = SHOPS.of(world).get(e.storeId);
      if (!shop) return fail('target_gone', 'that shop is gone');
      const questId = shop.def.requiredQuestId;
      // A quest completed by an earlier effect of the same answer counts.
      if (questId !== undefined && statusIn(tx.quests, questId) !== 'completed') {
        const locked = shopLock(world, p, shop);
        if (locked) return locked;
      }
      tx.opensInterface = true;
      tx.then(() => void showShop(world, p, shop));
      return OK;
    }
    case 'start_quest':
      return startQuest(world, tx, e.questId);
    case 'advance_quest':
      return advanceQuest(world, tx, e.questId, e.fromStage);
    case 'give_item':
      return tx.give(e.itemId, e.quantity, 'dialogue_give');
    case 'take_item':
      return tx.take(e.itemId, e.quantity, 'dialogue_take');
    case 'give_xp':
      tx.xp(e.skill, e.amount);
      return OK;
    case 'heal':
      tx.then(() => {
        p.health = Math.min(p.maxHealth, p.health + (e.amount ?? p.maxHealth));
      }, true);
      return OK;
    case 'teleport':
      if (!world.map.isWalkable(e.x, e.z)) return fail('no_path', `tile ${e.x},${e.z} cannot be stood on`);
      tx.teleported = true;
      tx.then(() => {
        p.path = [];
        p.x = e.x;
        p.z = e.z;
        world.spatial.set(p.idx, e.x, e.z);
      }, true);
      return OK;
  }
}

/** Plans every effect of the list into `tx`, in order; the first failure stops (and drops `tx`). */
export function planEffects(
  world: World,
  tx: PlayerTx,
  effects: readonly DialogueEffect[] | undefined,
): Outcome {
  for (const e of effects ?? []) {
    const r = planEffect(world, tx, e);
    if (!r.ok) return r;
  }
  return OK;
}
