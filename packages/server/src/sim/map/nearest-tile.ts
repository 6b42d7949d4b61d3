/**
 * rsmod's "alternative route" for a target that cannot be reached: the reachable tile within a
 * square around it that is closest to it (squared distance), then the one with the shortest path,
 * then the first in x-then-z scan order. Cells index the padded layout of TileMap.walkable.
 */

/** The square of cells around a target, in padded local coordinates. */
export interface NearSquare {
  /** Row length of the padded layout. */
  stride: number;
  /** Largest local x / z of a grid tile (the grid is 1..width, 1..depth). */
  maxX: number;
  maxZ: number;
  tx: number;
  tz: number;
  radius: number;
}

/** Calls `visit` for each grid cell of the square, x outer and z inner: rsmod's scan order. */
export function forEachNear(sq: NearSquare, visit: (cell: number, cost: number) => void): void {
  const x1 = Math.min(sq.maxX, sq.tx + sq.radius);
  const z1 = Math.min(sq.maxZ, sq.tz + sq.radius);
  for (let x = Math.max(1, sq.tx - sq.radius); x <= x1; x++)
    for (let z = Math.max(1, sq.tz - sq.radius); z <= z1; z++)
      visit(z * sq.stride + x, (x - sq.tx) ** 2 + (z - sq.tz) ** 2);
}

/**
 * Marks with `stamp` in `goal` the candidate cells (walkable, reachable as far as the caller
 * knows) of the square closest to the target: as soon as the search pops one of them no other tile
 * can win, so it may stop there. False when the square holds no candidate (nothing to walk to).
 */
export function markNearestCandidates(
  sq: NearSquare,
  candidate: (cell: number) => boolean,
  goal: Int32Array,
  stamp: number,
): boolean {
  let floor = Infinity;
  forEachNear(sq, (c, cost) => {
    if (cost < floor && candidate(c)) floor = cost;
  });
  if (floor === Infinity) return false;
  forEachNear(sq, (c, cost) => {
    if (cost === floor && candidate(c)) goal[c] = stamp;
  });
  return true;
}

/**
 * The best visited cell of the square (see the file comment), or -1 when the search visited none.
 * `pathLength` gives a visited cell's distance from the start.
 */
export function nearestVisited(
  sq: NearSquare,
  visited: (cell: number) => boolean,
  pathLength: (cell: number) => number,
): number {
  let best = -1;
  let bestCost = Infinity;
  let bestDist = Infinity;
  forEachNear(sq, (c, cost) => {
    if (cost > bestCost || !visited(c)) return;
    const d = pathLength(c);
    if (cost < bestCost || d < bestDist) {
      best = c;
      bestCost = cost;
      bestDist = d;
    }
  });
  return best;
}
