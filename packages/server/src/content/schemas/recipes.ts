import { z } from 'zod';
import {
  idSchema,
  itemStackSchema,
  levelSchema,
  lowHighSchema,
  positiveInt,
  probability,
  xpSchema,
} from './common';

/** recipes/cooking.json recipe: raw -> cooked (or burnt) at a station with the "cook" action. */
export const cookingRecipeSchema = z.strictObject({
  id: idSchema,
  rawItemId: idSchema,
  cookedItemId: idSchema,
  burntItemId: idSchema,
  level: levelSchema,
  xp: xpSchema,
  /**
   * Per station: success chance = low/high interpolation at the player's level (capped at 1);
   * at or above stopBurnLevel the food never burns.
   */
  methods: z
    .array(z.strictObject({ stationId: idSchema, stopBurnLevel: levelSchema, ...lowHighSchema }))
    .min(1),
});
export type CookingRecipe = z.infer<typeof cookingRecipeSchema>;

/** recipes/smelting.json: ores -> bar at `stationId` (a furnace). */
export const smeltingFileSchema = z.strictObject({
  stationId: idSchema,
  recipes: z.array(z.unknown()),
});
export const smeltingRecipeSchema = z.strictObject({
  id: idSchema,
  barItemId: idSchema,
  inputs: z.array(itemStackSchema).min(1),
  level: levelSchema,
  xp: xpSchema,
  /** Chance the bar is produced (iron: 0.5); ores are consumed either way. */
  successChance: probability,
});
export type SmeltingRecipe = z.infer<typeof smeltingRecipeSchema>;

/** recipes/smithing.json: bars -> item at `stationId` (an anvil) with `toolItemId` (a hammer) held. */
export const smithingFileSchema = z.strictObject({
  stationId: idSchema,
  toolItemId: idSchema,
  recipes: z.array(z.unknown()),
});
export const smithingRecipeSchema = z.strictObject({
  id: idSchema,
  outputItemId: idSchema,
  outputQuantity: positiveInt,
  barItemId: idSchema,
  bars: positiveInt,
  level: levelSchema,
  xp: xpSchema,
});
export type SmithingRecipe = z.infer<typeof smithingRecipeSchema>;

/** recipes/firemaking.json: logs lit with `toolItemId` become a `fireStationId` station for burnTicks. */
export const firemakingFileSchema = z.strictObject({
  toolItemId: idSchema,
  fireStationId: idSchema,
  /** Left on the ground when the fire burns out. */
  ashesItemId: idSchema,
  recipes: z.array(z.unknown()),
});
export const firemakingRecipeSchema = z.strictObject({
  id: idSchema,
  logItemId: idSchema,
  level: levelSchema,
  xp: xpSchema,
  burnTicks: positiveInt,
  /** Lighting success per attempt (low/high interpolation). */
  ...lowHighSchema,
});
export type FiremakingRecipe = z.infer<typeof firemakingRecipeSchema>;
