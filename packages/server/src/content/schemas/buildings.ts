import { z } from 'zod';
import { idSchema, modelFileSchema, nonEmptyText, positiveInt } from './common';

/** buildings.json entry: a static structure placed by areas. */
export const buildingSchema = z.strictObject({
  id: idSchema,
  name: nonEmptyText,
  examine: nonEmptyText,
  model: modelFileSchema,
  modelScale: z.number().positive().max(20),
  /** Tiles covered at rotation 0 (width along X, depth along Z); swapped at 90/270. */
  footprint: z.strictObject({ width: positiveInt, depth: positiveInt }),
});
export type BuildingDef = z.infer<typeof buildingSchema>;
