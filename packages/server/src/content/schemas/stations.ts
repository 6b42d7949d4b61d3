import { z } from 'zod';
import { idSchema, modelFileSchema, nonEmptyText } from './common';

/** What a station lets a player do; recipes name the station and the checker enforces the action. */
export const STATION_ACTIONS = ['bank', 'smelt', 'smith', 'cook', 'pray', 'climb'] as const;
export type StationAction = (typeof STATION_ACTIONS)[number];

/** stations.json entry: an interactive world object (bank booth, furnace, anvil, range, altar, fire, ladder). */
export const stationSchema = z.strictObject({
  id: idSchema,
  name: nonEmptyText,
  examine: nonEmptyText,
  /** Model file under /models/ on the CDN. */
  model: modelFileSchema,
  /** Uniform scale applied to the model; model-bounds.json footprints are computed with it. */
  modelScale: z.number().positive().max(20),
  actions: z.array(z.strictObject({ type: z.enum(STATION_ACTIONS), label: nonEmptyText })).min(1),
  /** Whether the station's tiles block movement. */
  blocking: z.boolean(),
  /** Created at run time (e.g. a lit fire) rather than only placed by areas. */
  temporary: z.boolean().optional(),
});
export type StationDef = z.infer<typeof stationSchema>;
