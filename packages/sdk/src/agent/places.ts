import { z } from 'zod';

const tile = { x: z.number().int(), z: z.number().int() };
const areasSchema = z.object({
  areas: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      bounds: z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() }),
      safeZone: z.boolean().optional(),
      starter: z.boolean().optional(),
      npcs: z.array(z.looseObject({ npcId: z.string(), ...tile })).default([]),
      resources: z.array(z.looseObject({ resourceId: z.string(), ...tile })).default([]),
      stations: z.array(z.looseObject({ stationId: z.string(), ...tile })).default([]),
    }),
  ),
});

/** A placed world object: `<areaId>:r<i>` (resource) or `<areaId>:s<i>` (station), as the server names them. */
export interface PlacedObject {
  id: string;
  defId: string;
  kind: 'resource' | 'station';
  x: number;
  z: number;
  areaId: string;
}

/** Where an NPC spawns (it wanders near it). */
export interface NpcSpawn {
  npcId: string;
  x: number;
  z: number;
  areaId: string;
}

export interface AreaInfo {
  id: string;
  name: string;
  bounds: { minX: number; minZ: number; maxX: number; maxZ: number };
  safeZone: boolean;
  starter: boolean;
}

const dist = (a: { x: number; z: number }, b: { x: number; z: number }) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.z - b.z));

/**
 * The public map every client draws from (world-areas.json, served by the CDN): placed objects,
 * NPC spawns and areas. The server only sends objects whose state differs from these placements,
 * so an agent needs them to know where trees, banks and shops are.
 */
export class WorldPlaces {
  readonly objects: PlacedObject[] = [];
  readonly npcSpawns: NpcSpawn[] = [];
  readonly areas: AreaInfo[] = [];

  /** Parses world-areas.json content (already JSON-decoded); throws on a malformed file. */
  static fromManifest(json: unknown): WorldPlaces {
    const parsed = areasSchema.parse(json);
    const places = new WorldPlaces();
    for (const a of parsed.areas) {
      places.areas.push({
        id: a.id,
        name: a.name,
        bounds: a.bounds,
        safeZone: a.safeZone ?? false,
        starter: a.starter ?? false,
      });
      a.resources.forEach((r, i) =>
        places.objects.push({
          id: `${a.id}:r${i}`,
          defId: r.resourceId,
          kind: 'resource',
          x: r.x,
          z: r.z,
          areaId: a.id,
        }),
      );
      a.stations.forEach((s, i) =>
        places.objects.push({
          id: `${a.id}:s${i}`,
          defId: s.stationId,
          kind: 'station',
          x: s.x,
          z: s.z,
          areaId: a.id,
        }),
      );
      for (const n of a.npcs) places.npcSpawns.push({ npcId: n.npcId, x: n.x, z: n.z, areaId: a.id });
    }
    return places;
  }

  /** Placed objects of the given definitions, nearest to `from` first. */
  objectsOf(defIds: readonly string[], from: { x: number; z: number }): PlacedObject[] {
    return this.objects.filter((o) => defIds.includes(o.defId)).sort((a, b) => dist(a, from) - dist(b, from));
  }

  /** Spawns of the given NPC definitions, nearest to `from` first. */
  spawnsOf(npcIds: readonly string[], from: { x: number; z: number }): NpcSpawn[] {
    return this.npcSpawns
      .filter((n) => npcIds.includes(n.npcId))
      .sort((a, b) => dist(a, from) - dist(b, from));
  }

  /** The area containing a tile, if any. */
  areaAt(x: number, z: number): AreaInfo | undefined {
    return this.areas.find(
      (a) => x >= a.bounds.minX && x <= a.bounds.maxX && z >= a.bounds.minZ && z <= a.bounds.maxZ,
    );
  }

  /** The starter town (where home teleport and respawns land). */
  get starter(): AreaInfo | undefined {
    return this.areas.find((a) => a.starter);
  }
}

/** Chebyshev distance between two tiles (the game's movement metric). */
export const tileDistance = dist;
