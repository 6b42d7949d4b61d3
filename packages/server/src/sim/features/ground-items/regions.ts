import { REGION_SIZE, tileKey, type GroundItem } from './types';

/** Side of the square regions piles are bucketed by: "what lies near (x, z)" scans, and saving. */
const BUCKET = REGION_SIZE;

/**
 * A region's slot in {@link PileRegions}' pile counts: its coordinates wrapped to 256 x 256 (two
 * regions 2,048 tiles apart share a count, which only costs them a map lookup).
 */
const countSlot = (bx: number, bz: number): number => ((bx & 0xff) << 8) | (bz & 0xff);

export interface Bucket {
  /** Region coordinates: it covers tiles [bx * 8, bx * 8 + 7] x [bz * 8, bz * 8 + 7]. */
  readonly bx: number;
  readonly bz: number;
  piles: Set<GroundItem>;
  /** Piles of this region added, changed, made public or removed since the last sync (see clearChanges). */
  changes: GroundItem[];
}

/**
 * The ground-item store's index of piles by 8x8 region (ground-items/store.ts): the regions, created
 * on first use and kept, and how many piles each holds, so that the views' hot loops pass over
 * empty regions (most of a world) without a map lookup.
 */
export class PileRegions {
  private readonly buckets = new Map<number, Bucket>();
  private readonly scratch: Bucket[] = [];
  /** Piles per region slot ({@link countSlot}). */
  private readonly counts = new Uint32Array(65_536);

  /** The region of tile (x, z), created when asked for and missing. */
  of(x: number, z: number, create: boolean): Bucket | undefined {
    const key = tileKey(Math.floor(x / BUCKET), Math.floor(z / BUCKET));
    let b = this.buckets.get(key);
    if (!b && create) {
      b = { bx: Math.floor(x / BUCKET), bz: Math.floor(z / BUCKET), piles: new Set(), changes: [] };
      this.buckets.set(key, b);
    }
    return b;
  }

  /** Puts a new pile in its region. */
  place(pile: GroundItem): void {
    const region = this.of(pile.x, pile.z, true);
    if (!region) return;
    region.piles.add(pile);
    this.count(region, 1);
  }

  /** Takes a pile out of its region (nothing when it is not there). */
  lift(pile: GroundItem): void {
    const region = this.of(pile.x, pile.z, false);
    if (region?.piles.delete(pile)) this.count(region, -1);
  }

  /** Every region holding piles now. */
  occupied(): Bucket[] {
    return [...this.buckets.values()].filter((b) => b.piles.size > 0);
  }

  /**
   * Finds the regions holding piles that overlap the box [x0, x1] x [z0, z1], for hot loops that
   * read their `piles` inline: returns how many, found in {@link regions} from index 0. The
   * array is reused (never shrunk, so no call allocates) and overwritten by the next call: read it
   * before asking again.
   */
  regionsIn(x0: number, z0: number, x1: number, z1: number): number {
    if (this.buckets.size === 0) return 0;
    const out = this.scratch;
    let n = 0;
    const bx1 = Math.floor(x1 / BUCKET);
    const bz1 = Math.floor(z1 / BUCKET);
    const counts = this.counts;
    for (let bx = Math.floor(x0 / BUCKET); bx <= bx1; bx++) {
      for (let bz = Math.floor(z0 / BUCKET); bz <= bz1; bz++) {
        if (counts[countSlot(bx, bz)] === 0) continue;
        const b = this.buckets.get(tileKey(bx, bz));
        if (b && b.piles.size > 0) out[n++] = b;
      }
    }
    return n;
  }

  /** The regions the last {@link regionsIn} found (its first entries; later ones are stale). */
  get regions(): readonly Bucket[] {
    return this.scratch;
  }

  /** Calls `fn` for each existing region overlapping the box [x0, x1] x [z0, z1]. */
  forEachIn(x0: number, z0: number, x1: number, z1: number, fn: (b: Bucket) => void): void {
    const bx1 = Math.floor(x1 / BUCKET);
    const bz1 = Math.floor(z1 / BUCKET);
    for (let bx = Math.floor(x0 / BUCKET); bx <= bx1; bx++) {
      for (let bz = Math.floor(z0 / BUCKET); bz <= bz1; bz++) {
        const b = this.buckets.get(tileKey(bx, bz));
        if (b) fn(b);
      }
    }
  }

  private count(region: Bucket, by: number): void {
    const slot = countSlot(region.bx, region.bz);
    this.counts[slot] = (this.counts[slot] ?? 0) + by;
  }
}
