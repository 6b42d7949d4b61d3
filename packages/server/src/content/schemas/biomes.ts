import { z } from 'zod';
import { colorSchema, idSchema, nonEmptyText } from './common';

/** biomes.json entry: terrain generation and look of an area. */
export const biomeSchema = z.strictObject({
  id: idSchema,
  name: nonEmptyText,
  terrain: z
    .strictObject({
      /** Ground height (world units, Y) before noise. */
      baseHeight: z.number(),
      /** Amplitude of height noise. */
      heightVariation: z.number().nonnegative(),
      /** Y of water surfaces in this biome's water rectangles. */
      waterLevel: z.number(),
    })
    .refine((t) => t.waterLevel <= t.baseHeight, 'waterLevel must not be above baseHeight'),
  groundColors: z.strictObject({ primary: colorSchema, secondary: colorSchema, path: colorSchema }),
  fogColor: colorSchema,
  vegetation: z.array(
    z.strictObject({
      vegetationId: idSchema,
      /** Instances per 100 tiles. */
      density: z.number().positive().max(100),
    }),
  ),
});
export type BiomeDef = z.infer<typeof biomeSchema>;
