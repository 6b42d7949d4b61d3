/**
 * More convex solids and rigid transforms for the placeholder models: beams between two
 * arbitrary points (limbs, rails, branches), faceted balls and ellipsoids (heads, canopies,
 * bodies), and moves, rotations and mirror images of any solid. Like glb-shapes, every solid
 * is a list of planar convex faces wound outward, so each one can be one flat-shaded part.
 */
import type { Vec3 } from './glb';
import { orientOutward } from './glb-shapes';
import type { Face } from './glb-shapes';

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => {
  const len = Math.hypot(a[0], a[1], a[2]);
  if (len === 0) throw new Error('zero-length direction');
  return [a[0] / len, a[1] / len, a[2] / len];
};

/** Options of {@link beam}. */
export interface BeamOptions {
  /** Radius (centre to corner) at `from`. */
  r: number;
  /** Radius at `to`; defaults to `r`. Must be above 0: use a frustum or pyramid for points. */
  r1?: number;
  /** Number of sides; 4 by default. */
  sides?: number;
  /** Rotation of the cross-section about the beam's axis; defaults to half a side, so a 4-sided beam has flat faces. */
  twist?: number;
}

/**
 * A prism or frustum from `from` to `to` in any direction: limbs, ladder rails and rungs,
 * spider legs, branches. The cross-section is perpendicular to the axis.
 */
export function beam(from: Vec3, to: Vec3, o: BeamOptions): Face[] {
  const axis = unit(sub(to, from));
  const helper: Vec3 = Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = unit(cross(axis, helper));
  const v = cross(axis, u);
  const sides = o.sides ?? 4;
  const twist = o.twist ?? Math.PI / sides;
  const ring = (c: Vec3, r: number): Vec3[] =>
    Array.from({ length: sides }, (_, i): Vec3 => {
      const a = twist + (i / sides) * Math.PI * 2;
      const cu = Math.cos(a) * r;
      const sv = Math.sin(a) * r;
      return [c[0] + u[0] * cu + v[0] * sv, c[1] + u[1] * cu + v[1] * sv, c[2] + u[2] * cu + v[2] * sv];
    });
  const a = ring(from, o.r);
  const b = ring(to, o.r1 ?? o.r);
  const faces: Face[] = [a, b];
  a.forEach((p, i) => {
    const j = (i + 1) % sides;
    faces.push([p, a[j] ?? p, b[j] ?? p, b[i] ?? p]);
  });
  return orientOutward(faces);
}

/** Options of {@link ball}. */
export interface BallOptions {
  /** Centre. */
  at: Vec3;
  /** Radius, or radii along x, y and z for an ellipsoid. */
  r: number | Vec3;
  /** Segments around the vertical axis (default 6). */
  sides?: number;
  /** Segments from pole to pole, at least 2 (default 3). */
  bands?: number;
  /** Rotation about the vertical axis, in radians. */
  twist?: number;
}

/**
 * A faceted sphere or ellipsoid: horizontal rings between two pole points. Quads between two
 * rings have parallel horizontal edges, so every face stays planar.
 */
export function ball(o: BallOptions): Face[] {
  const [rx, ry, rz] = typeof o.r === 'number' ? [o.r, o.r, o.r] : o.r;
  const [cx, cy, cz] = o.at;
  const sides = o.sides ?? 6;
  const bands = Math.max(2, o.bands ?? 3);
  const twist = o.twist ?? 0;
  const rings: Vec3[][] = [];
  for (let k = 1; k < bands; k++) {
    const polar = (k / bands) * Math.PI;
    const y = cy - ry * Math.cos(polar);
    const s = Math.sin(polar);
    rings.push(
      Array.from({ length: sides }, (_, i): Vec3 => {
        const a = twist + (i / sides) * Math.PI * 2;
        return [cx + rx * s * Math.cos(a), y, cz + rz * s * Math.sin(a)];
      }),
    );
  }
  const bottom: Vec3 = [cx, cy - ry, cz];
  const top: Vec3 = [cx, cy + ry, cz];
  const faces: Face[] = [];
  const first = rings[0] ?? [];
  const last = rings[rings.length - 1] ?? [];
  first.forEach((p, i) => faces.push([bottom, first[(i + 1) % sides] ?? p, p]));
  last.forEach((p, i) => faces.push([p, last[(i + 1) % sides] ?? p, top]));
  for (let k = 0; k + 1 < rings.length; k++) {
    const lo = rings[k] ?? [];
    const hi = rings[k + 1] ?? [];
    lo.forEach((p, i) => {
      const j = (i + 1) % sides;
      faces.push([p, lo[j] ?? p, hi[j] ?? p, hi[i] ?? p]);
    });
  }
  return orientOutward(faces);
}

/** Moves faces by `offset`. */
export function translate(faces: Face[], offset: Vec3): Face[] {
  return faces.map((face) => face.map(([x, y, z]): Vec3 => [x + offset[0], y + offset[1], z + offset[2]]));
}

/** Rotates faces about the X axis through `pivot` ([y, z]); positive tips +Y towards +Z. */
export function rotateX(faces: Face[], radians: number, pivot: [number, number] = [0, 0]): Face[] {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  return faces.map((face) =>
    face.map(([x, y, z]): Vec3 => {
      const dy = y - pivot[0];
      const dz = z - pivot[1];
      return [x, pivot[0] + dy * c - dz * s, pivot[1] + dy * s + dz * c];
    }),
  );
}

/** Rotates faces about the Z axis through `pivot` ([x, y]); positive tips +X towards +Y. */
export function rotateZ(faces: Face[], radians: number, pivot: [number, number] = [0, 0]): Face[] {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  return faces.map((face) =>
    face.map(([x, y, z]): Vec3 => {
      const dx = x - pivot[0];
      const dy = y - pivot[1];
      return [pivot[0] + dx * c - dy * s, pivot[1] + dx * s + dy * c, z];
    }),
  );
}

/** The mirror image across the x = 0 plane (left limb from right limb), winding kept outward. */
export function mirrorX(faces: Face[]): Face[] {
  return faces.map((face) => face.map(([x, y, z]): Vec3 => [-x, y, z]).reverse());
}

/**
 * A convex polygon (in any plane that is not vertical) extruded straight up by `thickness`:
 * sloped shed roofs, awning stripes, patches lying on a tent's side.
 */
export function slab(polygon: Vec3[], thickness: number): Face[] {
  const top = polygon.map(([x, y, z]): Vec3 => [x, y + thickness, z]);
  const faces: Face[] = [polygon, top];
  polygon.forEach((p, i) => {
    const j = (i + 1) % polygon.length;
    faces.push([p, polygon[j] ?? p, top[j] ?? p, top[i] ?? p]);
  });
  return orientOutward(faces);
}

/** A sloped rectangular slab: at `x0`..`x1` and `z0`..`z1`, its underside at height `y(x, z)` (linear). */
export function slopedSlab(
  x: [number, number],
  z: [number, number],
  y: (x: number, z: number) => number,
  thickness: number,
): Face[] {
  const corner = (cx: number, cz: number): Vec3 => [cx, y(cx, cz), cz];
  return slab([corner(x[0], z[0]), corner(x[1], z[0]), corner(x[1], z[1]), corner(x[0], z[1])], thickness);
}
