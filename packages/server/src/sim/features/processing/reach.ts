/**
 * Standing next to a station. A placed station covers its model footprint (a furnace is 2x2), so
 * "next to" means within one tile (Chebyshev, diagonals included) of any tile it covers; a fire or
 * any object created at run time covers its own tile.
 */
import type { Content } from '../../../content/content-types';
import type { Rect } from '../../../content/schemas/common';
import type { Player } from '../../core/player';
import type { Tile } from '../../core/types';
import type { World } from '../../core/world';
import { stationRect } from '../../map/footprints';
import { findPath } from '../../map/pathfinder';
import type { WorldObject } from '../objects/store';

const PLACED_STATION = /^(.+):s(\d+)$/;

/** Tiles the station covers: its area placement's footprint, or its own tile. */
export function stationArea(content: Content, o: WorldObject): Rect {
  const own: Rect = { minX: o.x, minZ: o.z, maxX: o.x, maxZ: o.z };
  const m = o.dynamic ? null : PLACED_STATION.exec(o.id);
  if (!m?.[1] || !m[2]) return own;
  const placement = content.areas.get(m[1])?.stations[Number(m[2])];
  if (!placement || placement.stationId !== o.defId || placement.x !== o.x || placement.z !== o.z) return own;
  return stationRect(content, placement) ?? own;
}

/** Chebyshev distance from a tile to the nearest tile of a rectangle (0 inside it). */
export function distanceTo(r: Rect, x: number, z: number): number {
  const dx = Math.max(r.minX - x, 0, x - r.maxX);
  const dz = Math.max(r.minZ - z, 0, z - r.maxZ);
  return Math.max(dx, dz);
}

/** Whether a player on (x, z) can work at a station covering `r`. */
export function isNextTo(r: Rect, x: number, z: number): boolean {
  return distanceTo(r, x, z) <= 1;
}

/**
 * The steps that bring the player next to the station: none when already there, the path towards
 * the station cut at its first tile next to it, or undefined when no reachable tile is next to it.
 * A blocking station's own tile is never reachable, so the path finder ends on the reachable tile
 * nearest to it, which is next to it whenever any side is open.
 */
export function routeNextTo(world: World, p: Player, r: Rect, o: WorldObject): Tile[] | undefined {
  if (isNextTo(r, p.x, p.z)) return [];
  const res = findPath(world.map, { x: p.x, z: p.z }, { x: o.x, z: o.z });
  if (!res.ok) return undefined;
  const cut = res.steps.findIndex((s) => isNextTo(r, s.x, s.z));
  return cut < 0 ? undefined : res.steps.slice(0, cut + 1);
}
