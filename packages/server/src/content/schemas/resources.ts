import { z } from 'zod';
import {
  idSchema,
  itemStackSchema,
  levelSchema,
  lowHighSchema,
  minMaxInt,
  modelFileSchema,
  nonEmptyText,
  positiveInt,
  probability,
  xpSchema,
} from './common';
import { TOOL_KINDS } from './tools';

/** Chance for one tool tier; the entry with the greatest toolTier <= the tool's tier applies. */
export const tierChanceSchema = z.strictObject({
  toolTier: z.number().int().min(1).max(6),
  ...lowHighSchema,
});

export const depletionSchema = z.discriminatedUnion('type', [
  /** After each successful gather, deplete with this probability. */
  z.strictObject({ type: z.literal('chance'), chance: probability }),
  /** Deplete after a random number of successful gathers in [min, max]. */
  z.strictObject({ type: z.literal('count'), min: positiveInt, max: positiveInt }),
]);

const common = {
  id: idSchema,
  name: nonEmptyText,
  examine: nonEmptyText,
  model: modelFileSchema,
};

const harvestable = {
  ...common,
  depletedModel: modelFileSchema,
  levelRequired: levelSchema,
  xp: xpSchema,
  yields: z.array(itemStackSchema).min(1),
  depletion: depletionSchema,
  respawnTicks: positiveInt,
  chances: z
    .array(tierChanceSchema)
    .min(1)
    .refine((c) => c[0]?.toolTier === 1, 'the first entry must be toolTier 1')
    .refine(
      (c) => c.every((e, i) => i === 0 || e.toolTier > (c[i - 1]?.toolTier ?? 0)),
      'toolTier must ascend',
    ),
};

export const catchSchema = z.strictObject({
  itemId: idSchema,
  levelRequired: levelSchema,
  xp: xpSchema,
  ...lowHighSchema,
});

export const fishingMethodSchema = z.strictObject({
  id: idSchema,
  /** Menu verb ("Net", "Bait", "Lure", "Cage", "Harpoon"). */
  label: nonEmptyText,
  toolKind: z.enum(TOOL_KINDS),
  /** Consumed (one) per catch when set. */
  baitItemId: idSchema.optional(),
  /** Catches tried best-first: the highest-level catch the player can get is rolled first. */
  catches: z.array(catchSchema).min(1),
});

/** resources.json entry: a tree, rock or fishing spot that can be placed in world areas. */
export const resourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tree'), ...harvestable }),
  z.strictObject({ kind: z.literal('rock'), ...harvestable }),
  z.strictObject({
    kind: z.literal('fishing_spot'),
    ...common,
    methods: z.array(fishingMethodSchema).min(1),
    /** Fishing spots never deplete; they move to another water tile after this many ticks. */
    relocateTicks: minMaxInt.optional(),
  }),
]);
export type ResourceDef = z.infer<typeof resourceSchema>;
export type ResourceKind = ResourceDef['kind'];

/** The skill each resource kind trains. */
export const RESOURCE_KIND_SKILL = { tree: 'woodcutting', rock: 'mining', fishing_spot: 'fishing' } as const;
