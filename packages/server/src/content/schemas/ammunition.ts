import { z } from 'zod';
import { idSchema, nonNegativeInt, positiveInt, probability } from './common';

/** ammunition.json entry: the ranged data of an ammunition item (single source of its ranged strength). */
export const ammunitionSchema = z.strictObject({
  itemId: idSchema,
  ammoType: z.enum(['arrow']),
  rangedStrength: nonNegativeInt,
  /** The bow's `weapon.bowTier` must be at least this. */
  requiredBowTier: positiveInt,
  /** Chance that a fired arrow lands on the target's tile instead of breaking. */
  floorDropChance: probability,
});
export type AmmunitionDef = z.infer<typeof ammunitionSchema>;
