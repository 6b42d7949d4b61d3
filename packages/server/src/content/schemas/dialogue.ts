import { z } from 'zod';
import { skillSchema } from '../skills';
import { idSchema, nonEmptyText, positiveInt, xpSchema } from './common';

/** A test on the talking player; all conditions of a list must hold. */
export const conditionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('skill_level'),
    skill: skillSchema,
    min: z.number().int().min(1).max(99),
  }),
  z.strictObject({ type: z.literal('has_item'), itemId: idSchema, quantity: positiveInt }),
  /** Holds when the player has fewer than `quantity` of the item. */
  z.strictObject({ type: z.literal('lacks_item'), itemId: idSchema, quantity: positiveInt }),
  z.strictObject({
    type: z.literal('quest_status'),
    questId: idSchema,
    status: z.enum(['not_started', 'in_progress', 'completed']),
  }),
  /** Holds while the player's current stage of the quest is `stage`. */
  z.strictObject({ type: z.literal('quest_stage'), questId: idSchema, stage: idSchema }),
  z.strictObject({ type: z.literal('quest_points'), min: positiveInt }),
]);
export type DialogueCondition = z.infer<typeof conditionSchema>;

/** Something that happens when a node is shown or a response is chosen, applied in order. */
export const effectSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('open_bank') }),
  z.strictObject({ type: z.literal('open_shop'), storeId: idSchema }),
  z.strictObject({ type: z.literal('start_quest'), questId: idSchema }),
  /** Completes stage `fromStage` (only if it is the player's current stage); after the last stage the quest completes. */
  z.strictObject({ type: z.literal('advance_quest'), questId: idSchema, fromStage: idSchema }),
  z.strictObject({ type: z.literal('give_item'), itemId: idSchema, quantity: positiveInt }),
  z.strictObject({ type: z.literal('take_item'), itemId: idSchema, quantity: positiveInt }),
  z.strictObject({ type: z.literal('give_xp'), skill: skillSchema, amount: xpSchema }),
  /** Restores life points (10x scale); `amount` omitted = full. */
  z.strictObject({ type: z.literal('heal'), amount: positiveInt.optional() }),
  z.strictObject({ type: z.literal('teleport'), x: z.number().int(), z: z.number().int() }),
]);
export type DialogueEffect = z.infer<typeof effectSchema>;

export const responseSchema = z.strictObject({
  /** What the player says. */
  text: nonEmptyText,
  /** Node shown next; null ends the conversation. */
  next: idSchema.nullable(),
  /** The response is offered only when all hold. */
  conditions: z.array(conditionSchema).optional(),
  effects: z.array(effectSchema).optional(),
});

export const dialogueNodeSchema = z
  .strictObject({
    id: idSchema,
    /** What the NPC says. */
    text: nonEmptyText,
    /** Applied when the node is shown. */
    effects: z.array(effectSchema).optional(),
    /** Player choices; when absent the node continues to `next` (null/absent ends). */
    responses: z.array(responseSchema).min(1).optional(),
    next: idSchema.nullable().optional(),
  })
  .refine((n) => !(n.responses && n.next !== undefined), 'a node has either responses or next, not both');
export type DialogueNode = z.infer<typeof dialogueNodeSchema>;

/**
 * An NPC's conversation. `entries` are tried in order and the first whose conditions all hold
 * picks the opening node; otherwise the conversation opens at `start`.
 */
export const dialogueSchema = z.strictObject({
  start: idSchema,
  entries: z
    .array(z.strictObject({ conditions: z.array(conditionSchema).min(1), node: idSchema }))
    .optional(),
  nodes: z.array(dialogueNodeSchema).min(1),
});
export type Dialogue = z.infer<typeof dialogueSchema>;
