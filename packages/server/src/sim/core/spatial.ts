/**
 * Buckets of entity handles (small integers) by 4x4-tile region, so "who is near (x, z)" costs a few
 * bucket scans instead of a pass over every entity. Small buckets fit a view's square closely: a
 * view at 5,000 players reads 56 entities, 12 of them beyond its reach, where 8x8 buckets made it
 * read 73, 29 beyond (docs/performance.md). Iteration order within a bucket follows the sequence
 * of insertions and removals (a removal moves the bucket's last handle into its place):
 * deterministic.
 *
 * Buckets live in a flat array indexed by wrapped bucket coordinates (256 x 256 buckets, 1,024 tiles
 * a side): two regions 1,024 tiles apart share a bucket, which only costs a few extra candidates,
 * because every caller checks the real distance. Handles index a flat array too.
 */
const BUCKET_SHIFT = 2; // 4 tiles a side
const WRAP = 0xff;
const key = (bx: number, bz: number) => ((bx & WRAP) << 8) | (bz & WRAP);
const bucketOf = (v: number) => v >> BUCKET_SHIFT; // floor division for negative tiles too
/** How many buckets there are (keys 0 to BUCKETS - 1). */
export const BUCKETS = 65_536;

export class SpatialIndex {
  /** Handles per bucket, in a plain array (indexed loops, no iterator objects in the hot paths). */
  private readonly buckets: Array<number[] | undefined> = new Array<number[] | undefined>(BUCKETS).fill(
    undefined,
  );
  /** Bucket key of each handle (-1: not indexed) and its position in that bucket's array. */
  private readonly where: number[] = [];
  private readonly pos: number[] = [];
  private readonly scratch: number[][] = [];

  set(id: number, x: number, z: number): void {
    const k = key(bucketOf(x), bucketOf(z));
    const prev = this.where[id];
    if (prev === k) return;
    if (prev !== undefined && prev >= 0) this.unlink(id, prev);
    let b = this.buckets[k];
    if (!b) {
      b = [];
      this.buckets[k] = b;
    }
    this.pos[id] = b.length;
    b.push(id);
    this.where[id] = k;
  }

  delete(id: number): void {
    const prev = this.where[id];
    if (prev === undefined || prev < 0) return;
    this.unlink(id, prev);
    this.where[id] = -1;
  }

  /** Removes a handle from its bucket by moving the bucket's last handle into its place. */
  private unlink(id: number, k: number): void {
    const b = this.buckets[k];
    if (!b) return;
    const i = this.pos[id] ?? -1;
    const last = b.pop();
    if (last !== undefined && last !== id && i >= 0) {
      b[i] = last;
      this.pos[last] = i;
    }
  }

  /**
   * Finds the non-empty buckets overlapping the square of `radius` tiles around (x, z), in a
   * deterministic order, for hot loops that iterate them inline: returns how many, found in
   * {@link near} from index 0. The array is reused (never shrunk, so no call allocates) and is
   * overwritten by the next call: read it before asking again.
   */
  bucketsNear(x: number, z: number, radius: number): number {
    const out = this.scratch;
    let n = 0;
    const bx0 = bucketOf(x - radius);
    const bz0 = bucketOf(z - radius);
    const bx1 = Math.min(bucketOf(x + radius), bx0 + WRAP);
    const bz1 = Math.min(bucketOf(z + radius), bz0 + WRAP);
    for (let bx = bx0; bx <= bx1; bx++) {
      for (let bz = bz0; bz <= bz1; bz++) {
        const b = this.buckets[key(bx, bz)];
        if (b !== undefined && b.length > 0) out[n++] = b;
      }
    }
    return n;
  }

  /** The buckets the last {@link bucketsNear} found (its first entries; later ones are stale). */
  get near(): ReadonlyArray<readonly number[]> {
    return this.scratch;
  }

  /**
   * Every handle, bucket by bucket in key order (neighbouring buckets of a column follow each other:
   * a deterministic order in which entities near each other come together), into `out` (its first
   * entries; returns how many), and where each bucket's handles start: `starts[k]` for bucket key k, `starts[BUCKETS]` the
   * count, so the handles of buckets k to j (in key order) are `out[starts[k]]` to
   * `out[starts[j + 1] - 1]`. With {@link rangesNear}, a hot loop reads the handles near a place as
   * a few runs of one flat array instead of one array per bucket. `starts` holds BUCKETS + 1 numbers.
   * A count above `out.length` says it was too short (what did not fit is missing): lay out again
   * into a longer one.
   */
  layout(out: Int32Array, starts: Int32Array): number {
    const buckets = this.buckets;
    let n = 0;
    for (let k = 0; k < buckets.length; k++) {
      starts[k] = n;
      const b = buckets[k];
      if (b === undefined) continue;
      for (let i = 0; i < b.length; i++) {
        if (n < out.length) out[n] = b[i] ?? -1;
        n++;
      }
    }
    starts[buckets.length] = n;
    return n;
  }

  /**
   * The runs of a {@link layout} holding the buckets that overlap the square of `radius` tiles
   * around (x, z), as `[from, to)` pairs into `ranges` (at most 2 per column of buckets, so
   * 4 x 256 numbers suffice for any radius): returns how many pairs. The same buckets, in the same
   * order, as {@link bucketsNear}.
   */
  rangesNear(x: number, z: number, radius: number, starts: Int32Array, ranges: Int32Array): number {
    return rangesNear(x, z, radius, starts, ranges);
  }

  /** Calls `fn` for every handle in buckets overlapping the square of `radius` tiles around (x, z). */
  forEachNear(x: number, z: number, radius: number, fn: (id: number) => void): void {
    const n = this.bucketsNear(x, z, radius);
    const near = this.scratch;
    for (let k = 0; k < n; k++) {
      const b = near[k] ?? [];
      for (let i = 0; i < b.length; i++) fn(b[i] ?? -1);
    }
  }
}

/** {@link SpatialIndex.rangesNear}, for a thread that holds only the layout (features/sync/scan.ts). */
export function rangesNear(
  x: number,
  z: number,
  radius: number,
  starts: Int32Array,
  ranges: Int32Array,
): number {
  let n = 0;
  const bx0 = bucketOf(x - radius);
  const bz0 = bucketOf(z - radius);
  const bx1 = Math.min(bucketOf(x + radius), bx0 + WRAP);
  const bz1 = Math.min(bucketOf(z + radius), bz0 + WRAP);
  const z0 = bz0 & WRAP;
  const z1 = bz1 & WRAP;
  for (let bx = bx0; bx <= bx1; bx++) {
    const column = (bx & WRAP) << 8;
    if (z0 <= z1) {
      ranges[n++] = starts[column | z0] ?? 0;
      ranges[n++] = starts[(column | z1) + 1] ?? 0;
    } else {
      // The column's buckets wrap past its last one: two runs, in the order bucketsNear reads them.
      ranges[n++] = starts[column | z0] ?? 0;
      ranges[n++] = starts[column + WRAP + 1] ?? 0;
      ranges[n++] = starts[column] ?? 0;
      ranges[n++] = starts[(column | z1) + 1] ?? 0;
    }
  }
  return n >> 1;
}
