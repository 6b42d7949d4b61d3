/**
 * Where a character appears when it enters the world or respawns: never on a tile an NPC stands
 * on (two characters on one tile draw their name labels over each other), but on the nearest free
 * tile instead, searched ring by ring in a fixed order so every run picks the same one.
 */
import type { Tile } from '../../core/types';
import type { World } from '../../core/world';

/** How far (Chebyshev rings, in tiles) a character may be moved off an occupied arrival tile. */
export const ARRIVAL_SEARCH_RADIUS = 5;

/** Whether a living NPC stands on (x, z). */
function npcOn(world: World, x: number, z: number): boolean {
  for (const n of world.npcs.values()) if (n.alive && n.x === x && n.z === z) return true;
  return false;
}

/**
 * `tile` when no NPC stands on it, else the first walkable tile without an NPC of the nearest ring
 * around it (rows then columns, lowest first). `tile` itself when nothing within
 * {@link ARRIVAL_SEARCH_RADIUS} is free.
 */
export function arrivalTile(world: World, tile: Tile): Tile {
  if (!npcOn(world, tile.x, tile.z)) return { x: tile.x, z: tile.z };
  for (let r = 1; r <= ARRIVAL_SEARCH_RADIUS; r++)
    for (let dx = -r; dx <= r; dx++)
      for (let dz = -r; dz <= r; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) !== r) continue;
        const x = tile.x + dx;
        const z = tile.z + dz;
        if (world.map.isWalkable(x, z) && !npcOn(world, x, z)) return { x, z };
      }
  return { x: tile.x, z: tile.z };
}
