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

/**
 * Quest stages run in order. kill/gather/interact/reach_area complete automatically when their
 * objective is met; dialogue/deliver complete through the NPC's dialogue effect advance_quest.
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
