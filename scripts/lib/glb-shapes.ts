/**
 * Convex low-poly solids (boxes, gable prisms, n-sided frustums and cones) as lists of planar
 * polygons with outward winding, the building blocks of the shipped placeholder models.
 */
import type { Vec3 } from './glb';

/** A planar convex polygon, counter-clockwise when seen from outside the solid. */
export type Face = Vec3[];

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Newell's method: robust normal of a (possibly slightly non-planar) polygon, unnormalised. */
export function faceNormal(face: Face): Vec3 {
  const n: Vec3 = [0, 0, 0];
  face.forEach((p, i) => {
    const q = face[(i + 1) % face.length] ?? p;
    n[0] += (p[1] - q[1]) * (p[2] + q[2]);
    n[1] += (p[2] - q[2]) * (p[0] + q[0]);
    n[2] += (p[0] - q[0]) * (p[1] + q[1]);
  });
  return n;
}

function centroid(points: readonly Vec3[]): Vec3 {
  const c: Vec3 = [0, 0, 0];
  for (const p of points) for (let i = 0; i < 3; i++) c[i] = (c[i] ?? 0) + (p[i] ?? 0) / points.length;
  return c;
}

/** Reverses every face whose normal points into the (convex) solid; used by every solid builder. */
export function orientOutward(faces: Face[]): Face[] {
  const center = centroid(faces.flat());
  return faces.map((face) =>
    dot(faceNormal(face), sub(centroid(face), center)) < 0 ? [...face].reverse() : face,
  );
}

/** Axis-aligned box between two corners. */
export function box(min: Vec3, max: Vec3): Face[] {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const v = (x: number, y: number, z: number): Vec3 => [x, y, z];
  return orientOutward([
    [v(x0, y0, z0), v(x1, y0, z0), v(x1, y0, z1), v(x0, y0, z1)],
    [v(x0, y1, z0), v(x1, y1, z0), v(x1, y1, z1), v(x0, y1, z1)],
    [v(x0, y0, z0), v(x1, y0, z0), v(x1, y1, z0), v(x0, y1, z0)],
    [v(x0, y0, z1), v(x1, y0, z1), v(x1, y1, z1), v(x0, y1, z1)],
    [v(x0, y0, z0), v(x0, y0, z1), v(x0, y1, z1), v(x0, y1, z0)],
    [v(x1, y0, z0), v(x1, y0, z1), v(x1, y1, z1), v(x1, y1, z0)],
  ]);
}

/** A gable roof: the box's footprint at `min[1]`, rising to a ridge at `max[1]` running along `ridge`. */
export function gable(min: Vec3, max: Vec3, ridge: 'x' | 'z'): Face[] {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  if (ridge === 'x') {
    const zm = (z0 + z1) / 2;
    return orientOutward([
      [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y0, z1],
        [x0, y0, z1],
      ],
      [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y1, zm],
        [x0, y1, zm],
      ],
      [
        [x0, y0, z1],
        [x1, y0, z1],
        [x1, y1, zm],
        [x0, y1, zm],
      ],
      [
        [x0, y0, z0],
        [x0, y0, z1],
        [x0, y1, zm],
      ],
      [
        [x1, y0, z0],
        [x1, y0, z1],
        [x1, y1, zm],
      ],
    ]);
  }
  const xm = (x0 + x1) / 2;
  return orientOutward([
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y0, z1],
      [x0, y0, z1],
    ],
    [
      [x0, y0, z0],
      [x0, y0, z1],
      [xm, y1, z1],
      [xm, y1, z0],
    ],
    [
      [x1, y0, z0],
      [x1, y0, z1],
      [xm, y1, z1],
      [xm, y1, z0],
    ],
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [xm, y1, z0],
    ],
    [
      [x0, y0, z1],
      [x1, y0, z1],
      [xm, y1, z1],
    ],
  ]);
}

/** Options of {@link frustum}. */
export interface FrustumOptions {
  /** Centre of the base on the ground plane: [x, z]. */
  at?: [number, number];
  y0: number;
  y1: number;
  /** Radius at y0 and at y1; a top radius of 0 makes a cone (or pyramid). */
  r0: number;
  r1: number;
  sides: number;
  /** Rotation of the polygon about Y, in radians (breaks up repeated silhouettes). */
  twist?: number;
  /** Horizontal shift of the top ring: leaning trunks, slumped rocks. */
  lean?: [number, number];
}

/** An n-sided frustum, prism (r0 = r1), or cone/pyramid (r1 = 0). */
export function frustum(o: FrustumOptions): Face[] {
  const [cx, cz] = o.at ?? [0, 0];
  const [lx, lz] = o.lean ?? [0, 0];
  const twist = o.twist ?? 0;
  const ring = (y: number, r: number, dx: number, dz: number): Vec3[] =>
    Array.from({ length: o.sides }, (_, i): Vec3 => {
      const a = twist + (i / o.sides) * Math.PI * 2;
      return [cx + dx + r * Math.cos(a), y, cz + dz + r * Math.sin(a)];
    });
  const bottom = ring(o.y0, o.r0, 0, 0);
  const faces: Face[] = [bottom];
  if (o.r1 === 0) {
    const apex: Vec3 = [cx + lx, o.y1, cz + lz];
    bottom.forEach((p, i) => faces.push([p, bottom[(i + 1) % o.sides] ?? p, apex]));
  } else {
    const top = ring(o.y1, o.r1, lx, lz);
    faces.push(top);
    bottom.forEach((p, i) => {
      const j = (i + 1) % o.sides;
      faces.push([p, bottom[j] ?? p, top[j] ?? p, top[i] ?? p]);
    });
  }
  return orientOutward(faces);
}

/** Rotates faces about the vertical axis through `pivot` ([x, z]). */
export function rotateY(faces: Face[], radians: number, pivot: [number, number] = [0, 0]): Face[] {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  return faces.map((face) =>
    face.map(([x, y, z]): Vec3 => {
      const dx = x - pivot[0];
      const dz = z - pivot[1];
      return [pivot[0] + dx * c + dz * s, y, pivot[1] - dx * s + dz * c];
    }),
  );
}

/** A pyramid from a convex base polygon to an apex (anvil horns, fins, spikes). */
export function pyramid(base: Vec3[], apex: Vec3): Face[] {
  const faces: Face[] = [base];
  base.forEach((p, i) => faces.push([p, base[(i + 1) % base.length] ?? p, apex]));
  return orientOutward(faces);
}
