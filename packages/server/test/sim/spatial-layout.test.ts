import { describe, expect, it } from 'vitest';
import { BUCKETS, SpatialIndex } from '../../src/sim/core/spatial';
import { Rng } from '../../src/sim/core/rng';

/** The handles bucketsNear finds, in its order. */
function viaBuckets(index: SpatialIndex, x: number, z: number, radius: number): number[] {
  const out: number[] = [];
  const n = index.bucketsNear(x, z, radius);
  for (let b = 0; b < n; b++) out.push(...(index.near[b] ?? []));
  return out;
}

/** The handles the runs of a layout hold, in their order. */
function viaLayout(index: SpatialIndex, x: number, z: number, radius: number): number[] {
  const placed = new Int32Array(4096);
  const starts = new Int32Array(BUCKETS + 1);
  const count = index.layout(placed, starts);
  const ranges = new Int32Array(4 * 256);
  const runs = index.rangesNear(x, z, radius, starts, ranges);
  const out: number[] = [];
  for (let r = 0; r < runs; r++) {
    const from = ranges[2 * r] ?? 0;
    const to = ranges[2 * r + 1] ?? 0;
    expect(to).toBeLessThanOrEqual(count);
    for (let i = from; i < to; i++) out.push(placed[i] ?? -1);
  }
  return out;
}

describe('spatial index layout', () => {
  it('lays out every handle in place order, and its runs near a place hold what bucketsNear finds, in the same order', () => {
    const rng = new Rng(7);
    const index = new SpatialIndex();
    // Handles around the origin (negative tiles wrap to the last buckets), in the middle and far out.
    for (let id = 0; id < 600; id++) {
      const cx = [0, 1000, 2040][id % 3] ?? 0;
      index.set(id, cx + rng.between(-40, 40), cx + rng.between(-40, 40));
    }
    // Some move and some leave, so buckets hold handles in the order of removals and insertions.
    for (let id = 0; id < 600; id += 7) index.set(id, rng.between(-20, 20), rng.between(-20, 20));
    for (let id = 3; id < 600; id += 11) index.delete(id);
    const placed = new Int32Array(4096);
    const count = index.layout(placed, new Int32Array(BUCKETS + 1));
    // Every bucket in key order: what bucketsNear finds over the whole index, from bucket key 0.
    expect([...placed.subarray(0, count)]).toEqual(viaBuckets(index, 1023, 1023, 1023));
    const kept = Array.from({ length: 600 }, (_, id) => id).filter((id) => id < 3 || (id - 3) % 11 !== 0);
    expect([...placed.subarray(0, count)].sort((p, q) => p - q)).toEqual(kept);
    for (const [x, z, radius] of [
      [0, 0, 17],
      [-5, 3, 17],
      [1000, 1000, 15],
      [2040, 2047, 30],
      [7, 7, 0],
      [0, 0, 2000],
    ] as const) {
      const found = viaLayout(index, x, z, radius);
      expect(found).toEqual(viaBuckets(index, x, z, radius));
    }
    expect(viaLayout(index, 0, 0, 17).length).toBeGreaterThan(50);
  });

  it('says when the array it lays out into is too short', () => {
    const index = new SpatialIndex();
    for (let id = 0; id < 10; id++) index.set(id, id * 9, 0);
    const short = new Int32Array(4);
    expect(index.layout(short, new Int32Array(BUCKETS + 1))).toBe(10);
    const long = new Int32Array(10);
    expect(index.layout(long, new Int32Array(BUCKETS + 1))).toBe(10);
    expect([...long]).toEqual(viaBuckets(index, 1023, 1023, 1023));
    expect([...long].sort((p, q) => p - q)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
