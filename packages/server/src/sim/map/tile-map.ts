import { pvpLevelAt } from '../../content/geometry';
import type { AreaDef } from '../../content/schemas/world-areas';
import { labelRegions } from './regions';

/** Static tile flag: nothing may stand here (outside every area, a wall, a station, a tree...). */
export const TILE_BLOCKED = 1;
/** Static tile flag: water (always also blocked for walking). */
export const TILE_WATER = 2;

/** The raw arrays a {@link TileMap} is made of; index = (z - originZ) * width + (x - originX). */
export interface TileMapData {
  originX: number;
  originZ: number;
  width: number;
  depth: number;
  /** TILE_BLOCKED | TILE_WATER per tile. */
  flags: Uint8Array;
  /** Ground (or water surface) height per tile. */
  heights: Float32Array;
  /** 0 = outside every area, otherwise 1 + the index of the tile's area in `areas`. */
  areaIndex: Uint16Array;
  areas: readonly AreaDef[];
}

/** Options of {@link TileMap.fromGrid}. */
export interface GridOptions {
  /** World x of the grid's first column (default 0). */
  originX?: number;
  /** World z of the grid's LAST row (default 0): the first row is the northernmost (highest z). */
  originZ?: number;
  /** Area reported for every tile that is not a space. */
  area?: AreaDef;
}

/** How many recent walkability changes {@link TileMap.changesSince} can replay. */
const JOURNAL_SIZE = 1024;

const GRID_CHARS: Record<string, number> = {
  '.': 0,
  '#': TILE_BLOCKED,
  '~': TILE_BLOCKED | TILE_WATER,
  ' ': TILE_BLOCKED,
};

/**
 * The world's collision grid and per-tile lookups on the X/Z ground plane: the one structure the
 * simulation asks "can I stand/step here, how high is it, which area is it". Everything is a flat
 * typed array indexed by tile, so every query is O(1) and the path finder can scan it directly.
 * Tiles outside the grid behave like blocked tiles outside every area.
 *
 * Static collision comes from content ({@link buildTileMap}); objects that appear at run time
 * (a lit fire) add and remove dynamic blockers with {@link TileMap.addBlocker}.
 */
export class TileMap {
  readonly originX: number;
  readonly originZ: number;
  readonly width: number;
  readonly depth: number;
  /** Row length of {@link TileMap.walkable}: the grid's width plus a one-tile margin each side. */
  readonly stride: number;
  /**
   * 1 where a tile can be stood on right now (static flags and dynamic blockers combined), 0
   * elsewhere, laid out with a one-tile blocked margin around the grid (see {@link TileMap.cell}):
   * a neighbour lookup never leaves the array, so hot loops such as the path finder need no
   * bounds checks. Read it, never write it (use addBlocker/removeBlocker).
   */
  readonly walkable: Uint8Array;
  /**
   * Connected region of each cell of {@link TileMap.walkable} from static collision only (0 for
   * statically blocked cells): two tiles in different regions can never reach each other, so the
   * path finder skips hopeless searches. Dynamic blockers do not split regions.
   */
  readonly region: Int32Array;
  private readonly flags: Uint8Array;
  private readonly heights: Float32Array;
  private readonly areaIndex: Uint16Array;
  private readonly areas: readonly AreaDef[];
  private readonly blockers: Uint8Array;
  private readonly journal = new Int32Array(JOURNAL_SIZE);
  private changes = 0;

  constructor(data: TileMapData) {
    const n = data.width * data.depth;
    if (!Number.isInteger(data.width) || !Number.isInteger(data.depth) || data.width < 1 || data.depth < 1)
      throw new Error('TileMap: width and depth must be positive integers');
    if (data.flags.length !== n || data.heights.length !== n || data.areaIndex.length !== n)
      throw new Error('TileMap: every array must hold width * depth tiles');
    this.originX = data.originX;
    this.originZ = data.originZ;
    this.width = data.width;
    this.depth = data.depth;
    this.flags = data.flags;
    this.heights = data.heights;
    this.areaIndex = data.areaIndex;
    this.areas = data.areas;
    this.blockers = new Uint8Array(n);
    this.stride = data.width + 2;
    this.walkable = new Uint8Array(this.stride * (data.depth + 2));
    for (let i = 0; i < n; i++) {
      const open = ((data.flags[i] ?? TILE_BLOCKED) & TILE_BLOCKED) === 0;
      this.walkable[this.cellOf(i)] = open ? 1 : 0;
    }
    this.region = labelRegions(this.walkable, this.stride);
  }

  /**
   * A map drawn as text, for tests and benchmarks: `.` walkable, `#` blocked, `~` water, space =
   * outside every area. The first row is the north edge (highest z), columns run west to east.
   */
  static fromGrid(rows: readonly string[], opts: GridOptions = {}): TileMap {
    const depth = rows.length;
    const width = rows[0]?.length ?? 0;
    const flags = new Uint8Array(width * depth);
    const areaIndex = new Uint16Array(width * depth);
    rows.forEach((row, r) => {
      if (row.length !== width)
        throw new Error(`fromGrid: row ${r} has ${row.length} columns, expected ${width}`);
      const lz = depth - 1 - r;
      for (let c = 0; c < width; c++) {
        const ch = row[c] ?? ' ';
        const flag = GRID_CHARS[ch];
        if (flag === undefined) throw new Error(`fromGrid: unknown tile character '${ch}'`);
        flags[lz * width + c] = flag;
        if (opts.area && ch !== ' ') areaIndex[lz * width + c] = 1;
      }
    });
    return new TileMap({
      originX: opts.originX ?? 0,
      originZ: opts.originZ ?? 0,
      width,
      depth,
      flags,
      heights: new Float32Array(width * depth),
      areaIndex,
      areas: opts.area ? [opts.area] : [],
    });
  }

  /** Index of tile (x, z) in {@link TileMap.walkable}, or -1 outside the grid. */
  cell(x: number, z: number): number {
    const i = this.index(x, z);
    return i < 0 ? -1 : this.cellOf(i);
  }

  /** Index of tile (x, z) in the unpadded per-tile arrays, or -1 outside the grid. */
  private index(x: number, z: number): number {
    const lx = x - this.originX;
    const lz = z - this.originZ;
    if (lx < 0 || lz < 0 || lx >= this.width || lz >= this.depth) return -1;
    return lz * this.width + lx;
  }

  private cellOf(i: number): number {
    const lz = Math.floor(i / this.width);
    return (lz + 1) * this.stride + (i - lz * this.width) + 1;
  }

  /** Whether (x, z) lies on the grid (it may still be blocked). */
  inBounds(x: number, z: number): boolean {
    return this.index(x, z) >= 0;
  }

  /** Whether a player or NPC may stand on (x, z) now. */
  isWalkable(x: number, z: number): boolean {
    const c = this.cell(x, z);
    return c >= 0 && this.walkable[c] === 1;
  }

  /** Whether static collision lets a walker get from one tile to the other at all. */
  connected(a: { x: number; z: number }, b: { x: number; z: number }): boolean {
    const ca = this.cell(a.x, a.z);
    const cb = this.cell(b.x, b.z);
    return ca >= 0 && cb >= 0 && this.region[ca] !== 0 && this.region[ca] === this.region[cb];
  }

  /** Whether (x, z) is water (fishing spots live there; nobody walks there). */
  isWater(x: number, z: number): boolean {
    const i = this.index(x, z);
    return i >= 0 && ((this.flags[i] ?? 0) & TILE_WATER) !== 0;
  }

  /** Ground height at (x, z) (the water surface on water, 0 off the grid). */
  height(x: number, z: number): number {
    const i = this.index(x, z);
    // Centimetre precision: enough for rendering, and short on the wire (14.96, not 14.957471847534).
    return i < 0 ? 0 : Math.round((this.heights[i] ?? 0) * 100) / 100;
  }

  /** The area containing (x, z), if any: one array read, no scan over the areas. */
  areaAt(x: number, z: number): AreaDef | undefined {
    const i = this.index(x, z);
    if (i < 0) return undefined;
    const a = this.areaIndex[i] ?? 0;
    return a === 0 ? undefined : this.areas[a - 1];
  }

  /** No player-vs-player combat and no NPC aggression here. */
  isSafeZone(x: number, z: number): boolean {
    return this.areaAt(x, z)?.safeZone ?? false;
  }

  /** Players may attack each other here (subject to {@link TileMap.pvpLevel}). */
  isPvp(x: number, z: number): boolean {
    return this.areaAt(x, z)?.pvp ?? false;
  }

  /** Wilderness-style depth level at (x, z): the allowed combat-level gap; 0 outside pvp areas. */
  pvpLevel(x: number, z: number): number {
    const area = this.areaAt(x, z);
    return area ? pvpLevelAt(area, x, z) : 0;
  }

  /**
   * Whether one step from (x, z) by (dx, dz), each in {-1, 0, 1}, is allowed, with RuneScape's
   * rule: the destination must be walkable and a diagonal step also needs both orthogonal
   * neighbours walkable, so nobody cuts a corner past a wall or squeezes between two blocked tiles.
   * (0, 0) asks whether (x, z) itself is walkable; other deltas are never allowed.
   */
  canStep(x: number, z: number, dx: number, dz: number): boolean {
    if (dx < -1 || dx > 1 || dz < -1 || dz > 1 || !Number.isInteger(dx) || !Number.isInteger(dz))
      return false;
    if (!this.isWalkable(x + dx, z + dz)) return false;
    if (dx === 0 || dz === 0) return true;
    return this.isWalkable(x + dx, z) && this.isWalkable(x, z + dz);
  }

  /**
   * How many times a tile's walkability has changed since the map was built: a cache of
   * {@link TileMap.walkable} (the path finder's) compares it to know whether to refresh.
   */
  get version(): number {
    return this.changes;
  }

  /**
   * The cells of {@link TileMap.walkable} changed since `version` was `since` (oldest first; a
   * cell may repeat), or undefined when that is further back than the map remembers.
   */
  changesSince(since: number): number[] | undefined {
    if (since > this.changes || this.changes - since > JOURNAL_SIZE) return undefined;
    const cells: number[] = [];
    for (let v = since; v < this.changes; v++) cells.push(this.journal[v % JOURNAL_SIZE] ?? 0);
    return cells;
  }

  private setWalkable(i: number, open: boolean): void {
    const c = this.cellOf(i);
    if ((this.walkable[c] === 1) === open) return;
    this.walkable[c] = open ? 1 : 0;
    this.journal[this.changes % JOURNAL_SIZE] = c;
    this.changes++;
  }

  /**
   * Marks (x, z) blocked by an object that appears at run time (a lit fire). Blockers are
   * counted, so two objects on one tile need two removals; static collision is never changed.
   */
  addBlocker(x: number, z: number): void {
    const i = this.index(x, z);
    if (i < 0) return;
    this.blockers[i] = Math.min(255, (this.blockers[i] ?? 0) + 1);
    this.setWalkable(i, false);
  }

  /** Removes one dynamic blocker from (x, z) (see {@link TileMap.addBlocker}). */
  removeBlocker(x: number, z: number): void {
    const i = this.index(x, z);
    if (i < 0) return;
    const left = Math.max(0, (this.blockers[i] ?? 0) - 1);
    this.blockers[i] = left;
    if (left === 0 && ((this.flags[i] ?? TILE_BLOCKED) & TILE_BLOCKED) === 0) this.setWalkable(i, true);
  }
}
