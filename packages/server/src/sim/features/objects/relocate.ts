/**
 * Fishing spots move: every `relocateTicks` (resources.json, a min-max range in ticks) a spot
 * jumps to another fishable tile near its placement, chosen with the world's RNG.
 */
import type { World } from '../../core/world';
import type { WorldObject } from './types';
import { OBJECTS } from './state';

/** How far (Chebyshev, in tiles) from its placement a fishing spot may move. */
export const RELOCATE_RADIUS = 5;

const CARDINALS: ReadonlyArray<readonly [number, number]> = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/** Whether a fishing spot on (x, z) can be fished: water with a walkable tile beside it (W, E, S, N). */
export function isFishable(world: World, x: number, z: number): boolean {
  if (!world.map.isWater(x, z)) return false;
  for (const [dx, dz] of CARDINALS) if (world.map.isWalkable(x + dx, z + dz)) return true;
  return false;
}

/** The relocation range of a resource (fishing spots only), if any. */
function relocateRange(world: World, o: WorldObject): { min: number; max: number } | undefined {
  const def = world.content.resources.get(o.defId);
  return def?.kind === 'fishing_spot' ? def.relocateTicks : undefined;
}

/** A small stable hash of an id (FNV-1a), to stagger the first moves without drawing from the RNG. */
function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * Start-up: every fishing spot with a relocation range gets its first move, staggered by id within
 * the range (so spots do not all move on one tick, and creating a world draws nothing from the RNG).
 */
export function scheduleFirstRelocations(world: World): void {
  for (const o of OBJECTS.of(world).all()) {
    const range = relocateRange(world, o);
    if (!range || o.timerAt !== 0) continue;
    OBJECTS.of(world).schedule(o, world.tick + range.min + (idHash(o.id) % (range.max - range.min + 1)));
  }
}

/**
 * A spot's move, when its timer is due: to a tile drawn uniformly (world RNG) among the fishable
 * tiles within {@link RELOCATE_RADIUS} of its placement, other than its own tile and tiles holding
 * another object (the placement itself counts when it is fishable). It stays put when there is
 * none. The next move is drawn in the range either way.
 */
export function relocateSpot(world: World, o: WorldObject): void {
  const range = relocateRange(world, o);
  if (!range) return;
  const candidates: number[] = [];
  for (let dx = -RELOCATE_RADIUS; dx <= RELOCATE_RADIUS; dx++)
    for (let dz = -RELOCATE_RADIUS; dz <= RELOCATE_RADIUS; dz++) {
      const x = o.homeX + dx;
      const z = o.homeZ + dz;
      if (x === o.x && z === o.z) continue;
      if (!isFishable(world, x, z) || OBJECTS.of(world).at(x, z).length > 0) continue;
      candidates.push(x, z);
    }
  if (candidates.length > 0) {
    const i = world.rng.nextInt(candidates.length / 2) * 2;
    OBJECTS.of(world).move(o, candidates[i] ?? o.x, candidates[i + 1] ?? o.z);
  }
  OBJECTS.of(world).schedule(o, world.tick + world.rng.between(range.min, range.max));
}
