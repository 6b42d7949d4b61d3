import type { Player } from '../../core/player';
import { fail, type Feature, type Outcome } from '../../core/registry';
import { playerSlot } from '../../core/slots';
import type { World } from '../../core/world';
import { useItemOnItem } from '../firemaking/use';
import { buryBones } from '../prayer/bury';
import { useItemOnObject } from '../processing/use';
import { healedBy, planEat, regenStep, type EatFailure } from './rules';
import { CLIENT_VIEW } from '../sync/state';

/** The eat delay and the health regeneration's tick count of a player (in memory only). */
export const EATING = playerSlot('consumables', {
  init: () => ({
    /** First tick at which the player may eat again. */
    nextEatTick: 0,
    /** Ticks counted towards the next natural health change (regeneration or boost decay). */
    regenTicks: 0,
  }),
  hash: (s, h) => h.num(s.nextEatTick).num(s.regenTicks),
});

function failure(reason: EatFailure, ticksLeft: number): Outcome {
  switch (reason) {
    case 'empty_slot':
      return fail('empty_slot', 'that slot is empty');
    case 'not_usable':
      return fail('not_usable', 'Nothing interesting happens.');
    case 'eat_delay':
      return fail(
        'eat_delay',
        `you are still eating: wait ${ticksLeft} more tick${ticksLeft === 1 ? '' : 's'}`,
      );
  }
}

/**
 * Eats the food in an inventory slot: one item leaves the slot, health rises by the food's `heal`
 * (never past the maximum) and the next eat waits for the food's `eatDelay` in ticks. A failure
 * changes nothing. The ack result is `{ itemId, healed, health }`.
 */
export function eat(world: World, player: Player, slot: number): Outcome {
  const eating = EATING.of(player);
  const plan = planEat(player.inventory, slot, world.itemLookup, world.tick, eating.nextEatTick);
  if (!plan.ok) return failure(plan.reason, eating.nextEatTick - world.tick);
  const removed = player.inventory.removeFromSlot(slot, 1);
  // planEat saw an item in this slot within the same tick, so the removal cannot fail.
  if (!removed.ok) return fail('internal_error', `could not remove the food (${removed.reason})`);
  world.ledger.record(plan.itemId, -1, 'eat', player.id);
  const healed = healedBy(player.health, player.maxHealth, plan.heal);
  player.health += healed;
  eating.nextEatTick = world.tick + plan.eatDelay;
  world.send(player.id, 'chat:message', {
    tick: world.tick,
    channel: 'system',
    from: null,
    message: `You eat the ${plan.name.toLowerCase()}.`,
  });
  return { ok: true, result: { itemId: plan.itemId, healed, health: player.health } };
}

/** Sends `player:stats` when health or maximum health changed since the client last saw them. */
export function syncStats(world: World, p: Player): void {
  const maxHealth = p.maxHealth;
  const view = CLIENT_VIEW.of(p);
  if (p.health === view.sentHealth && maxHealth === view.sentMaxHealth) return;
  view.sentHealth = p.health;
  view.sentMaxHealth = maxHealth;
  world.send(p.id, 'player:stats', { tick: world.tick, health: p.health, maxHealth });
}

/**
 * Consumables: eating food with `inventory:use` (the item alone), natural health regeneration and
 * boost decay in the players phase, and `player:stats` in the sync phase. `inventory:use` also
 * dispatches item-on-object (processing/use.ts), item-on-item (firemaking/use.ts) and burying
 * bones (prayer/bury.ts).
 */
export const consumablesFeature: Feature = {
  name: 'consumables',
  register(r) {
    r.playerSlot(EATING);
    // inventory:use: on an object (processing: cooking, smelting), on another item (firemaking),
    // or alone (burying bones, eating).
    r.on('inventory:use', (world, player, data) => {
      if (data.targetId !== undefined) return useItemOnObject(world, player, data.slot, data.targetId);
      if (data.targetSlot !== undefined) return useItemOnItem(world, player, data.slot, data.targetSlot);
      // Bones alone are buried (prayer feature); anything else is eaten.
      return buryBones(world, player, data.slot) ?? eat(world, player, data.slot);
    });
    r.perPlayer('players', (_world, p) => {
      const eating = EATING.of(p);
      const next = regenStep(p.health, p.maxHealth, eating.regenTicks);
      p.health = next.health;
      eating.regenTicks = next.ticks;
    });
    r.perPlayer('sync', syncStats);
  },
};
