/**
 * Using an inventory item on a station (`inventory:use` with `targetId`): the RuneScape shortcut
 * that starts a make-all without choosing a recipe when the item says what to make.
 */
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { requestMake } from './make';
import { attemptsCarried, cookRecipe, smeltRecipe } from './recipes';
import { OBJECTS } from '../objects/state';

const nothing = (): Outcome => fail('not_usable', 'Nothing interesting happens.');

/**
 * Item on object. Raw food on a station with a `cook` action cooks all the carried raw food of
 * that kind; an ore (or coal) on the furnace smelts the first smelting recipe that uses it, as many
 * times as the carried ores allow; a bar on the anvil answers `unknown_recipe` because smithing
 * needs a choice (send `player:action` `make` with a recipe id). The make itself is
 * {@link requestMake} (same checks, errors and ack result). Anything else: `not_usable`.
 */
export function useItemOnObject(world: World, player: Player, slot: number, objectId: string): Outcome {
  const item = player.inventory.slot(slot);
  if (!item) return fail('empty_slot', 'that slot is empty');
  const o = OBJECTS.of(world).get(objectId);
  const view = world.settings.interactionDistance;
  if (!o || Math.max(Math.abs(o.x - player.x), Math.abs(o.z - player.z)) > view)
    return fail('object_gone', 'there is no such object in sight');
  if (o.kind !== 'station') return nothing();
  const actions = new Set(world.content.stations.get(o.defId)?.actions.map((a) => a.type) ?? []);
  const { cooking, smelting, smithing } = world.content.recipes;
  const count = (itemId: string) => player.inventory.count(itemId);

  if (actions.has('cook')) {
    const recipes = [...cooking.values()].filter((r) => r.rawItemId === item.itemId);
    // Prefer a recipe made on this kind of station; otherwise make reports why not.
    const def = recipes.find((r) => r.methods.some((m) => m.stationId === o.defId)) ?? recipes[0];
    if (def)
      return requestMake(world, player, def.id, o.id, Math.max(1, attemptsCarried(cookRecipe(def), count)));
  }
  if (actions.has('smelt') && o.defId === smelting.stationId) {
    const def = [...smelting.recipes.values()].find((r) => r.inputs.some((s) => s.itemId === item.itemId));
    if (def)
      return requestMake(world, player, def.id, o.id, Math.max(1, attemptsCarried(smeltRecipe(def), count)));
  }
  if (actions.has('smith') && o.defId === smithing.stationId) {
    const options = [...smithing.recipes.values()].filter((r) => r.barItemId === item.itemId);
    const first = options[0];
    if (first)
      return fail(
        'unknown_recipe',
        `choose what to smith: send player:action make with a recipeId (${options.length} recipes use this bar, e.g. ${first.id})`,
      );
  }
  return nothing();
}
