/**
 * Standing next to a station. A placed station covers its model footprint (a furnace is 2x2), so
 * "next to" means within one tile (Chebyshev, diagonals included) of any tile it covers; a fire or
 * any object created at run time covers its own tile. The reach rule and the walk there are the
 * interaction's (features/interaction/reach.ts).
 */
import type { Content } from '../../../content/content-types';
import type { Rect } from '../../../content/schemas/common';
import { stationRect } from '../../map/footprints';
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
