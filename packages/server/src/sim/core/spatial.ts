/**
 * Buckets of entity handles (small integers) by 8x8-tile region, so "who is near (x, z)" costs a few
 * bucket scans instead of a pass over every entity. Iteration order within a bucket is insertion
 * order: deterministic.
 *
 * Buckets live in a flat array indexed by wrapped bucket coordinates (256 x 256 buckets, 2,048 tiles
 * a side): two regions 2,048 tiles apart share a bucket, which only costs a few extra candidates,
 * because every caller checks the real distance. Handles index a flat array too.
 */
const BUCKET_SHIFT = 3; // 8 tiles
const WRAP = 0xff;
const key = (bx: number, bz: number) => ((bx & WRAP) << 8) | (bz & WRAP);
const bucketOf = (v: number) => v >> BUCKET_SHIFT; // floor division for negative tiles too

export class SpatialIndex {
  private readonly buckets: Array<Set<number> | undefined> = new Array<Set<number> | undefined>(65_536).fill(
    undefined,
  );
  private readonly where: number[] = [];

  set(id: number, x: number, z: number): void {
    const k = key(bucketOf(x), bucketOf(z));
    const prev = this.where[id];
    if (prev === k) return;
    if (prev !== undefined && prev >= 0) this.buckets[prev]?.delete(id);
    let b = this.buckets[k];
    if (!b) {
      b = new Set();
      this.buckets[k] = b;
    }
    b.add(id);
    this.where[id] = k;
  }

  delete(id: number): void {
    const prev = this.where[id];
    if (prev === undefined || prev < 0) return;
    this.buckets[prev]?.delete(id);
    this.where[id] = -1;
  }

  /** Calls `fn` for every handle in buckets overlapping the square of `radius` tiles around (x, z). */
  forEachNear(x: number, z: number, radius: number, fn: (id: number) => void): void {
    const bx0 = bucketOf(x - radius);
    const bz0 = bucketOf(z - radius);
    // Never visit a wrapped bucket twice (a radius of 2,048 tiles or more).
    const bx1 = Math.min(bucketOf(x + radius), bx0 + WRAP);
    const bz1 = Math.min(bucketOf(z + radius), bz0 + WRAP);
    for (let bx = bx0; bx <= bx1; bx++) {
      for (let bz = bz0; bz <= bz1; bz++) {
        const b = this.buckets[key(bx, bz)];
        if (b !== undefined && b.size > 0) for (const id of b) fn(id);
      }
    }
  }
}
