/**
 * The checks and the one step of making: every step is all-or-nothing on a clone of the inventory
 * (inputs out, outputs in), committed only when all of it fits, so no item is ever lost or created
 * outside the recipe's rules.
 */
import { foodWord } from '../chat/game-message';
import { emitDeed } from '../../core/deeds';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import type { ItemContainer } from '../../items/container';
import type { Stack } from '../../items/types';
import { creditInteraction } from '../quests/progress';
import { grantXp } from '../skills/grant';
import { outputsOf, successChance, type MakeRecipe } from './recipes';

/** Why making cannot start or go on; each is also an error code and an `activity:stopped` reason. */
export type MakeBlock = 'level_too_low' | 'no_tool' | 'missing_materials' | 'inventory_full';

export interface Blocked {
  code: MakeBlock;
  message: string;
}

const VERB: Readonly<Record<MakeRecipe['kind'], string>> = { cook: 'cook', smelt: 'smelt', smith: 'smith' };

function itemName(world: World, itemId: string): string {
  return (world.itemLookup(itemId)?.name ?? itemId).toLowerCase();
}

function productName(world: World, recipe: MakeRecipe): string {
  const out = outputsOf(recipe, true)[0];
  return out ? itemName(world, out.itemId) : recipe.id;
}

/** The inventory after taking `inputs` and adding `outputs`, or undefined when that cannot happen. */
function planned(
  inv: ItemContainer,
  inputs: readonly Stack[],
  outputs: readonly Stack[],
): ItemContainer | undefined {
  const scratch = inv.clone();
  for (const s of inputs) if (!scratch.remove(s.itemId, s.quantity).ok) return undefined;
  for (const s of outputs) if (!scratch.add(s.itemId, s.quantity).ok) return undefined;
  return scratch;
}

/**
 * Whether the player may make one more now: level, tool, materials, and room for every possible
 * result (cooked or burnt, bar or nothing), so an attempt never fails half-way. Undefined when it may.
 */
export function blockedBy(world: World, p: Player, recipe: MakeRecipe): Blocked | undefined {
  const level = p.skills[recipe.skill].level;
  if (level < recipe.level)
    return {
      code: 'level_too_low',
      message: `you need ${recipe.skill} level ${recipe.level} to ${VERB[recipe.kind]} ${productName(world, recipe)}`,
    };
  const tool = recipe.toolItemId;
  if (tool !== undefined && p.inventory.count(tool) + p.equipment.count(tool) === 0)
    return { code: 'no_tool', message: `you need a ${itemName(world, tool)} to ${VERB[recipe.kind]} this` };
  const missing = recipe.inputs.filter((s) => p.inventory.count(s.itemId) < s.quantity);
  if (missing.length > 0)
    return {
      code: 'missing_materials',
      message: `you need ${missing.map((s) => `${s.quantity} ${itemName(world, s.itemId)}`).join(' and ')} to ${VERB[recipe.kind]} ${productName(world, recipe)}`,
    };
  for (const success of [true, false])
    if (!planned(p.inventory, recipe.inputs, outputsOf(recipe, success)))
      return { code: 'inventory_full', message: 'you do not have enough inventory space' };
  return undefined;
}

/** What one attempt did (for tests and the ack-less make loop). */
export type StepResult = { ok: true; success: boolean } | ({ ok: false } & Blocked);

/**
 * One attempt at a station: re-checks everything ({@link blockedBy}), rolls success with the
 * world's RNG (no draw when the chance is 0 or 1), then swaps inputs for outputs in one commit and
 * grants the XP on success. A blocked attempt changes nothing.
 */
export function makeOne(world: World, p: Player, recipe: MakeRecipe, stationDefId: string): StepResult {
  const blocked = blockedBy(world, p, recipe);
  if (blocked) return { ok: false, ...blocked };
  const chance = successChance(recipe, stationDefId, p.skills[recipe.skill].level);
  const success = chance >= 1 ? true : chance <= 0 ? false : world.rng.nextFloat() < chance;
  const next = planned(p.inventory, recipe.inputs, outputsOf(recipe, success));
  // blockedBy just planned this very step on the same inventory, so it cannot fail here.
  if (!next) return { ok: false, code: 'inventory_full', message: 'you do not have enough inventory space' };
  p.inventory.assign(next);
  for (const s of recipe.inputs) world.ledger.record(s.itemId, -s.quantity, recipe.kind, p.id);
  for (const s of outputsOf(recipe, success)) world.ledger.record(s.itemId, s.quantity, recipe.kind, p.id);
  if (success) grantXp(world, p, recipe.skill, recipe.xpTenths);
  creditInteraction(world, p, { type: 'station', id: stationDefId });
  const product = success ? outputsOf(recipe, true)[0]?.itemId : undefined;
  emitDeed(world, p, {
    type: 'made',
    recipeKind: recipe.kind,
    recipeId: recipe.id,
    stationId: stationDefId,
    itemId: product,
  });
  world.send(p.id, 'chat:message', {
    tick: world.tick,
    channel: 'system',
    from: null,
    message: resultMessage(world, recipe, success),
  });
  return { ok: true, success };
}

function resultMessage(world: World, recipe: MakeRecipe, success: boolean): string {
  const product = productName(world, recipe);
  switch (recipe.kind) {
    case 'cook':
      return success
        ? `You cook the ${foodWord(world, recipe.def.rawItemId)}.`
        : `You accidentally burn the ${foodWord(world, recipe.def.rawItemId)}.`;
    case 'smelt':
      return success ? `You retrieve a ${product}.` : 'The ore is too impure and you fail to refine it.';
    case 'smith':
      return `You hammer the metal and make ${recipe.def.outputQuantity > 1 ? `${recipe.def.outputQuantity} x ` : 'a '}${product}.`;
  }
}
