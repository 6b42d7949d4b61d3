/**
 * Firemaking: a tinderbox used on logs (or logs on a tinderbox) lights a fire on the player's tile.
 * The lighting is an activity: one attempt every tick (tick.ts) until the logs catch.
 */
import type { FiremakingRecipe } from '../../../content/schemas/recipes';
import { startActivity } from '../../core/activity';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { replaceOtherRequests } from '../interaction/interaction';
import { canPlaceObjectAt } from '../objects/fires';
import { isDying } from '../death/state';

/** The state of a fire being lit (`Player.activity.state` of kind `firemaking`). */
export class FireJob {
  constructor(
    readonly recipe: FiremakingRecipe,
    /** The slot the logs were in (used first when the fire catches). */
    readonly logSlot: number,
    /** The tile the fire is lit on: the player's when it started. */
    readonly x: number,
    readonly z: number,
  ) {}
}

const NOTHING = (): Outcome => fail('not_usable', 'Nothing interesting happens.');

/** The firemaking recipe of a log item, if it burns. */
export function recipeForLogs(world: World, itemId: string): FiremakingRecipe | undefined {
  for (const r of world.content.recipes.firemaking.recipes.values()) if (r.logItemId === itemId) return r;
  return undefined;
}

/**
 * `inventory:use` with `slot` and `targetSlot`: using one inventory item on another. Offered: a
 * tinderbox on logs, either way round, which starts lighting a fire on the player's tile (see
 * {@link startFiremaking}); any other pair answers `not_usable` ("Nothing interesting happens.").
 * An empty slot answers `empty_slot`. The inventory:use handler calls it when `targetSlot` is set.
 */
export function useItemOnItem(world: World, player: Player, slot: number, targetSlot: number): Outcome {
  const a = player.inventory.slot(slot);
  const b = player.inventory.slot(targetSlot);
  if (!a || !b) return fail('empty_slot', 'that slot is empty');
  if (slot === targetSlot) return NOTHING();
  const tinderbox = world.content.recipes.firemaking.toolItemId;
  const logs = a.itemId === tinderbox ? b : b.itemId === tinderbox ? a : undefined;
  const recipe = logs && recipeForLogs(world, logs.itemId);
  if (!logs || !recipe) return NOTHING();
  return startFiremaking(world, player, recipe, logs.slot);
}

/**
 * Starts lighting the logs of `logSlot` on the player's tile. Refused (nothing changes) while
 * dying (`dead`), below the recipe's level (`level_too_low`) and where an object (a station, a
 * fire, a tree...) already stands on the tile (`cannot_light_here`). It replaces whatever the
 * player was doing (the one supersession rule, `replaceOtherRequests`) and stops its walk: the
 * player's own tile is always in reach, so there is no walk to describe. Ack `{ itemId }` (the logs).
 */
export function startFiremaking(world: World, p: Player, recipe: FiremakingRecipe, logSlot: number): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  if (p.skills.firemaking.level < recipe.level)
    return fail('level_too_low', `you need firemaking level ${recipe.level} to light these logs`);
  if (!canPlaceObjectAt(world, p.x, p.z)) return fail('cannot_light_here', 'you cannot light a fire here');
  replaceOtherRequests(world, p);
  p.path = [];
  startActivity(world, p, { kind: 'firemaking', state: new FireJob(recipe, logSlot, p.x, p.z) });
  return { ok: true, result: { itemId: recipe.logItemId } };
}
