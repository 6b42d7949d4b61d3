/**
 * Many-legged, winged and squat NPC models: giant spider, cave bat, shore crab and marsh frog.
 * Bodies are faceted balls; legs are jointed pairs of beams. Heads face +Z.
 */
import type { Vec3 } from './glb';
import { box, pyramid } from './glb-shapes';
import { ball, beam, mirrorX, rotateZ, translate } from './glb-solids';
import type { ModelPart, ModelSpec } from './glb-write';
import { C, GLOW, cube, glow, pair, part, shadow } from './models-kit';
import type { Rgb } from './models-kit';

/**
 * Jointed legs on both sides: for each heading (radians from +Z towards +X) a thigh from the
 * hip up to the knee and a shin from the knee down to the ground, as two parts (one convex
 * solid each).
 */
function jointedLegs(
  color: Rgb,
  hip: { y: number; x: number; z: number },
  headings: number[],
  reach: number,
  kneeY: number,
  r: number,
): ModelPart[] {
  const parts: ModelPart[] = [];
  headings.forEach((heading, i) => {
    for (const [side, label] of [
      [-1, 'left'],
      [1, 'right'],
    ] as const) {
      const dx = side * Math.sin(heading);
      const dz = Math.cos(heading);
      const h: Vec3 = [side * hip.x, hip.y, hip.z + dz * 0.1];
      const knee: Vec3 = [h[0] + dx * reach * 0.45, kneeY, h[2] + dz * reach * 0.45];
      const foot: Vec3 = [h[0] + dx * reach, 0, h[2] + dz * reach];
      parts.push(part(`leg_${i}_${label}_upper`, color, beam(h, knee, { r })));
      parts.push(part(`leg_${i}_${label}_lower`, color, beam(knee, foot, { r, r1: r * 0.6 })));
    }
  });
  return parts;
}

const spiderBody: Rgb = [0.16, 0.13, 0.12];
const crabShell: Rgb = [0.78, 0.3, 0.14];
const frogSkin: Rgb = [0.3, 0.5, 0.2];

/** A bat wing: an inner panel raised from the body and an outer panel drooping to the tip. */
function batWing(side: 1 | -1, label: string): ModelPart[] {
  const membrane: Rgb = [0.22, 0.16, 0.14];
  const inner = translate(rotateZ(box([0.05, -0.012, -0.13], [0.32, 0.012, 0.1]), 0.4), [0, 1.1, 0]);
  const outer = translate(
    rotateZ(box([0.28, -0.012, -0.11], [0.6, 0.012, 0.05]), -0.2, [0.3, 0]),
    [0, 1.21, 0],
  );
  const flip = (faces: typeof inner): typeof inner => (side === 1 ? faces : mirrorX(faces));
  return [
    part(`wing_inner_${label}`, membrane, flip(inner)),
    part(`wing_outer_${label}`, membrane, flip(outer)),
  ];
}

/** Critters of the default world (npcs.json `model` fields). */
export const CRITTER_MODELS: readonly ModelSpec[] = [
  {
    name: 'giant_spider',
    parts: [
      part('abdomen', spiderBody, ball({ at: [0, 0.6, -0.4], r: [0.36, 0.3, 0.42], sides: 8, bands: 4 })),
      part('marking', C.red, ball({ at: [0, 0.88, -0.42], r: [0.1, 0.04, 0.16], sides: 6 })),
      part('thorax', spiderBody, ball({ at: [0, 0.48, 0.18], r: [0.22, 0.16, 0.25], sides: 8 })),
      ...[-0.07, 0.07, -0.15, 0.15].map((x, i) =>
        glow(`eye_${i}`, GLOW.eyeRed, cube([x, i < 2 ? 0.58 : 0.54, 0.38], 0.025)),
      ),
      ...pair((side, label) =>
        part(
          `fang_${label}`,
          C.bone,
          pyramid(
            [
              [side * 0.04, 0.42, 0.36],
              [side * 0.1, 0.42, 0.36],
              [side * 0.1, 0.42, 0.42],
              [side * 0.04, 0.42, 0.42],
            ],
            [side * 0.07, 0.3, 0.44],
          ),
        ),
      ),
      ...jointedLegs(spiderBody, { y: 0.48, x: 0.16, z: 0.18 }, [0.5, 1.2, 1.9, 2.6], 0.95, 0.85, 0.045),
    ],
  },
  {
    name: 'cave_bat',
    parts: [
      shadow(0.25),
      part('body', [0.3, 0.22, 0.18], ball({ at: [0, 1.1, 0], r: [0.09, 0.13, 0.09], sides: 6 })),
      part('head', [0.3, 0.22, 0.18], cube([0, 1.27, 0.03], 0.065)),
      ...pair((side, label) =>
        part(
          `ear_${label}`,
          [0.3, 0.22, 0.18],
          pyramid(
            [
              [side * 0.02, 1.33, 0.0],
              [side * 0.065, 1.33, 0.0],
              [side * 0.065, 1.33, 0.05],
              [side * 0.02, 1.33, 0.05],
            ],
            [side * 0.06, 1.44, 0.02],
          ),
        ),
      ),
      ...pair((side, label) =>
        part(`eye_${label}`, C.red, box([side * 0.02, 1.28, 0.095], [side * 0.045, 1.3, 0.1])),
      ),
      ...pair((side, label) =>
        part(`fang_${label}`, C.white, box([side * 0.01, 1.21, 0.085], [side * 0.025, 1.235, 0.095])),
      ),
      ...batWing(-1, 'left'),
      ...batWing(1, 'right'),
    ],
  },
  {
    name: 'shore_crab',
    parts: [
      part('shell', crabShell, ball({ at: [0, 0.24, 0], r: [0.34, 0.13, 0.26], sides: 8, bands: 4 })),
      part('belly', [0.9, 0.7, 0.5], ball({ at: [0, 0.18, 0], r: [0.28, 0.08, 0.2], sides: 8 })),
      ...jointedLegs(crabShell, { y: 0.2, x: 0.22, z: -0.05 }, [1.35, 1.75, 2.15], 0.55, 0.3, 0.035),
      ...pair((side, label) =>
        part(
          `arm_${label}`,
          crabShell,
          beam([side * 0.2, 0.22, 0.18], [side * 0.32, 0.25, 0.42], { r: 0.05 }),
        ),
      ),
      ...pair((side, label) =>
        part(
          `claw_${label}`,
          crabShell,
          ball({ at: [side * 0.34, 0.27, 0.52], r: [0.09, 0.07, 0.12], sides: 6 }),
        ),
      ),
      ...pair((side, label) =>
        part(
          `pincer_${label}`,
          crabShell,
          beam([side * 0.3, 0.3, 0.6], [side * 0.27, 0.3, 0.72], { r: 0.03, r1: 0.012 }),
        ),
      ),
      ...pair((side, label) =>
        part(
          `stalk_${label}`,
          crabShell,
          beam([side * 0.07, 0.33, 0.2], [side * 0.09, 0.45, 0.24], { r: 0.018 }),
        ),
      ),
      ...pair((side, label) => part(`eye_${label}`, C.black, cube([side * 0.09, 0.47, 0.245], 0.03))),
    ],
  },
  {
    name: 'marsh_frog',
    parts: [
      part('body', frogSkin, ball({ at: [0, 0.36, -0.02], r: [0.4, 0.32, 0.45], sides: 8, bands: 4 })),
      part('belly', [0.75, 0.75, 0.45], ball({ at: [0, 0.32, 0.12], r: [0.3, 0.24, 0.34], sides: 8 })),
      part('spot', C.green, ball({ at: [0.12, 0.66, -0.18], r: [0.1, 0.03, 0.12], sides: 6 })),
      ...pair((side, label) =>
        part(
          `thigh_${label}`,
          frogSkin,
          ball({ at: [side * 0.36, 0.2, -0.22], r: [0.14, 0.16, 0.26], sides: 6 }),
        ),
      ),
      ...pair((side, label) =>
        part(`hind_foot_${label}`, frogSkin, box([side * 0.32, 0, -0.05], [side * 0.55, 0.04, 0.2])),
      ),
      ...pair((side, label) =>
        part(`arm_${label}`, frogSkin, beam([side * 0.22, 0.3, 0.3], [side * 0.28, 0, 0.42], { r: 0.06 })),
      ),
      ...pair((side, label) =>
        part(`eye_${label}`, [0.85, 0.75, 0.2], ball({ at: [side * 0.2, 0.62, 0.22], r: 0.1, sides: 6 })),
      ),
      ...pair((side, label) => part(`pupil_${label}`, C.black, cube([side * 0.21, 0.65, 0.31], 0.025))),
      part('mouth', [0.12, 0.2, 0.08], box([-0.25, 0.3, 0.4], [0.25, 0.32, 0.43])),
    ],
  },
];
