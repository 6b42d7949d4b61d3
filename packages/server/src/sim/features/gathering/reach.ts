/**
 * Standing next to an object: the tiles an object covers (its model footprint; a fishing spot is
 * one water tile) and adjacency (any of the 8 tiles around the footprint). The walk there is the
 * interaction's (features/interaction/reach.ts).
 */
import type { Rect } from '../../../content/schemas/common';
import { footprintRect } from '../../../content/geometry';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { modelFootprint } from '../../map/footprints';
import type { WorldObject } from '../objects/store';
import { inReachOf } from '../interaction/reach';

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

/** Whether the player stands on one of the tiles around the object (diagonals count). */
export function isNextTo(world: World, p: Player, o: WorldObject): boolean {
  return inReachOf('adjacent', p.x, p.z, objectRect(world, o));
}
