/**
 * Four-legged and farmyard NPC models: cow, chicken, giant rat, wolf and dire wolf. Bodies
 * are boxes and faceted balls, legs are beams; the head is always towards +Z.
 */
import type { Vec3 } from './glb';
import { box, pyramid } from './glb-shapes';
import { ball, beam } from './glb-solids';
import type { ModelPart, ModelSpec } from './glb-write';
import { C, GLOW, cube, pair, part } from './models-kit';
import type { Rgb } from './models-kit';

const scaled = (v: Vec3, k: number): Vec3 => [v[0] * k, v[1] * k, v[2] * k];

/** Four straight legs from the body down to the ground (front pair at `zFront`, back at `zBack`). */
function legs(color: Rgb, x: number, zFront: number, zBack: number, top: number, r: number): ModelPart[] {
  return [zFront, zBack].flatMap((z, i) =>
    pair((side, label) =>
      part(
        `leg_${i === 0 ? 'front' : 'back'}_${label}`,
        color,
        beam([side * x, 0, z], [side * x, top, z], { r }),
      ),
    ),
  );
}

/** A wolf scaled by `k`: lean body, pointed ears and snout, bushy tail. */
function wolf(name: string, k: number, fur: Rgb, dark: Rgb, eyes: Rgb, glowing: boolean): ModelSpec {
  const s = (v: Vec3): Vec3 => scaled(v, k);
  return {
    name,
    parts: [
      part('body', fur, box(s([-0.16, 0.42, -0.45]), s([0.16, 0.72, 0.32]))),
      part('chest', fur, ball({ at: s([0, 0.6, 0.28]), r: scaled([0.18, 0.18, 0.16], k), sides: 6 })),
      ...legs(dark, 0.1 * k, 0.22 * k, -0.35 * k, 0.5 * k, 0.07 * k),
      part('head', fur, box(s([-0.13, 0.64, 0.32]), s([0.13, 0.9, 0.56]))),
      part('snout', fur, box(s([-0.065, 0.64, 0.56]), s([0.065, 0.76, 0.74]))),
      part('nose', C.black, box(s([-0.03, 0.72, 0.73]), s([0.03, 0.77, 0.76]))),
      ...pair((side, label) =>
        part(
          `ear_${label}`,
          dark,
          pyramid(
            [
              s([side * 0.04, 0.9, 0.38]),
              s([side * 0.12, 0.9, 0.38]),
              s([side * 0.12, 0.9, 0.46]),
              s([side * 0.04, 0.9, 0.46]),
            ],
            s([side * 0.09, 1.04, 0.41]),
          ),
        ),
      ),
      ...pair((side, label) =>
        part(
          `eye_${label}`,
          eyes,
          box(s([side * 0.05, 0.8, 0.56]), s([side * 0.1, 0.84, 0.57])),
          glowing ? eyes : undefined,
        ),
      ),
      part(
        'tail',
        dark,
        beam(s([0, 0.66, -0.44]), s([0, 0.42, -0.82]), { r: 0.08 * k, r1: 0.035 * k, sides: 5 }),
      ),
    ],
  };
}

/** Beasts of the default world (npcs.json `model` fields). */
export const BEAST_MODELS: readonly ModelSpec[] = [
  {
    name: 'cow',
    parts: [
      part('body', C.white, box([-0.3, 0.55, -0.7], [0.3, 1.1, 0.55])),
      part('spot_left', C.black, box([-0.31, 0.7, -0.45], [-0.3, 1.0, -0.1])),
      part('spot_right', C.black, box([0.3, 0.65, 0.0], [0.31, 0.95, 0.35])),
      part('spot_back', C.black, box([-0.15, 1.1, -0.55], [0.18, 1.11, -0.25])),
      ...legs(C.white, 0.2, 0.38, -0.55, 0.58, 0.1),
      ...[0.38, -0.55].flatMap((z, i) =>
        pair((side, label) =>
          part(
            `hoof_${i}_${label}`,
            C.darkStone,
            box([side * 0.13, 0, z - 0.08], [side * 0.27, 0.08, z + 0.08]),
          ),
        ),
      ),
      part('udder', C.pink, box([-0.1, 0.44, -0.42], [0.1, 0.55, -0.2])),
      part('head', C.white, box([-0.17, 0.82, 0.5], [0.17, 1.18, 0.86])),
      part('muzzle', C.pink, box([-0.14, 0.82, 0.86], [0.14, 0.97, 0.95])),
      ...pair((side, label) =>
        part(
          `horn_${label}`,
          C.bone,
          beam([side * 0.12, 1.16, 0.66], [side * 0.3, 1.3, 0.62], { r: 0.035, r1: 0.015 }),
        ),
      ),
      ...pair((side, label) =>
        part(`ear_${label}`, C.black, box([side * 0.17, 1.04, 0.6], [side * 0.27, 1.09, 0.7])),
      ),
      ...pair((side, label) =>
        part(`eye_${label}`, C.black, box([side * 0.07, 1.05, 0.86], [side * 0.12, 1.09, 0.87])),
      ),
      part('tail', C.white, beam([0, 1.05, -0.7], [0, 0.6, -0.78], { r: 0.03 })),
      part('tail_tuft', C.black, cube([0, 0.56, -0.78], 0.05)),
    ],
  },
  {
    name: 'chicken',
    parts: [
      part('body', C.white, ball({ at: [0, 0.32, -0.02], r: [0.15, 0.14, 0.2], sides: 6 })),
      ...pair((side, label) =>
        part(
          `wing_${label}`,
          [0.85, 0.83, 0.78],
          ball({ at: [side * 0.14, 0.33, -0.04], r: [0.04, 0.09, 0.14], sides: 5 }),
        ),
      ),
      part(
        'tail',
        C.white,
        pyramid(
          [
            [-0.07, 0.3, -0.18],
            [0.07, 0.3, -0.18],
            [0.07, 0.42, -0.18],
            [-0.07, 0.42, -0.18],
          ],
          [0, 0.56, -0.3],
        ),
      ),
      part('head', C.white, box([-0.065, 0.42, 0.1], [0.065, 0.56, 0.23])),
      part('comb', C.red, box([-0.015, 0.56, 0.12], [0.015, 0.62, 0.22])),
      part('wattle', C.red, box([-0.02, 0.38, 0.2], [0.02, 0.44, 0.24])),
      part(
        'beak',
        C.gold,
        pyramid(
          [
            [-0.03, 0.46, 0.23],
            [0.03, 0.46, 0.23],
            [0.03, 0.51, 0.23],
            [-0.03, 0.51, 0.23],
          ],
          [0, 0.48, 0.31],
        ),
      ),
      ...pair((side, label) =>
        part(`eye_${label}`, C.black, box([side * 0.065, 0.5, 0.18], [side * 0.075, 0.53, 0.21])),
      ),
      ...pair((side, label) =>
        part(`leg_${label}`, C.gold, beam([side * 0.06, 0, 0.0], [side * 0.06, 0.22, -0.01], { r: 0.018 })),
      ),
      ...pair((side, label) =>
        part(`foot_${label}`, C.gold, box([side * 0.03, 0, -0.03], [side * 0.09, 0.015, 0.07])),
      ),
    ],
  },
  {
    name: 'giant_rat',
    parts: [
      part('body', [0.4, 0.34, 0.3], ball({ at: [0, 0.22, -0.05], r: [0.18, 0.16, 0.32], sides: 6 })),
      part('head', [0.4, 0.34, 0.3], beam([0, 0.25, 0.2], [0, 0.18, 0.5], { r: 0.13, r1: 0.035, sides: 6 })),
      part('nose', C.pink, cube([0, 0.18, 0.51], 0.025)),
      ...pair((side, label) =>
        part(`ear_${label}`, C.pink, box([side * 0.06, 0.3, 0.24], [side * 0.13, 0.38, 0.26])),
      ),
      ...pair((side, label) =>
        part(`eye_${label}`, C.black, box([side * 0.055, 0.27, 0.33], [side * 0.08, 0.3, 0.36])),
      ),
      ...[0.15, -0.22].flatMap((z, i) =>
        pair((side, label) =>
          part(`paw_${i}_${label}`, C.pink, box([side * 0.08, 0, z - 0.04], [side * 0.14, 0.1, z + 0.04])),
        ),
      ),
      part('tail', C.pink, beam([0, 0.16, -0.34], [0, 0.03, -0.85], { r: 0.03, r1: 0.012 })),
    ],
  },
  wolf('wolf', 1, C.fur, [0.35, 0.34, 0.33], [0.9, 0.75, 0.2], false),
  wolf('dire_wolf', 1.45, C.darkFur, [0.12, 0.11, 0.12], GLOW.eyeRed, true),
];
