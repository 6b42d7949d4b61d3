/**
 * The three kinds of station recipes (cooking, smelting, smithing) seen through one shape: what a
 * recipe takes, needs and gives, where it is made and how likely it succeeds. The make loop and
 * item-on-object use only this shape, so the kinds differ in data, not in code paths.
 */
import type { Content } from '../../../content/content-types';
import { interpolatedChance } from '../../../content/formulas';
import type { CookingRecipe, SmeltingRecipe, SmithingRecipe } from '../../../content/schemas/recipes';
import type { SkillName } from '../../../content/skills';
import type { Stack } from '../../items/types';
import { xpToTenths } from '../skills/levels';

/** A recipe kind, named after the station action (stations.json `actions[].type`) that offers it. */
export type MakeKind = 'cook' | 'smelt' | 'smith';

/**
 * Ticks between two products of a make-X, OSRS-like: a cook every 4 ticks (2.4 s), a bar every 4,
 * a smithed item every 5 (3 s). The first product comes one interval after the player is next to
 * the station.
 */
export const MAKE_TICKS: Readonly<Record<MakeKind, number>> = { cook: 4, smelt: 4, smith: 5 };

interface Common {
  id: string;
  skill: SkillName;
  level: number;
  /** Experience per success, in tenths (content XP is whole XP with one decimal). */
  xpTenths: number;
  /** Consumed by every attempt, success or not. */
  inputs: readonly Stack[];
  /** Must be carried (inventory or worn) but is not consumed. */
  toolItemId: string | undefined;
}

export type MakeRecipe =
  | (Common & { kind: 'cook'; def: CookingRecipe })
  | (Common & { kind: 'smelt'; def: SmeltingRecipe })
  | (Common & { kind: 'smith'; def: SmithingRecipe });

/** A cooking recipe in the common shape. */
export function cookRecipe(def: CookingRecipe): MakeRecipe {
  return {
    kind: 'cook',
    def,
    id: def.id,
    skill: 'cooking',
    level: def.level,
    xpTenths: xpToTenths(def.xp),
    inputs: [{ itemId: def.rawItemId, quantity: 1 }],
    toolItemId: undefined,
  };
}

/** A smelting recipe in the common shape. */
export function smeltRecipe(def: SmeltingRecipe): MakeRecipe {
  return {
    kind: 'smelt',
    def,
    id: def.id,
    skill: 'smithing',
    level: def.level,
    xpTenths: xpToTenths(def.xp),
    inputs: def.inputs,
    toolItemId: undefined,
  };
}

/** A smithing recipe in the common shape (the file's hammer is its tool). */
export function smithRecipe(content: Content, def: SmithingRecipe): MakeRecipe {
  return {
    kind: 'smith',
    def,
    id: def.id,
    skill: 'smithing',
    level: def.level,
    xpTenths: xpToTenths(def.xp),
    inputs: [{ itemId: def.barItemId, quantity: def.bars }],
    toolItemId: content.recipes.smithing.toolItemId,
  };
}

/** The recipe with this id among cooking, smelting and smithing (ids are unique across files). */
export function findRecipe(content: Content, recipeId: string): MakeRecipe | undefined {
  const cook = content.recipes.cooking.get(recipeId);
  if (cook) return cookRecipe(cook);
  const smelt = content.recipes.smelting.recipes.get(recipeId);
  if (smelt) return smeltRecipe(smelt);
  const smith = content.recipes.smithing.recipes.get(recipeId);
  return smith ? smithRecipe(content, smith) : undefined;
}

/**
 * Whether a station definition offers the recipe: it must have the recipe kind's action, and be
 * one of the recipe's cooking methods (cooking) or the file's station (smelting, smithing).
 */
export function stationOffers(content: Content, recipe: MakeRecipe, stationDefId: string): boolean {
  const station = content.stations.get(stationDefId);
  if (!station?.actions.some((a) => a.type === recipe.kind)) return false;
  switch (recipe.kind) {
    case 'cook':
      return recipe.def.methods.some((m) => m.stationId === stationDefId);
    case 'smelt':
      return stationDefId === content.recipes.smelting.stationId;
    case 'smith':
      return stationDefId === content.recipes.smithing.stationId;
  }
}

/**
 * Chance that one attempt succeeds. Cooking: the station method's low/high interpolation at the
 * player's level, and never a burn at or above its stopBurnLevel. Smelting: the recipe's
 * successChance (iron 0.5). Smithing always succeeds.
 */
export function successChance(recipe: MakeRecipe, stationDefId: string, level: number): number {
  switch (recipe.kind) {
    case 'cook': {
      const method = recipe.def.methods.find((m) => m.stationId === stationDefId);
      if (!method) return 0;
      if (level >= method.stopBurnLevel) return 1;
      return interpolatedChance(method.low, method.high, level);
    }
    case 'smelt':
      return recipe.def.successChance;
    case 'smith':
      return 1;
  }
}

/** What one attempt gives: cooked or burnt food, a bar or nothing, the smithed items. */
export function outputsOf(recipe: MakeRecipe, success: boolean): Stack[] {
  switch (recipe.kind) {
    case 'cook':
      return [{ itemId: success ? recipe.def.cookedItemId : recipe.def.burntItemId, quantity: 1 }];
    case 'smelt':
      return success ? [{ itemId: recipe.def.barItemId, quantity: 1 }] : [];
    case 'smith':
      return [{ itemId: recipe.def.outputItemId, quantity: recipe.def.outputQuantity }];
  }
}

/** How many attempts the carried inputs allow (the make-all quantity). */
export function attemptsCarried(recipe: MakeRecipe, count: (itemId: string) => number): number {
  let n = Infinity;
  for (const s of recipe.inputs) n = Math.min(n, Math.floor(count(s.itemId) / s.quantity));
  return Number.isFinite(n) ? n : 0;
}
