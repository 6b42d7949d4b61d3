import { markNearestCandidates, nearestVisited, type NearSquare } from './nearest-tile';
import { OpenGround, type OpenSearch } from './open-ground';
import type { TileMap } from './tile-map';

/** The spec's limit on one movement request: targets further away (Chebyshev) are refused. */
export const MAX_PATH_DISTANCE = 200;
/** How far around an unreachable target the nearest reachable tile is looked for (as in rsmod). */
export const DEFAULT_SEARCH_RADIUS = 10;

export interface TilePos {
  x: number;
  z: number;
}

export interface PathOptions {
  /** Chebyshev distance beyond which the target is refused with `too_far` (default 200). */
  maxDistance?: number;
  /**
   * Radius of the square around the target searched for a nearest reachable tile (default 10).
   * A path is at most maxDistance + searchRadius steps long.
   */
  searchRadius?: number;
}

/**
 * `steps` excludes the start tile and each step is adjacent to the one before. `reachedTarget` is
 * false for a partial path that ends on the reachable tile nearest to a blocked or enclosed target
 * (possibly no step at all when the player already stands there).
 */
export type PathResult =
  { ok: true; steps: TilePos[]; reachedTarget: boolean } | { ok: false; reason: 'too_far' | 'no_path' };

// Direction codes of the step that entered a tile: 1 W, 2 E, 3 S, 4 N, 5 SW, 6 SE, 7 NW, 8 NE.
const DX = Int8Array.of(0, -1, 1, 0, 0, -1, 1, -1, 1);
const DZ = Int8Array.of(0, 0, 0, -1, 1, -1, -1, 1, 1);
/** State of a cell nobody can stand on; visit stamps stay below it (all small integers for V8). */
const BLOCKED = 0x3fffffff;

/**
 * Breadth-first path finder over a {@link TileMap}, exploring neighbours in RuneScape's order
 * (west, east, south, north, south-west, south-east, north-west, north-east, as rsmod and 2004scape
 * do) with the no-corner-cutting rule, so paths are shortest in steps and ties break exactly like
 * rsmod's. The search is bounded by path length: at most maxDistance + searchRadius steps, which
 * also keeps it within that Chebyshev distance of the start (ADR 0005).
 *
 * A target within reach of a start on open ground is not searched for: its path is looked up
 * (open-ground.ts), the same path the search finds.
 *
 * One instance per map keeps its buffers across calls (not re-entrant). Each cell's state is a
 * visit stamp, or BLOCKED, mirrored from map.walkable (refreshed through map.version): one array
 * read tells "free and not yet visited", and no array is cleared between queries, so a query costs
 * only the tiles it explores, whatever the map size.
 */
export class PathFinder {
  private readonly state: Int32Array;
  private readonly goal: Int32Array;
  private readonly dir: Uint8Array;
  private readonly queue: Int32Array;
  private stamp = 0;
  private synced = -1;
  private readonly open: OpenGround;

  constructor(readonly map: TileMap) {
    const n = map.walkable.length;
    this.state = new Int32Array(n);
    this.goal = new Int32Array(n);
    this.dir = new Uint8Array(n);
    this.queue = new Int32Array(n);
    this.open = new OpenGround(map, OPEN_SEARCH);
  }

  /** A path from `from` to `to`; deterministic: the same map and inputs always give the same path. */
  findPath(from: TilePos, to: TilePos, opts: PathOptions = {}): PathResult {
    return this.find(from, to, opts, true);
  }

  /** As {@link findPath}, always by searching (never looked up on open ground): tests compare the two. */
  search(from: TilePos, to: TilePos, opts: PathOptions = {}): PathResult {
    return this.find(from, to, opts, false);
  }

  private find(from: TilePos, to: TilePos, opts: PathOptions, lookup: boolean): PathResult {
    const maxDistance = opts.maxDistance ?? MAX_PATH_DISTANCE;
    const radius = opts.searchRadius ?? DEFAULT_SEARCH_RADIUS;
    if (Math.max(Math.abs(to.x - from.x), Math.abs(to.z - from.z)) > maxDistance)
      return { ok: false, reason: 'too_far' };
    if (![from.x, from.z, to.x, to.z].every(Number.isInteger)) return { ok: false, reason: 'no_path' };
    if (from.x === to.x && from.z === to.z) return { ok: true, steps: [], reachedTarget: true };
    const map = this.map;
    const start = map.cell(from.x, from.z);
    if (start < 0) return { ok: false, reason: 'no_path' };
    const stamp = this.nextStamp();
    const near: NearSquare = {
      stride: map.stride,
      maxX: map.width,
      maxZ: map.depth,
      tx: to.x - map.originX + 1,
      tz: to.z - map.originZ + 1,
      radius,
    };
    // Regions (static connectivity) rule out hopeless searches: a target in another region is
    // treated like a blocked one, and only tiles of the start's region are nearest-tile candidates.
    const { walkable, region } = map;
    const home = region[start] as number;
    const reachable = (c: number) => walkable[c] === 1 && (home === 0 || region[c] === home);
    let target = map.cell(to.x, to.z);
    if (target >= 0 && !reachable(target)) target = -1;
    if (lookup && target >= 0) {
      // Open ground all around: the search's path is known without searching (open-ground.ts).
      const steps = this.open.path(start, from, to);
      if (steps) return { ok: true, steps, reachedTarget: true };
    }
    if (target < 0 && !markNearestCandidates(near, reachable, this.goal, stamp))
      return { ok: false, reason: 'no_path' };

    const found = this.explore(start, target, Math.max(1, maxDistance + radius), stamp);
    if (target >= 0 && found === target) return { ok: true, steps: this.trace(found), reachedTarget: true };
    const nearest = nearestVisited(
      near,
      (c) => this.state[c] === stamp || c === start,
      (c) => this.pathLength(c),
    );
    if (nearest < 0) return { ok: false, reason: 'no_path' };
    return { ok: true, steps: this.trace(nearest), reachedTarget: false };
  }

  /**
   * The breadth-first search itself, from `start` until it pops `target` (or, with target -1, a
   * goal cell; popping one means every tile at most as far has been discovered, so none could beat
   * it). Returns the popped cell, or -1 when the search ran out of tiles or steps.
   */
  private explore(start: number, target: number, maxSteps: number, stamp: number): number {
    const { state, goal, dir, queue } = this;
    const S = this.map.stride;
    const toGoal = target < 0;
    if (state[start] !== BLOCKED) state[start] = stamp;
    dir[start] = 0;
    queue[0] = start;
    let head = 0;
    let tail = 1;
    let depth = 0;
    let layerEnd = 1;
    while (head < tail) {
      if (head === layerEnd) {
        depth++;
        layerEnd = tail;
      }
      const i = queue[head++] as number;
      if (i === target || (toGoal && goal[i] === stamp)) return i;
      if (depth >= maxSteps) continue;
      const w = state[i - 1] as number;
      const e = state[i + 1] as number;
      const s = state[i - S] as number;
      const n = state[i + S] as number;
      if (w < stamp) {
        state[i - 1] = stamp;
        dir[i - 1] = 1;
        queue[tail++] = i - 1;
      }
      if (e < stamp) {
        state[i + 1] = stamp;
        dir[i + 1] = 2;
        queue[tail++] = i + 1;
      }
      if (s < stamp) {
        state[i - S] = stamp;
        dir[i - S] = 3;
        queue[tail++] = i - S;
      }
      if (n < stamp) {
        state[i + S] = stamp;
        dir[i + S] = 4;
        queue[tail++] = i + S;
      }
      if (s !== BLOCKED) {
        if (w !== BLOCKED && (state[i - S - 1] as number) < stamp) {
          state[i - S - 1] = stamp;
          dir[i - S - 1] = 5;
          queue[tail++] = i - S - 1;
        }
        if (e !== BLOCKED && (state[i - S + 1] as number) < stamp) {
          state[i - S + 1] = stamp;
          dir[i - S + 1] = 6;
          queue[tail++] = i - S + 1;
        }
      }
      if (n !== BLOCKED) {
        if (w !== BLOCKED && (state[i + S - 1] as number) < stamp) {
          state[i + S - 1] = stamp;
          dir[i + S - 1] = 7;
          queue[tail++] = i + S - 1;
        }
        if (e !== BLOCKED && (state[i + S + 1] as number) < stamp) {
          state[i + S + 1] = stamp;
          dir[i + S + 1] = 8;
          queue[tail++] = i + S + 1;
        }
      }
    }
    return -1;
  }

  /** Steps from the start to a visited cell, counted back through the entry directions. */
  private pathLength(cell: number): number {
    const S = this.map.stride;
    let steps = 0;
    for (let c = cell, code = this.dir[c] as number; code !== 0; code = this.dir[c] as number, steps++)
      c -= (DX[code] as number) + (DZ[code] as number) * S;
    return steps;
  }

  /** The steps from the start to a visited cell, read back through the entry directions. */
  private trace(end: number): TilePos[] {
    const { map, dir } = this;
    const S = map.stride;
    const steps = new Array<TilePos>(this.pathLength(end));
    let x = end % S;
    let z = (end - x) / S;
    for (let k = steps.length - 1; k >= 0; k--) {
      steps[k] = { x: x - 1 + map.originX, z: z - 1 + map.originZ };
      const code = dir[z * S + x] as number;
      x -= DX[code] as number;
      z -= DZ[code] as number;
    }
    return steps;
  }

  /** The next visit stamp, after mirroring any walkability change of the map into `state`. */
  private nextStamp(): number {
    const { map, state } = this;
    if (this.stamp >= BLOCKED - 1) this.synced = -1;
    if (this.synced !== map.version) {
      const cells = this.synced < 0 ? undefined : map.changesSince(this.synced);
      if (cells) {
        for (const c of cells)
          if ((map.walkable[c] === 1) !== (state[c] !== BLOCKED))
            state[c] = map.walkable[c] === 1 ? 0 : BLOCKED;
      } else {
        for (let c = 0; c < state.length; c++) state[c] = map.walkable[c] === 1 ? 0 : BLOCKED;
        this.goal.fill(0);
        this.stamp = 0;
      }
      this.synced = map.version;
    }
    return ++this.stamp;
  }
}

let openGridFinder: PathFinder | undefined;
/** The open-ground table's search: a full search, on an open grid (open-ground.ts). */
const OPEN_SEARCH: OpenSearch = (map, from, to) => {
  if (openGridFinder?.map !== map) openGridFinder = new PathFinder(map);
  const r = openGridFinder.search(from, to);
  if (!r.ok || !r.reachedTarget)
    throw new Error(`open grid: no path from ${from.x},${from.z} to ${to.x},${to.z}`);
  return r.steps;
};

const finders = new WeakMap<TileMap, PathFinder>();

/**
 * Convenience over {@link PathFinder}: one cached finder (and its buffers) per map, so callers in
 * the tick can ask for paths without managing instances.
 */
export function findPath(map: TileMap, from: TilePos, to: TilePos, opts?: PathOptions): PathResult {
  let finder = finders.get(map);
  if (!finder) {
    finder = new PathFinder(map);
    finders.set(map, finder);
  }
  return finder.findPath(from, to, opts);
}
