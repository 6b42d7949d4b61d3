/**
 * Pure world-map geometry: which areas the map shows and how tiles fit on its canvas (north up,
 * tile x to the right, tile z down, like the unturned minimap). No DOM.
 */
import type { Rect } from './minimap-logic';

export interface MapArea {
  id: string;
  name: string;
  bounds: Rect;
}

/** Whether two rectangles overlap or touch (share an edge or a corner, tile-wise). */
function adjacent(a: Rect, b: Rect): boolean {
  return a.minX <= b.maxX + 1 && b.minX <= a.maxX + 1 && a.minZ <= b.maxZ + 1 && b.minZ <= a.maxZ + 1;
}

/**
 * The areas the map shows: the connected group (areas that touch one another) holding the player's
 * tile, or the largest group when the player stands in none. Places reached only by ladders (a
 * dungeon far from the surface) form their own group, so the surface map is not shrunk to fit them.
 */
export function mapRegion<A extends MapArea>(areas: readonly A[], player?: { x: number; z: number }): A[] {
  const groups: A[][] = [];
  const seen = new Set<number>();
  for (let i = 0; i < areas.length; i++) {
    if (seen.has(i)) continue;
    const group: A[] = [];
    const queue = [i];
    seen.add(i);
    while (queue.length > 0) {
      const j = queue.pop() as number;
      const a = areas[j] as A;
      group.push(a);
      for (let k = 0; k < areas.length; k++) {
        if (!seen.has(k) && adjacent(a.bounds, (areas[k] as A).bounds)) {
          seen.add(k);
          queue.push(k);
        }
      }
    }
    groups.push(group);
  }
  const holding = player
    ? groups.find((g) =>
        g.some(
          (a) =>
            player.x >= a.bounds.minX &&
            player.x <= a.bounds.maxX &&
            player.z >= a.bounds.minZ &&
            player.z <= a.bounds.maxZ,
        ),
      )
    : undefined;
  if (holding) return holding;
  return groups.reduce<A[]>((best, g) => (g.length > best.length ? g : best), []);
}

export interface WorldMapView {
  /** Pixels per tile. */
  scale: number;
  /** The tile at the canvas's top-left corner. */
  originX: number;
  originZ: number;
}

/** The view that fits every area's bounds into a width x height canvas with a margin, centred. */
export function fitWorldMap(
  areas: readonly MapArea[],
  width: number,
  height: number,
  margin = 8,
): WorldMapView {
  if (areas.length === 0) return { scale: 1, originX: -width / 2, originZ: -height / 2 };
  const minX = Math.min(...areas.map((a) => a.bounds.minX));
  const maxX = Math.max(...areas.map((a) => a.bounds.maxX)) + 1;
  const minZ = Math.min(...areas.map((a) => a.bounds.minZ));
  const maxZ = Math.max(...areas.map((a) => a.bounds.maxZ)) + 1;
  const scale = Math.min((width - 2 * margin) / (maxX - minX), (height - 2 * margin) / (maxZ - minZ));
  return {
    scale,
    originX: (minX + maxX) / 2 - width / 2 / scale,
    originZ: (minZ + maxZ) / 2 - height / 2 / scale,
  };
}

/** Canvas pixel of a tile's centre on the world map. */
export function worldToMap(view: WorldMapView, x: number, z: number): { px: number; py: number } {
  return { px: (x + 0.5 - view.originX) * view.scale, py: (z + 0.5 - view.originZ) * view.scale };
}

/** The tile under a canvas pixel of the world map. */
export function mapToWorld(view: WorldMapView, px: number, py: number): { x: number; z: number } {
  return { x: Math.floor(px / view.scale + view.originX), z: Math.floor(py / view.scale + view.originZ) };
}
