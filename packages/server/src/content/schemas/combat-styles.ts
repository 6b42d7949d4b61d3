import { z } from 'zod';
import { idSchema, nonEmptyText } from './common';

/**
 * combat-styles.json: named sets of attack styles that weapons refer to by `weapon.styleSet`.
 * Stances decide which skill trains and any speed/range modifier (see docs/content.md).
 */
export const STANCES = ['accurate', 'aggressive', 'defensive', 'controlled', 'rapid', 'longrange'] as const;
export const DAMAGE_TYPES = ['stab', 'slash', 'crush', 'ranged'] as const;

export const attackStyleSchema = z.strictObject({
  id: idSchema,
  name: nonEmptyText,
  damageType: z.enum(DAMAGE_TYPES),
  stance: z.enum(STANCES),
});

export const styleSetSchema = z
  .strictObject({
    id: idSchema,
    name: nonEmptyText,
    styles: z.array(attackStyleSchema).min(1).max(4),
  })
  .refine((s) => new Set(s.styles.map((x) => x.id)).size === s.styles.length, 'style ids must be unique');
export type StyleSet = z.infer<typeof styleSetSchema>;
