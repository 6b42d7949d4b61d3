import type { Rid } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { interact } from '../interaction/interaction';
import { addCoins, COINS } from '../shops/pouch';
import { visibleTo, type GroundItem } from './types';
import { GROUND_ITEMS } from './state';

/**
 * `player:action` `pickup`: RuneScape's "walk there, then take" (features/interaction: the newest
 * click wins, the ack comes once the pile is taken). The pile must exist, be visible to the player
 * (its owner, or anyone once public) and lie within view distance; one under the player is taken at
 * once. Each pile of a tile has its own id, so every item of a pile can be taken.
 */
export function requestPickup(
  world: World,
  player: Player,
  groundItemId: string,
  rid: Rid | undefined,
): Outcome {
  const store = GROUND_ITEMS.of(world);
  const pile = store.byId(groundItemId);
  const radius = world.settings.viewDistance;
  if (
    !pile ||
    !visibleTo(pile, player.id, world.tick) ||
    Math.max(Math.abs(pile.x - player.x), Math.abs(pile.z - player.z)) > radius
  ) {
    return fail('ground_item_gone', 'there is no such item in sight');
  }
  const handle = pile.handle;
  const live = (w: World, p: Player): GroundItem | undefined => {
    const now = GROUND_ITEMS.of(w).get(handle);
    return now && visibleTo(now, p.id, w.tick) ? now : undefined;
  };
  return interact(
    world,
    player,
    {
      target: { kind: 'groundItem', id: pile.id },
      locate: live,
      reach: 'sameTile',
      arrive: (w, p) => {
        const now = live(w, p);
        return now ? takePile(w, p, now) : fail('ground_item_gone', 'that item is no longer there');
      },
      gone: { code: 'ground_item_gone', message: 'that item is no longer there' },
      unreachable: { code: 'no_path', message: 'you cannot reach that item' },
      stopped: { code: 'no_path', message: 'you stopped before reaching the item' },
    },
    rid,
  );
}

/**
 * Moves a whole pile into the player's inventory, all or nothing: when it does not fit (no free
 * slot, or a stack would pass 2^31-1) the pile stays untouched and the answer is `inventory_full`.
 * Coins go to the coin pouch instead (ADR 0010), refused the same way when it would overflow.
 */
export function takePile(world: World, player: Player, pile: GroundItem): Outcome {
  if (pile.itemId === COINS) {
    if (!addCoins(player, pile.quantity))
      return fail('inventory_full', 'your coin pouch cannot hold any more coins');
    GROUND_ITEMS.of(world).noteMover(pile, player.id);
    GROUND_ITEMS.of(world).remove(pile, player.id);
    return { ok: true, result: { groundItemId: pile.id, itemId: pile.itemId, quantity: pile.quantity } };
  }
  const added = player.inventory.add(pile.itemId, pile.quantity);
  if (!added.ok) {
    switch (added.reason) {
      case 'inventory_full':
        return fail('inventory_full', 'you do not have enough inventory space');
      case 'stack_overflow':
        return fail('inventory_full', 'your stack of that item cannot hold any more');
      default:
        return fail('internal_error', `could not take the item (${added.reason})`);
    }
  }
  GROUND_ITEMS.of(world).noteMover(pile, player.id);
  GROUND_ITEMS.of(world).remove(pile, player.id);
  return { ok: true, result: { groundItemId: pile.id, itemId: pile.itemId, quantity: pile.quantity } };
}
