import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../../scripts/lib/glb';
import { box, faceNormal } from '../../../scripts/lib/glb-shapes';
import type { Face } from '../../../scripts/lib/glb-shapes';
import {
  ball,
  beam,
  mirrorX,
  rotateX,
  rotateZ,
  slopedSlab,
  translate,
} from '../../../scripts/lib/glb-solids';
import { mergeByMaterial } from '../../../scripts/lib/glb-write';
import { grounded } from '../../../scripts/lib/models-kit';

const points = (faces: Face[]): Vec3[] => faces.flat();
const extent = (faces: Face[], axis: 0 | 1 | 2): [number, number] => {
  const values = points(faces).map((p) => p[axis]);
  return [Math.min(...values), Math.max(...values)];
};

/** Every face's normal points away from the solid's vertex centroid. */
function isOutward(faces: Face[]): boolean {
  const all = points(faces);
  const c = all.reduce<Vec3>(
    (s, p) => [s[0] + p[0] / all.length, s[1] + p[1] / all.length, s[2] + p[2] / all.length],
    [0, 0, 0],
  );
  return faces.every((face) => {
    const n = faceNormal(face);
    const p = face[0] ?? c;
    return n[0] * (p[0] - c[0]) + n[1] * (p[1] - c[1]) + n[2] * (p[2] - c[2]) > 0;
  });
}

describe('solids', () => {
  it('beam spans its end points with the given radius, in any direction', () => {
    const horizontal = beam([-1, 1, 0], [1, 1, 0], { r: Math.SQRT2 * 0.1 });
    expect(extent(horizontal, 0)).toEqual([-1, 1]);
    expect(extent(horizontal, 1)[0]).toBeCloseTo(0.9, 9);
    expect(extent(horizontal, 1)[1]).toBeCloseTo(1.1, 9);
    expect(horizontal).toHaveLength(6);
    expect(isOutward(horizontal)).toBe(true);
    expect(isOutward(beam([0, 0, 0], [0.3, 1, -0.2], { r: 0.05, r1: 0.02, sides: 6 }))).toBe(true);
  });

  it('ball is a closed, outward ellipsoid within its radii', () => {
    const b = ball({ at: [0, 1, 0], r: [0.5, 0.25, 0.4], sides: 8, bands: 4 });
    expect(b).toHaveLength(8 * 4);
    expect(extent(b, 1)).toEqual([0.75, 1.25]);
    expect(extent(b, 0)[1]).toBeCloseTo(0.5, 9);
    expect(isOutward(b)).toBe(true);
  });

  it('slopedSlab, transforms and mirror keep faces outward', () => {
    const slab = slopedSlab([0, 2], [-1, 1], (x) => 2 - x * 0.25, 0.1);
    expect(extent(slab, 1)).toEqual([1.5, 2.1]);
    expect(isOutward(slab)).toBe(true);
    const cube = box([0.2, 0, 0], [0.6, 0.4, 0.4]);
    expect(isOutward(mirrorX(cube))).toBe(true);
    expect(extent(mirrorX(cube), 0)).toEqual([-0.6, -0.2]);
    expect(isOutward(rotateX(cube, 0.7))).toBe(true);
    expect(isOutward(rotateZ(cube, -1.1, [0.4, 0.2]))).toBe(true);
    expect(extent(translate(cube, [0, 1, 0]), 1)).toEqual([1, 1.4]);
  });
});

const WHITE: Vec3 = [1, 1, 1];

describe('model helpers', () => {
  it('mergeByMaterial joins parts of the same colour and emission, keeping first-seen order', () => {
    const a = box([0, 0, 0], [1, 1, 1]);
    const merged = mergeByMaterial([
      { name: 'a', color: [1, 0, 0], faces: a },
      { name: 'b', color: [0, 1, 0], faces: a },
      { name: 'c', color: [1, 0, 0], faces: a },
      { name: 'd', color: [1, 0, 0], faces: a, emissive: [1, 0, 0] },
    ]);
    expect(merged.map((p) => [p.name, p.faces.length])).toEqual([
      ['a', 12],
      ['b', 6],
      ['d', 6],
    ]);
  });

  it('grounded lifts or lowers a model onto y = 0 and leaves grounded ones alone', () => {
    const floating = {
      name: 'f',
      parts: [{ name: 'p', color: WHITE, faces: box([0, 0.5, 0], [1, 1, 1]) }],
    };
    expect(extent(grounded(floating).parts[0]?.faces ?? [], 1)).toEqual([0, 0.5]);
    const sunk = {
      name: 's',
      parts: [{ name: 'p', color: WHITE, faces: box([0, -0.2, 0], [1, 1, 1]) }],
    };
    expect(extent(grounded(sunk).parts[0]?.faces ?? [], 1)[0]).toBe(0);
    const standing = {
      name: 'g',
      parts: [{ name: 'p', color: WHITE, faces: box([0, 0, 0], [1, 1, 1]) }],
    };
    expect(grounded(standing)).toBe(standing);
  });
});
