/**
 * World objects: the trees, rocks and fishing spots (resources) and the bank booths, furnaces,
 * anvils, ranges, altars, ladders and fires (stations) of the world, and the rules every feature
 * shares about them: ids, which state counts as "changed from the placement", region and chunk keys.
 */

export type ObjectKind = 'resource' | 'station';

/** What a new object needs; the store fills in the run-time state (see {@link WorldObject}). */
export interface NewObject {
  readonly id: string;
  readonly kind: ObjectKind;
  /** resources.json id (kind resource) or stations.json id (kind station). */
  readonly defId: string;
  x: number;
  z: number;
  /** A depleted resource cannot be gathered until it respawns. */
  depleted: boolean;
  /** Created at run time (a fire), not placed by an area. */
  readonly dynamic: boolean;
}

/** An object in the world with its run-time state. Features change it only through the store. */
export interface WorldObject extends NewObject {
  /** Where the area placed it (a fishing spot that moved returns here); a dynamic object's own tile. */
  readonly homeX: number;
  readonly homeZ: number;
  /**
   * Tick of the object's next timed change, 0 for none: the respawn of a depleted resource, the
   * next move of a fishing spot, the burn-out of a fire. Run in the world phase.
   */
  timerAt: number;
  /**
   * Resources that deplete after a number of gathers (`depletion.type` count): gathers left before
   * it depletes; 0 while not rolled (it is rolled at the first gather after a respawn).
   */
  gathersLeft: number;
  /** Rises on every change a viewer can see (depleted, position), so views can tell what is stale. */
  version: number;
}

/** Side of the square regions objects are bucketed by (lookups near a tile, interest management). */
export const REGION = 8;
/** Side of the square chunks whose object state is saved as one `worldChunk` record. */
export const CHUNK = 32;

/**
 * Numeric key of region coordinates (rx, rz) (the region of tiles rx*8..rx*8+7), for regions within
 * ±8,192 of the origin (tiles within ±65,536). The keys stay below 2^28, small integers for V8, so
 * the hot Map lookups of interest management neither hash nor allocate heap numbers.
 */
export const regionKeyOf = (rx: number, rz: number): number => (rx + 0x2000) * 0x4000 + (rz + 0x2000);

/** Numeric key of the region holding tile (x, z). */
export const regionKey = (x: number, z: number): number =>
  regionKeyOf(Math.floor(x / REGION), Math.floor(z / REGION));

/** The `worldChunk` record key of the chunk holding tile (x, z): `c:<cx>:<cz>`. */
export const chunkKey = (x: number, z: number): string =>
  `c:${Math.floor(x / CHUNK)}:${Math.floor(z / CHUNK)}`;

/** Id prefix of fires (and any other object made at run time): `fire:<n>`. */
export const DYNAMIC_PREFIX = 'fire:';

/**
 * Whether a viewer must be told about the object: its state differs from what the area
 * placements say (depleted, moved away from its placement) or it was made at run time.
 */
export const isAltered = (o: WorldObject): boolean =>
  o.dynamic || o.depleted || o.x !== o.homeX || o.z !== o.homeZ;

/** Whether the object has state worth saving: altered, or part-way through a counted depletion. */
export const isPersisted = (o: WorldObject): boolean => isAltered(o) || o.gathersLeft > 0;
