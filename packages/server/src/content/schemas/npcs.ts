import { z } from 'zod';
import { idSchema, modelFileSchema, nonEmptyText, nonNegativeInt, positiveInt } from './common';
import { dialogueSchema } from './dialogue';

const statLevel = z.number().int().min(1).max(255);

/** A drop entry; a quest-gated entry drops only for players at that quest stage. */
const dropSchema = z
  .strictObject({
    itemId: idSchema,
    min: positiveInt,
    max: positiveInt,
    quest: z.strictObject({ questId: idSchema, stage: idSchema }).optional(),
  })
  .refine((d) => d.min <= d.max, 'min must not exceed max');
const weightedDropSchema = z
  .strictObject({
    itemId: idSchema,
    min: positiveInt,
    max: positiveInt,
    /** Chance = weight / rollWeight. */
    weight: positiveInt,
  })
  .refine((d) => d.min <= d.max, 'min must not exceed max');

/**
 * Drops on death: every `always` entry, then one roll over common+uncommon+rare by weight out of
 * `rollWeight` (the remainder of the roll drops nothing). The tiers are labels for tooling.
 */
export const dropTableSchema = z
  .strictObject({
    always: z.array(dropSchema),
    rollWeight: positiveInt,
    common: z.array(weightedDropSchema),
    uncommon: z.array(weightedDropSchema),
    rare: z.array(weightedDropSchema),
  })
  .refine(
    (t) => [...t.common, ...t.uncommon, ...t.rare].reduce((sum, d) => sum + d.weight, 0) <= t.rollWeight,
    'weights of common+uncommon+rare must not exceed rollWeight',
  );
export type DropTable = z.infer<typeof dropTableSchema>;

export const npcCombatSchema = z.strictObject({
  levels: z.strictObject({
    attack: statLevel,
    strength: statLevel,
    defense: statLevel,
    /** Life points = 10 x constitution. */
    constitution: statLevel,
    ranged: statLevel,
  }),
  /** Accuracy and strength bonuses of the NPC's own attack (default 0). */
  attackBonus: z.number().int().optional(),
  strengthBonus: z.number().int().optional(),
  defense: z.strictObject({
    stab: z.number().int(),
    slash: z.number().int(),
    crush: z.number().int(),
    ranged: z.number().int(),
  }),
  attackType: z.enum(['stab', 'slash', 'crush', 'ranged']),
  attackSpeed: z.number().int().min(1).max(10),
  /** Tiles; 1 for melee. */
  attackRange: z.number().int().min(1).max(15),
  /** On the 10x life-point scale. */
  maxHit: nonNegativeInt,
  aggressive: z.boolean(),
  /** Tiles within which an aggressive NPC notices players (0 when not aggressive). */
  aggressionRange: nonNegativeInt,
  respawnTicks: positiveInt,
  /** Ticks the corpse stays (death animation) before drops appear and it despawns. */
  deathTicks: positiveInt,
});
export type NpcCombat = z.infer<typeof npcCombatSchema>;

/** npcs.json entry. */
export const npcSchema = z
  .strictObject({
    id: idSchema,
    name: nonEmptyText,
    examine: nonEmptyText,
    model: modelFileSchema,
    /** Default wander radius in tiles (a spawn may override it). */
    wanderRadius: nonNegativeInt,
    attackable: z.boolean(),
    combat: npcCombatSchema.optional(),
    drops: dropTableSchema.optional(),
    dialogue: dialogueSchema.optional(),
  })
  .superRefine((n, ctx) => {
    if (n.attackable && !n.combat)
      ctx.addIssue({ code: 'custom', message: 'attackable NPCs need a combat block' });
    if (n.drops && !n.attackable)
      ctx.addIssue({ code: 'custom', message: 'only attackable NPCs have drops' });
    if (n.combat && !n.combat.aggressive && n.combat.aggressionRange !== 0)
      ctx.addIssue({ code: 'custom', message: 'aggressionRange must be 0 when not aggressive' });
  });
export type NpcManifestEntry = z.infer<typeof npcSchema>;
