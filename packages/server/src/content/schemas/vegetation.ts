import { z } from 'zod';
import { idSchema, modelFileSchema, nonEmptyText } from './common';

/** vegetation.json entry: decorative plants and rocks scattered by biomes. */
export const vegetationSchema = z
  .strictObject({
    id: idSchema,
    name: nonEmptyText,
    kind: z.enum(['grass', 'flower', 'bush', 'fern', 'reed', 'mushroom', 'rock', 'sapling', 'deadwood']),
    model: modelFileSchema,
    /** Random uniform scale range applied per instance. */
    minScale: z.number().positive(),
    maxScale: z.number().positive(),
    blocking: z.boolean(),
  })
  .refine((v) => v.minScale <= v.maxScale, 'minScale must not exceed maxScale');
export type VegetationDef = z.infer<typeof vegetationSchema>;
