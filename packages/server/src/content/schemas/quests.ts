import { z } from 'zod';
import {
  idSchema,
  itemStackSchema,
  nonEmptyText,
  nonNegativeInt,
  positiveInt,
  skillLevelsSchema,
  skillXpSchema,
} from './common';

const stageBase = { id: idSchema, description: nonEmptyText };

/** How far from a `reach_tile` stage's tile (Chebyshev) still counts: at most this. */
export const REACH_RADIUS_MAX = 16;

/**
 * Quest stages run in order. All but dialogue/deliver complete on their own when their objective
 * is met; dialogue/deliver complete through the NPC's dialogue effect advance_quest. The counted
 * kinds (kill, interact, light_fire, make, bank_deposit, shop_buy) count only while current.
 */
export const questStageSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...stageBase, kind: z.literal('dialogue'), npcId: idSchema }),
  z.strictObject({ ...stageBase, kind: z.literal('kill'), npcId: idSchema, count: positiveInt }),
  /** Complete when the player holds `count` of the item. */
  z.strictObject({ ...stageBase, kind: z.literal('gather'), itemId: idSchema, count: positiveInt }),
  z.strictObject({
    ...stageBase,
    kind: z.literal('deliver'),
    npcId: idSchema,
    itemId: idSchema,
    count: positiveInt,
  }),
  /** Use a station (by id) or a resource (by id) `count` times. */
  z.strictObject({
    ...stageBase,
    kind: z.literal('interact'),
    target: z.strictObject({ type: z.enum(['station', 'resource']), id: idSchema }),
    count: positiveInt,
  }),
  z.strictObject({ ...stageBase, kind: z.literal('reach_area'), areaId: idSchema }),
  /** Stand within `radius` tiles (Chebyshev) of the tile. */
  z.strictObject({
    ...stageBase,
    kind: z.literal('reach_tile'),
    x: z.number().int(),
    z: z.number().int(),
    radius: z.number().int().min(0).max(REACH_RADIUS_MAX),
  }),
  /** Light `count` fires (burning logs of `itemId` when given, else any logs). */
  z.strictObject({
    ...stageBase,
    kind: z.literal('light_fire'),
    itemId: idSchema.optional(),
    count: positiveInt,
  }),
  /**
   * `count` making attempts of the recipe kind at a station (a burnt or failed one counts), of one
   * recipe when `recipeId` is given; with `itemId`, only attempts that made that item count.
   */
  z.strictObject({
    ...stageBase,
    kind: z.literal('make'),
    recipeKind: z.enum(['cook', 'smelt', 'smith']),
    recipeId: idSchema.optional(),
    itemId: idSchema.optional(),
    count: positiveInt,
  }),
  /** Deposit `count` units in the bank (of `itemId` when given, else of anything). */
  z.strictObject({
    ...stageBase,
    kind: z.literal('bank_deposit'),
    itemId: idSchema.optional(),
    count: positiveInt,
  }),
  /** Buy `count` units from a shop (the store `storeId` and item `itemId` when given). */
  z.strictObject({
    ...stageBase,
    kind: z.literal('shop_buy'),
    storeId: idSchema.optional(),
    itemId: idSchema.optional(),
    count: positiveInt,
  }),
]);
export type QuestStage = z.infer<typeof questStageSchema>;

export const questUnlockSchema = z.strictObject({
  type: z.enum(['store', 'prayer', 'area']),
  id: idSchema,
  description: nonEmptyText,
});

/** quests.json entry. */
export const questSchema = z
  .strictObject({
    id: idSchema,
    name: nonEmptyText,
    description: nonEmptyText,
    difficulty: z.enum(['novice', 'intermediate', 'experienced']),
    /** Talking to this NPC starts the quest (its dialogue has the start_quest effect). */
    startNpcId: idSchema,
    requirements: z.strictObject({
      skills: skillLevelsSchema.optional(),
      quests: z.array(idSchema).optional(),
      questPoints: nonNegativeInt.optional(),
    }),
    /** Items that exist for this quest only: category "quest", untradeable, undroppable. */
    questItems: z.array(idSchema),
    stages: z.array(questStageSchema).min(1),
    rewards: z.strictObject({
      questPoints: positiveInt,
      xp: skillXpSchema,
      items: z.array(itemStackSchema),
      unlocks: z.array(questUnlockSchema),
    }),
  })
  .refine((q) => new Set(q.stages.map((s) => s.id)).size === q.stages.length, 'stage ids must be unique');
export type QuestDef = z.infer<typeof questSchema>;
