import { z } from 'zod';

/**
 * How another entity looks (what a client draws of it beyond its position), carried by its
 * snapshot when it enters view and by a compact change entry in `world:update` when it changes.
 */

/** The equipment slots drawn on a character: what others see of a player's equipment. */
export const WORN_SLOTS = ['head', 'cape', 'body', 'legs', 'weapon', 'shield'] as const;
export type WornSlot = (typeof WORN_SLOTS)[number];

/** Items worn in the drawn slots, by slot (item manifest ids); an empty slot is absent. */
export const wornItems = z.partialRecord(z.enum(WORN_SLOTS), z.string().min(1));

/**
 * What an entity is doing, for its animation: a skilling activity (once it stands at the tree,
 * rock, spot, range, furnace or anvil) or `attacking` (it has a combat target; each swing still
 * comes as `combat:hit`).
 */
export const ENTITY_ACTIVITIES = [
  'woodcutting',
  'mining',
  'fishing',
  'firemaking',
  'cooking',
  'smelting',
  'smithing',
  'attacking',
] as const;
export type EntityActivity = (typeof ENTITY_ACTIVITIES)[number];
export const entityActivity = z.enum(ENTITY_ACTIVITIES);

/** The look fields of an entity snapshot: absent when empty (nothing worn, idle, no overhead prayer). */
export const entityLook = z.object({
  worn: wornItems
    .optional()
    .describe(
      'Players: the items worn in the drawn slots (head, cape, body, legs, weapon, shield), by slot.',
    ),
  activity: entityActivity
    .optional()
    .describe(
      'What it is doing, for its animation: a skilling activity once at the object, or `attacking` while it has a combat target (each swing still comes as combat:hit).',
    ),
  headIcon: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Players: the active overhead prayer (prayers.json id of the `overhead` conflict group: the protection prayers, retribution, redemption, smite). Other prayers show nothing overhead.',
    ),
});

/**
 * A change of an entity's look: `idx` and only the parts that changed, each in full (`worn` is the
 * whole set, `{}` when nothing is worn any more; `null` clears `activity` or `headIcon`).
 */
export const entityChange = z.object({
  idx: z.number().int().nonnegative(),
  worn: wornItems.optional().describe('The whole worn set when it changed (`{}`: nothing worn any more).'),
  activity: entityActivity.nullable().optional().describe('The new activity when it changed (`null`: idle).'),
  headIcon: z
    .string()
    .min(1)
    .nullable()
    .optional()
    .describe('The new overhead prayer when it changed (`null`: none).'),
});

export type WornItems = z.infer<typeof wornItems>;
export type EntityLook = z.infer<typeof entityLook>;
export type EntityChange = z.infer<typeof entityChange>;
