import type { TilePos } from './pathfinder';
import { TileMap } from './tile-map';

/** The farthest target (Chebyshev, in tiles) whose path across open ground is looked up, not searched. */
export const OPEN_REACH = 15;
/** Clearances are counted up to this many tiles (one more than {@link OPEN_REACH} is all a lookup asks). */
const CAP = OPEN_REACH + 1;
/** Cells opened since the clearances were last computed in full before they are computed again. */
const REFRESH_AFTER = 64;

/**
 * Where the path finder may skip its search: around a start whose every tile within `d` (Chebyshev)
 * is walkable, the breadth-first search to a target `d` tiles away explores nothing but open tiles,
 * and its path depends only on where the target lies from the start, not on where the start is.
 * Those paths are found once, by the path finder itself on an open grid ({@link openPaths}), and
 * looked up here; the search's result and the lookup's are the same path (pathfinder.test.ts checks
 * it against searches across the bundled world).
 *
 * `clearance` holds, per cell of `map.walkable`, how far the nearest tile that cannot be stood on
 * is (0 on such a tile, at most CAP). A blocker added at run time (a fire) lowers the cells around
 * it at once; a tile that opens again leaves its neighbours' clearances as they were, lower than they
 * could be (a lookup is then skipped, never wrong), until {@link REFRESH_AFTER} such openings ask
 * for the whole map to be counted again.
 */
export class OpenGround {
  private readonly clearance: Uint8Array;
  private synced = -1;
  private opened = 0;

  constructor(
    private readonly map: TileMap,
    private readonly search: OpenSearch,
  ) {
    this.clearance = new Uint8Array(map.walkable.length);
  }

  /**
   * The path from `start` (the cell of `from`) to `to`, when every tile within their distance of the
   * start is walkable and they are at most {@link OPEN_REACH} apart; undefined otherwise.
   */
  path(start: number, from: TilePos, to: TilePos): TilePos[] | undefined {
    const dx = to.x - from.x;
    const dz = to.z - from.z;
    const d = Math.max(dx < 0 ? -dx : dx, dz < 0 ? -dz : dz);
    if (d > OPEN_REACH) return undefined;
    this.sync();
    if ((this.clearance[start] ?? 0) <= d) return undefined;
    const table = openPaths(this.search);
    const k = (dz + OPEN_REACH) * SIDE + dx + OPEN_REACH;
    const begin = table.starts[k] ?? 0;
    const end = table.starts[k + 1] ?? 0;
    const steps = new Array<TilePos>((end - begin) >> 1);
    for (let i = begin, s = 0; i < end; i += 2, s++)
      steps[s] = { x: from.x + (table.steps[i] ?? 0), z: from.z + (table.steps[i + 1] ?? 0) };
    return steps;
  }

  /** Brings the clearances up to the map's walkability (see the class comment). */
  private sync(): void {
    const map = this.map;
    if (this.synced === map.version) return;
    const cells = this.synced < 0 ? undefined : map.changesSince(this.synced);
    if (cells) {
      for (const c of cells) {
        if (map.walkable[c] === 1) this.opened++;
        else this.lower(c);
      }
    }
    if (!cells || this.opened > REFRESH_AFTER) this.computeAll();
    this.synced = map.version;
  }

  /** A cell that can no longer be stood on: the clearances around it are at most their distance to it. */
  private lower(cell: number): void {
    const S = this.map.stride;
    const rows = this.clearance.length / S;
    const cx = cell % S;
    const cz = (cell - cx) / S;
    for (let z = Math.max(0, cz - CAP + 1); z <= Math.min(rows - 1, cz + CAP - 1); z++)
      for (let x = Math.max(0, cx - CAP + 1); x <= Math.min(S - 1, cx + CAP - 1); x++) {
        const d = Math.max(Math.abs(x - cx), Math.abs(z - cz));
        const i = z * S + x;
        if ((this.clearance[i] ?? 0) > d) this.clearance[i] = d;
      }
  }

  /**
   * Every cell's clearance: a chessboard distance transform in two passes (each cell takes the
   * least of its own and its already visited neighbours' plus one), forward then backward.
   */
  private computeAll(): void {
    const { walkable, stride: S } = this.map;
    const c = this.clearance;
    const rows = c.length / S;
    for (let i = 0; i < c.length; i++) c[i] = walkable[i] === 1 ? CAP : 0;
    for (let z = 0; z < rows; z++)
      for (let x = 0; x < S; x++) {
        const i = z * S + x;
        let v = c[i] ?? 0;
        if (v === 0) continue;
        if (x > 0) v = Math.min(v, (c[i - 1] ?? 0) + 1);
        if (z > 0) {
          v = Math.min(v, (c[i - S] ?? 0) + 1);
          if (x > 0) v = Math.min(v, (c[i - S - 1] ?? 0) + 1);
          if (x < S - 1) v = Math.min(v, (c[i - S + 1] ?? 0) + 1);
        }
        c[i] = v;
      }
    for (let z = rows - 1; z >= 0; z--)
      for (let x = S - 1; x >= 0; x--) {
        const i = z * S + x;
        let v = c[i] ?? 0;
        if (v === 0) continue;
        if (x < S - 1) v = Math.min(v, (c[i + 1] ?? 0) + 1);
        if (z < rows - 1) {
          v = Math.min(v, (c[i + S] ?? 0) + 1);
          if (x < S - 1) v = Math.min(v, (c[i + S + 1] ?? 0) + 1);
          if (x > 0) v = Math.min(v, (c[i + S - 1] ?? 0) + 1);
        }
        c[i] = v;
      }
    this.opened = 0;
  }
}

/** Tiles on a side of the square of targets a lookup covers. */
const SIDE = 2 * OPEN_REACH + 1;

/**
 * The open-ground paths: for each target offset (dx, dz) within {@link OPEN_REACH}, the steps from
 * (0, 0) as offsets (`steps[starts[k]..starts[k + 1]]`, x then z, k = (dz + R) * SIDE + dx + R).
 */
interface OpenPaths {
  starts: Int32Array;
  steps: Int8Array;
}

let built: OpenPaths | undefined;

/** How the table is built: the path finder's own search (the steps between two walkable tiles of `map`). */
export type OpenSearch = (map: TileMap, from: TilePos, to: TilePos) => TilePos[];

/** The table, built on first use by searching an open grid of SIDE × SIDE tiles from its centre. */
function openPaths(search: OpenSearch): OpenPaths {
  if (built) return built;
  const map = TileMap.fromGrid(Array.from({ length: SIDE }, () => '.'.repeat(SIDE)));
  const starts = new Int32Array(SIDE * SIDE + 1);
  const out: number[] = [];
  for (let dz = -OPEN_REACH; dz <= OPEN_REACH; dz++)
    for (let dx = -OPEN_REACH; dx <= OPEN_REACH; dx++) {
      const k = (dz + OPEN_REACH) * SIDE + dx + OPEN_REACH;
      starts[k] = out.length;
      const from = { x: OPEN_REACH, z: OPEN_REACH };
      for (const s of search(map, from, { x: from.x + dx, z: from.z + dz }))
        out.push(s.x - from.x, s.z - from.z);
    }
  starts[SIDE * SIDE] = out.length;
  built = { starts, steps: Int8Array.from(out) };
  return built;
}
