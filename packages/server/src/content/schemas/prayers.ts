import { z } from 'zod';
import { idSchema, levelSchema, nonEmptyText, positiveInt, skillLevelsSchema } from './common';

/** Effects beyond stat boosts. */
export const PRAYER_SPECIALS = [
  'protect_melee',
  'protect_ranged',
  'protect_item',
  'rapid_restore',
  'rapid_heal',
  'retribution',
  'redemption',
  'smite',
] as const;

/** prayers.json entry. Drain follows OSRS: see docs/content.md. */
export const prayerSchema = z.strictObject({
  id: idSchema,
  name: nonEmptyText,
  description: nonEmptyText,
  level: levelSchema,
  /** OSRS "drain effect": added to the drain counter every tick while active. */
  drainEffect: positiveInt,
  /** Percent boosts to effective levels. */
  bonuses: z.partialRecord(
    z.enum(['attack', 'strength', 'defense', 'ranged', 'rangedStrength']),
    positiveInt,
  ),
  special: z.enum(PRAYER_SPECIALS).optional(),
  /** Two prayers conflict (cannot be active together) when they share any group. */
  conflictGroups: z.array(idSchema),
  requirements: z
    .strictObject({ skills: skillLevelsSchema.optional(), questId: idSchema.optional() })
    .optional(),
});
export type PrayerDef = z.infer<typeof prayerSchema>;
