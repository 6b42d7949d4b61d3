/**
 * Standing next to an object: the tiles an object covers (its model footprint; a fishing spot is
 * one water tile), adjacency (any of the 8 tiles around the footprint) and the walk there.
 */
import type { Rect } from '../../../content/schemas/common';
import { footprintRect } from '../../../content/geometry';
import type { Player } from '../../core/player';
import type { Tile } from '../../core/types';
import type { World } from '../../core/world';
import { modelFootprint } from '../../map/footprints';
import { findPath } from '../../map/pathfinder';
import type { WorldObject } from '../objects/store';

/** The tiles the object covers (min corner at its tile, rotation 0 as the map builder places them). */
export function objectRect(world: World, o: WorldObject): Rect {
  const def =
    o.kind === 'resource' ? world.content.resources.get(o.defId) : world.content.stations.get(o.defId);
  const fp =
    !def || ('kind' in def && def.kind === 'fishing_spot')
      ? { width: 1, depth: 1 }
      : modelFootprint(world.content, def.model);
  return footprintRect(o.x, o.z, fp.width, fp.depth, 0);
}

/** Chebyshev distance from (x, z) to the nearest tile of `r` (0 inside it). */
export function distanceTo(r: Rect, x: number, z: number): number {
  const dx = Math.max(r.minX - x, 0, x - r.maxX);
  const dz = Math.max(r.minZ - z, 0, z - r.maxZ);
  return Math.max(dx, dz);
}

/** Whether the player stands on one of the tiles around the object (diagonals count). */
export function isNextTo(world: World, p: Player, o: WorldObject): boolean {
  return distanceTo(objectRect(world, o), p.x, p.z) === 1;
}

/**
 * A walk that ends next to the object ([] when the player already stands there), or undefined when
 * none does. It heads for the object's tile nearest the player; the path finder then picks the
 * reachable tile closest to it (the object's own tiles are blocked or water), and the walk stops at
 * its first tile next to the object.
 */
export function pathNextTo(world: World, p: Player, o: WorldObject): Tile[] | undefined {
  const r = objectRect(world, o);
  if (distanceTo(r, p.x, p.z) === 1) return [];
  const target = {
    x: Math.min(r.maxX, Math.max(r.minX, p.x)),
    z: Math.min(r.maxZ, Math.max(r.minZ, p.z)),
  };
  const res = findPath(world.map, { x: p.x, z: p.z }, target);
  if (!res.ok) return undefined;
  // Stop at the first tile next to the object (the walk may pass one on its way to the closest).
  const cut = res.steps.findIndex((s) => distanceTo(r, s.x, s.z) === 1);
  return cut < 0 ? undefined : res.steps.slice(0, cut + 1);
}
