/**
 * Buckets of entity handles (small integers) by 8x8-tile region, so "who is near (x, z)" costs a few bucket scans
 * instead of a pass over every entity. Iteration order is insertion order: deterministic.
 */
const BUCKET = 8;
const key = (bx: number, bz: number) => (bx + 0x8000) * 0x10000 + (bz + 0x8000);

export class SpatialIndex {
  private readonly buckets = new Map<number, Set<number>>();
  private readonly where = new Map<number, number>();

  set(id: number, x: number, z: number): void {
    const k = key(Math.floor(x / BUCKET), Math.floor(z / BUCKET));
    const prev = this.where.get(id);
    if (prev === k) return;
    if (prev !== undefined) this.buckets.get(prev)?.delete(id);
    let b = this.buckets.get(k);
    if (!b) {
      b = new Set();
      this.buckets.set(k, b);
    }
    b.add(id);
    this.where.set(id, k);
  }

  delete(id: number): void {
    const prev = this.where.get(id);
    if (prev === undefined) return;
    this.buckets.get(prev)?.delete(id);
    this.where.delete(id);
  }

  /** Calls `fn` for every handle in buckets overlapping the square of `radius` tiles around (x, z). */
  forEachNear(x: number, z: number, radius: number, fn: (id: number) => void): void {
    const bx0 = Math.floor((x - radius) / BUCKET);
    const bx1 = Math.floor((x + radius) / BUCKET);
    const bz0 = Math.floor((z - radius) / BUCKET);
    const bz1 = Math.floor((z + radius) / BUCKET);
    for (let bx = bx0; bx <= bx1; bx++) {
      for (let bz = bz0; bz <= bz1; bz++) {
        const b = this.buckets.get(key(bx, bz));
        if (b) for (const id of b) fn(id);
      }
    }
  }
}
