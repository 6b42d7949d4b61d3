/**
 * The reference path finder, @2004scape/rsmod-pathfinder (rsmod's BFS compiled to WebAssembly),
 * fed the collision of a {@link TileMap}, for tests and the pathfinding benchmark only: the
 * simulation never imports this file (the package is a root devDependency).
 */
import * as rsmod from '@2004scape/rsmod-pathfinder';
import type { TilePos } from '../pathfinder';
import type { TileMap } from '../tile-map';

/** rsmod coordinates are unsigned and its search window reaches 64 tiles west/south of the start. */
const OFFSET = 128;
const LEVEL = 0;
/** rsmod's "walk to a tile" shape: reached only on the tile itself. */
const SHAPE_NONE = -1;
const MAX_WAYPOINTS = 255;

/**
 * The reference finder over one TileMap. rsmod keeps a single global collision map, so the last
 * constructed instance wins: build one, use it, then build the next.
 */
export class ReferenceFinder {
  constructor(readonly map: TileMap) {
    const blocked = rsmod.CollisionFlag.FLOOR;
    // A blocked ring around the grid keeps searches inside it even where an earlier, larger map
    // left open tiles in rsmod's global map.
    for (let lz = -1; lz <= map.depth; lz++) {
      for (let lx = -1; lx <= map.width; lx++) {
        const open = map.isWalkable(lx + map.originX, lz + map.originZ);
        rsmod.__set(lx + OFFSET, lz + OFFSET, LEVEL, open ? rsmod.CollisionFlag.OPEN : blocked);
      }
    }
  }

  /** The raw rsmod answer: packed waypoints (turning points), moving near an unreachable target. */
  waypoints(from: TilePos, to: TilePos): Uint32Array {
    const m = this.map;
    return rsmod.findPath(
      LEVEL,
      from.x - m.originX + OFFSET,
      from.z - m.originZ + OFFSET,
      to.x - m.originX + OFFSET,
      to.z - m.originZ + OFFSET,
      1,
      1,
      1,
      0,
      SHAPE_NONE,
      true,
      0,
      MAX_WAYPOINTS,
      rsmod.CollisionType.NORMAL,
    );
  }

  /** The reference path as single steps (excluding the start), in world coordinates. */
  steps(from: TilePos, to: TilePos): TilePos[] {
    const m = this.map;
    const steps: TilePos[] = [];
    let x = from.x;
    let z = from.z;
    for (const packed of this.waypoints(from, to)) {
      const wx = ((packed >>> 14) & 0x3fff) - OFFSET + m.originX;
      const wz = (packed & 0x3fff) - OFFSET + m.originZ;
      while (x !== wx || z !== wz) {
        x += Math.sign(wx - x);
        z += Math.sign(wz - z);
        steps.push({ x, z });
      }
    }
    return steps;
  }
}
