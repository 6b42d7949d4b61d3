import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { commitGroundSpawn, planGroundSpawn, type SpawnFailure } from './spawn';
import { GROUND_ITEMS } from './state';

/** The error a failed spawn becomes for the player who asked for it. */
export function spawnFailure(reason: SpawnFailure): Outcome {
  switch (reason) {
    case 'tile_full':
      return fail('tile_full', 'there is no room for more items on this tile');
    case 'ground_full':
      return fail('ground_full', 'the world cannot hold more items on the ground right now');
    case 'unknown_item':
    case 'invalid_quantity':
      return fail('internal_error', `cannot put that item on the ground (${reason})`);
  }
}

/**
 * `inventory:drop`: puts (part of) an inventory slot on the player's tile as a pile only its owner
 * sees for 100 ticks (public for 100 more, then gone). The quantity defaults to the whole slot and
 * is capped by it; an item that does not stack drops one. Quest items (`droppable: false`) and
 * untradeable items are refused (`not_droppable`). All or nothing: the spawn is planned first (a
 * full tile fails with `tile_full`, the drop is never moved to another tile), then the slot is
 * emptied and the pile committed in the same call. The ack result is `{ groundItemId, itemId, quantity }`.
 */
export function dropFromSlot(
  world: World,
  player: Player,
  slot: number,
  wanted: number | undefined,
): Outcome {
  const row = player.inventory.slot(slot);
  if (!row) return fail('empty_slot', 'that slot is empty');
  const def = world.itemLookup(row.itemId);
  if (!def || !def.droppable || !def.tradeable)
    return fail('not_droppable', `you cannot drop ${def ? `the ${def.name.toLowerCase()}` : 'that'}`);
  const quantity = def.stackable ? Math.min(wanted ?? row.quantity, row.quantity) : 1;
  const planned = planGroundSpawn(world, {
    itemId: row.itemId,
    quantity,
    x: player.x,
    z: player.z,
    owner: player.id,
    onFullTile: 'fail',
  });
  if (!planned.ok) return spawnFailure(planned.reason);
  const removed = player.inventory.removeFromSlot(slot, quantity);
  // The slot was read above in the same tick, so the removal cannot fail.
  if (!removed.ok) return fail('internal_error', `could not remove the item (${removed.reason})`);
  const { piles } = commitGroundSpawn(world, planned.plan);
  for (const pile of piles) GROUND_ITEMS.of(world).noteMover(pile, player.id);
  return { ok: true, result: { groundItemId: piles[0]?.id ?? '', itemId: row.itemId, quantity } };
}
