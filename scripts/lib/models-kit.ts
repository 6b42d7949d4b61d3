/**
 * Shared palette and small helpers of the model catalogues (scripts/lib/models-*.ts), so every
 * model uses the same handful of colours and the catalogues stay declarative.
 */
import type { Vec3 } from './glb';
import type { Face } from './glb-shapes';
import { box, frustum } from './glb-shapes';
import { beam } from './glb-solids';
import type { ModelPart, ModelSpec } from './glb-write';

/** Linear RGB, each 0..1. */
export type Rgb = [number, number, number];

/** The palette: one entry per material look, reused across models. */
export const C = {
  wood: [0.36, 0.2, 0.09],
  darkWood: [0.2, 0.11, 0.05],
  paleWood: [0.62, 0.47, 0.3],
  bark: [0.28, 0.18, 0.1],
  stone: [0.45, 0.45, 0.47],
  darkStone: [0.28, 0.28, 0.3],
  paleStone: [0.72, 0.7, 0.66],
  iron: [0.22, 0.23, 0.25],
  steel: [0.55, 0.57, 0.6],
  gold: [0.9, 0.68, 0.18],
  leaf: [0.16, 0.45, 0.14],
  oakLeaf: [0.2, 0.36, 0.09],
  willowLeaf: [0.45, 0.62, 0.26],
  cloth: [0.4, 0.14, 0.5],
  plaster: [0.85, 0.8, 0.68],
  roofRed: [0.6, 0.16, 0.1],
  thatch: [0.72, 0.58, 0.3],
  glass: [0.2, 0.32, 0.45],
  foam: [0.86, 0.93, 1],
  black: [0.04, 0.04, 0.05],
  white: [0.92, 0.9, 0.86],
  bone: [0.86, 0.83, 0.72],
  skin: [0.87, 0.64, 0.5],
  hair: [0.3, 0.18, 0.08],
  goblin: [0.35, 0.55, 0.18],
  zombie: [0.45, 0.55, 0.4],
  leather: [0.42, 0.27, 0.14],
  canvas: [0.6, 0.52, 0.38],
  blue: [0.18, 0.27, 0.55],
  red: [0.7, 0.12, 0.1],
  green: [0.2, 0.4, 0.18],
  grey: [0.5, 0.5, 0.5],
  fur: [0.45, 0.43, 0.42],
  darkFur: [0.2, 0.19, 0.2],
  pink: [0.9, 0.6, 0.6],
  mud: [0.4, 0.3, 0.18],
  moss: [0.3, 0.4, 0.18],
  hay: [0.85, 0.74, 0.35],
  barnRed: [0.55, 0.13, 0.1],
  sea: [0.12, 0.36, 0.5],
} satisfies Record<string, Rgb>;

/** Emissive colours: flames, coals, glowing eyes and magic. */
export const GLOW = {
  flame: [1, 0.42, 0.05],
  ember: [1, 0.75, 0.2],
  eyeRed: [1, 0.1, 0.05],
  magic: [0.3, 0.95, 0.9],
  spirit: [0.45, 0.6, 1],
} satisfies Record<string, Rgb>;

/** One coloured solid of a model; `emissive` makes it glow. */
export const part = (name: string, color: ModelPart['color'], faces: Face[], emissive?: Rgb): ModelPart =>
  emissive ? { name, color, faces, emissive } : { name, color, faces };

/** A cube of half-size `r` centred on `c` (eyes, hands, lumps). */
export const cube = (c: Vec3, r: number): Face[] =>
  box([c[0] - r, c[1] - r, c[2] - r], [c[0] + r, c[1] + r, c[2] + r]);

/** A glowing part whose base colour is its emission. */
export const glow = (name: string, color: Rgb, faces: Face[]): ModelPart => part(name, color, faces, color);

/** A soft blob shadow on the ground: flying creatures still stand on y = 0 and show where they are. */
export const shadow = (radius: number): ModelPart =>
  part('shadow', [0.02, 0.02, 0.03, 0.35], frustum({ y0: 0, y1: 0.01, r0: radius, r1: radius, sides: 8 }));

/** Both `(x, ...)` and `(-x, ...)` copies of a part builder: left and right limbs, ears, eyes. */
export function pair(build: (side: 1 | -1, label: 'left' | 'right') => ModelPart): ModelPart[] {
  return [build(-1, 'left'), build(1, 'right')];
}

/** `[x, y, z]` with x flipped by `side`. */
export const sx = (side: 1 | -1, [x, y, z]: Vec3): Vec3 => [x * side, y, z];

/**
 * The model moved up or down so its lowest point is exactly y = 0: slanted legs end with a
 * tilted cross-section that dips a little below their foot point, and models must stand on
 * the ground. Models already on the ground are returned unchanged.
 */
export function grounded(spec: ModelSpec): ModelSpec {
  let minY = Infinity;
  for (const p of spec.parts) for (const face of p.faces) for (const v of face) minY = Math.min(minY, v[1]);
  if (minY === 0 || !Number.isFinite(minY)) return spec;
  return {
    ...spec,
    parts: spec.parts.map((p) => ({
      ...p,
      faces: p.faces.map((face) => face.map(([x, y, z]): Vec3 => [x, y - minY, z])),
    })),
  };
}

/**
 * A ladder between `bottom` and `top` (centre points of its foot and head): two rails and a
 * rung every `spacing` units.
 */
export function ladder(bottom: Vec3, top: Vec3, halfWidth: number, spacing: number): ModelPart[] {
  const at = (t: number, side: number): Vec3 => [
    bottom[0] + (top[0] - bottom[0]) * t + side * halfWidth,
    bottom[1] + (top[1] - bottom[1]) * t,
    bottom[2] + (top[2] - bottom[2]) * t,
  ];
  const rungs = Math.floor((top[1] - bottom[1]) / spacing);
  return [
    part('rail_left', C.wood, beam(at(0, -1), at(1, -1), { r: 0.045 })),
    part('rail_right', C.wood, beam(at(0, 1), at(1, 1), { r: 0.045 })),
    ...Array.from({ length: rungs }, (_, i) => {
      const t = (i + 0.6) / (rungs + 0.2);
      return part(`rung_${i}`, C.paleWood, beam(at(t, -1), at(t, 1), { r: 0.028 }));
    }),
  ];
}
