import { z } from 'zod';
import {
  idSchema,
  nonEmptyText,
  nonNegativeInt,
  positiveInt,
  rectSchema,
  rotationSchema,
  tileSchema,
} from './common';

/**
 * How PvP depth (wilderness level) is measured in a pvp area: level 1 at the `edge` line, rising by
 * one every `tilesPerLevel` tiles travelled along `axis` in `direction`, capped at `maxLevel`.
 * Players may attack each other when their combat levels differ by at most the depth level.
 */
export const pvpDepthSchema = z.strictObject({
  axis: z.enum(['x', 'z']),
  /** Coordinate (on `axis`) where level 1 starts. */
  edge: z.number().int(),
  /** +1 when depth grows with the coordinate, -1 when it grows as the coordinate falls. */
  direction: z.union([z.literal(1), z.literal(-1)]),
  tilesPerLevel: positiveInt,
  maxLevel: positiveInt,
});
export type PvpDepth = z.infer<typeof pvpDepthSchema>;

export const npcSpawnSchema = z.strictObject({
  npcId: idSchema,
  x: z.number().int(),
  z: z.number().int(),
  count: positiveInt,
  /** Overrides the NPC's default wander radius. */
  wanderRadius: nonNegativeInt,
});

export const resourcePlacementSchema = z.strictObject({
  resourceId: idSchema,
  x: z.number().int(),
  z: z.number().int(),
});

export const stationPlacementSchema = z.strictObject({
  stationId: idSchema,
  x: z.number().int(),
  z: z.number().int(),
  rotation: rotationSchema,
  /** Required for stations with a "climb" action: where climbing takes the player. */
  destination: tileSchema.optional(),
});

export const buildingPlacementSchema = z.strictObject({
  buildingId: idSchema,
  /** Tile of the footprint's min corner. */
  x: z.number().int(),
  z: z.number().int(),
  rotation: rotationSchema,
});

/** world-areas.json entry: an axis-aligned tile rectangle; areas never overlap. */
export const areaSchema = z
  .strictObject({
    id: idSchema,
    name: nonEmptyText,
    description: nonEmptyText,
    bounds: rectSchema,
    biome: idSchema,
    /** No player-vs-player combat and no NPC aggression. */
    safeZone: z.boolean(),
    pvp: z.boolean(),
    pvpDepth: pvpDepthSchema.optional(),
    /** The one starter area: new characters spawn and respawn at spawnPoint. */
    starter: z.boolean().optional(),
    spawnPoint: tileSchema.optional(),
    music: z.array(idSchema),
    water: z.array(rectSchema),
    npcs: z.array(npcSpawnSchema),
    resources: z.array(resourcePlacementSchema),
    stations: z.array(stationPlacementSchema),
    buildings: z.array(buildingPlacementSchema),
  })
  .superRefine((a, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (a.safeZone && a.pvp) fail('an area cannot be both safeZone and pvp');
    if (a.pvp !== (a.pvpDepth !== undefined)) fail('pvpDepth is required exactly when pvp is true');
    if ((a.starter === true) !== (a.spawnPoint !== undefined))
      fail('spawnPoint is required exactly for the starter area');
  });
export type AreaDef = z.infer<typeof areaSchema>;
