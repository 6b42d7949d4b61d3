import type { Rect } from './schemas/common';
import type { AreaDef, PvpDepth } from './schemas/world-areas';

/** Whether tile (x, z) lies in the inclusive rectangle. */
export function rectContains(r: Rect, x: number, z: number): boolean {
  return x >= r.minX && x <= r.maxX && z >= r.minZ && z <= r.maxZ;
}

/** Whether two inclusive rectangles share at least one tile. */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minZ <= b.maxZ && b.minZ <= a.maxZ;
}

/** Whether `inner` lies entirely inside `outer`. */
export function rectInside(inner: Rect, outer: Rect): boolean {
  return (
    inner.minX >= outer.minX &&
    inner.maxX <= outer.maxX &&
    inner.minZ >= outer.minZ &&
    inner.maxZ <= outer.maxZ
  );
}

/** Whether (x, z) is a water tile of the area. */
export function isWater(area: AreaDef, x: number, z: number): boolean {
  return area.water.some((w) => rectContains(w, x, z));
}

/** The area containing tile (x, z), if any (areas never overlap, so at most one). */
export function areaAt(areas: Iterable<AreaDef>, x: number, z: number): AreaDef | undefined {
  for (const area of areas) if (rectContains(area.bounds, x, z)) return area;
  return undefined;
}

/**
 * PvP depth level at (x, z) per the area's pvpDepth rule: 1 at the edge line, +1 every
 * tilesPerLevel tiles in `direction`, capped at maxLevel; 0 outside pvp areas.
 */
export function pvpLevelAt(area: AreaDef, x: number, z: number): number {
  if (!area.pvp || !area.pvpDepth || !rectContains(area.bounds, x, z)) return 0;
  return depthLevel(area.pvpDepth, area.pvpDepth.axis === 'x' ? x : z);
}

function depthLevel(depth: PvpDepth, coord: number): number {
  const travelled = (coord - depth.edge) * depth.direction;
  if (travelled < 0) return 1;
  return Math.min(depth.maxLevel, Math.floor(travelled / depth.tilesPerLevel) + 1);
}

/** Footprint rectangle of a building placed with its min corner at (x, z). */
export function footprintRect(x: number, z: number, width: number, depth: number, rotation: number): Rect {
  const swap = rotation === 90 || rotation === 270;
  const w = swap ? depth : width;
  const d = swap ? width : depth;
  return { minX: x, minZ: z, maxX: x + w - 1, maxZ: z + d - 1 };
}
