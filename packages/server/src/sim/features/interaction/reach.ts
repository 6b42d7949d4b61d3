/**
 * Reach rules of an interaction: how close the player must stand to its target to act on it, and
 * the walk that brings it there. A target is a tile (an NPC, a pile, a 1x1 object) or the tiles an
 * object covers (a tree's or a furnace's footprint); distances are to its nearest tile.
 */
import type { Rect } from '../../../content/schemas/common';
import type { Tile } from '../../core/types';
import type { World } from '../../core/world';
import { findPath } from '../../map/pathfinder';

/**
 * - `adjacent`: on one of the 8 tiles around the target or on it (Chebyshev <= 1: a bank booth, an
 *   NPC to talk to, an altar, a gravestone, a tree, a range);
 * - `cardinal`: on one of the 4 tiles beside it (no diagonal, never on it: melee);
 * - `sameTile`: on its tile (a ground item);
 * - `{ within: n }`: Chebyshev distance 1 to n, never on it (a bow, a spell).
 */
export type Reach = 'adjacent' | 'cardinal' | 'sameTile' | { within: number };

/** Where a target stands: one tile, or the rectangle of tiles it covers. */
export type Place = Tile | Rect;

/** The tiles of a place. */
export function areaOf(t: Place): Rect {
  return 'x' in t ? { minX: t.x, minZ: t.z, maxX: t.x, maxZ: t.z } : t;
}

/** Whether a player on (x, z) reaches `to` under `reach`. */
export function inReachOf(reach: Reach, x: number, z: number, to: Place): boolean {
  const r = areaOf(to);
  const dx = Math.max(r.minX - x, 0, x - r.maxX);
  const dz = Math.max(r.minZ - z, 0, z - r.maxZ);
  if (reach === 'sameTile') return dx === 0 && dz === 0;
  if (reach === 'adjacent') return Math.max(dx, dz) <= 1;
  if (reach === 'cardinal') return dx + dz === 1;
  const d = Math.max(dx, dz);
  return d >= 1 && d <= reach.within;
}

/** The one step off a shared tile, as in OSRS: -x, +x, -z, then +z, the first one the map allows. */
const STEP_OFF_ORDER: readonly (readonly [number, number])[] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/**
 * A walk from `from` that ends at its first tile in reach of `to` ([] when already in reach), or
 * undefined when none does. It heads for the target's tile nearest the player; the path finder ends
 * on the reachable tile closest to it when that tile is blocked (a tree, a station). A player on
 * the tile of a target it must not stand on (melee, a bow) steps off it; a melee walk whose last
 * steps are diagonal to the target side-steps onto a tile beside it.
 */
export function routeInto(world: World, from: Tile, to: Place, reach: Reach): Tile[] | undefined {
  if (inReachOf(reach, from.x, from.z, to)) return [];
  const r = areaOf(to);
  const goal = {
    x: Math.min(r.maxX, Math.max(r.minX, from.x)),
    z: Math.min(r.maxZ, Math.max(r.minZ, from.z)),
  };
  if (goal.x === from.x && goal.z === from.z) return stepOff(world, from, to, reach);
  const res = findPath(world.map, from, goal);
  if (!res.ok) return undefined;
  const steps = res.steps;
  const cut = steps.findIndex((s) => inReachOf(reach, s.x, s.z, to));
  if (cut >= 0) return steps.slice(0, cut + 1);
  // No step in reach. A melee walk that reaches the target's tile passes a diagonal neighbour:
  // stop there and side-step to a cardinal neighbour. Anything else cannot get into reach.
  if (reach !== 'cardinal' || !res.reachedTarget) return undefined;
  const beside = steps.slice(0, Math.max(0, steps.length - 1));
  const last = beside[beside.length - 1] ?? from;
  for (const t of [
    { x: goal.x, z: last.z },
    { x: last.x, z: goal.z },
  ]) {
    if (inReachOf(reach, t.x, t.z, to) && world.map.canStep(last.x, last.z, t.x - last.x, t.z - last.z))
      return [...beside, t];
  }
  return undefined;
}

function stepOff(world: World, from: Tile, to: Place, reach: Reach): Tile[] | undefined {
  for (const [dx, dz] of STEP_OFF_ORDER) {
    const t = { x: from.x + dx, z: from.z + dz };
    if (inReachOf(reach, t.x, t.z, to) && world.map.canStep(from.x, from.z, dx, dz)) return [t];
  }
  return undefined;
}
