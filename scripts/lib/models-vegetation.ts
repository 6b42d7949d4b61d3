/**
 * Decorative vegetation models (vegetation.json): grass, flowers, ferns, bushes, reeds,
 * mushrooms, boulders, saplings, dead shrubs and sea grass. All fit well inside one tile so
 * the world's random scaling (up to about 1.6) still does.
 */
import type { Vec3 } from './glb';
import { frustum } from './glb-shapes';
import { ball, beam } from './glb-solids';
import type { ModelPart, ModelSpec } from './glb-write';
import { C, GLOW, glow, part } from './models-kit';
import type { Rgb } from './models-kit';

const GRASS: Rgb = [0.3, 0.55, 0.18];
const GRASS_DARK: Rgb = [0.22, 0.45, 0.14];
const FERN: Rgb = [0.18, 0.48, 0.16];
const STEM: Rgb = [0.25, 0.42, 0.15];
const REED: Rgb = [0.45, 0.55, 0.25];
const DEAD: Rgb = [0.42, 0.36, 0.3];
const SEA_GRASS: Rgb = [0.15, 0.45, 0.35];
const PINE: Rgb = [0.1, 0.32, 0.16];

/** `count` points on a circle of radius `r`, starting at angle `start`. */
const around = (count: number, r: number, start = 0): [number, number][] =>
  Array.from({ length: count }, (_, i) => {
    const a = start + (i / count) * Math.PI * 2;
    return [r * Math.cos(a), r * Math.sin(a)];
  });

/** A thin blade or frond from the ground, leaning outwards from the centre by `lean`. */
function blade(
  name: string,
  color: Rgb,
  at: [number, number],
  height: number,
  lean: number,
  r = 0.03,
): ModelPart {
  const len = Math.hypot(at[0], at[1]) || 1;
  return part(
    name,
    color,
    frustum({
      at,
      y0: 0,
      y1: height,
      r0: r,
      r1: 0,
      sides: 3,
      lean: [(at[0] / len) * lean, (at[1] / len) * lean],
    }),
  );
}

/** A mushroom: a stem and a conical cap. */
function mushroom(name: string, at: [number, number], h: number, cap: Rgb, glowing: boolean): ModelPart[] {
  const capFaces = frustum({ at, y0: h * 0.7, y1: h * 1.1, r0: h * 0.55, r1: h * 0.08, sides: 7 });
  return [
    part(`${name}_stem`, C.white, frustum({ at, y0: 0, y1: h * 0.75, r0: h * 0.14, r1: h * 0.11, sides: 5 })),
    glowing ? glow(`${name}_cap`, cap, capFaces) : part(`${name}_cap`, cap, capFaces),
  ];
}

/** Vegetation of the default world. */
export const VEGETATION_MODELS: readonly ModelSpec[] = [
  {
    name: 'veg_grass_tuft',
    parts: around(6, 0.08, 0.3).map((at, i) =>
      blade(`blade_${i}`, i % 2 ? GRASS : GRASS_DARK, at, 0.28 + (i % 3) * 0.06, 0.1),
    ),
  },
  {
    name: 'veg_wildflowers',
    parts: [
      ...around(5, 0.06, 0.7).map((at, i) => blade(`leaf_${i}`, STEM, at, 0.16, 0.14, 0.035)),
      ...(
        [
          [
            [0.12, 0.05],
            [0.95, 0.85, 0.2],
          ],
          [
            [-0.1, 0.1],
            [0.95, 0.95, 0.95],
          ],
          [
            [0.02, -0.14],
            [0.6, 0.3, 0.8],
          ],
          [
            [-0.14, -0.06],
            [0.9, 0.3, 0.35],
          ],
        ] as const
      ).flatMap(([[x, z], color], i) => {
        const top: Vec3 = [x * 1.2, 0.3 + (i % 2) * 0.06, z * 1.2];
        return [
          part(`stem_${i}`, STEM, beam([x, 0.04, z], top, { r: 0.012 })),
          part(`flower_${i}`, [...color], ball({ at: top, r: 0.05, sides: 5, bands: 2 })),
        ];
      }),
    ],
  },
  {
    name: 'veg_fern',
    parts: around(7, 0.05).map((at, i) => blade(`frond_${i}`, FERN, at, 0.3 + (i % 2) * 0.08, 0.32, 0.05)),
  },
  {
    name: 'veg_berry_bush',
    parts: [
      part('bush', C.leaf, ball({ at: [0, 0.32, 0], r: [0.38, 0.32, 0.36], sides: 7, bands: 4 })),
      part('bush_top', GRASS_DARK, ball({ at: [0.08, 0.52, -0.05], r: 0.22, sides: 6, twist: 0.4 })),
      ...(
        [
          [0.3, 0.38, 0.2],
          [-0.25, 0.45, 0.22],
          [0.05, 0.3, 0.36],
          [-0.33, 0.28, -0.1],
          [0.22, 0.5, -0.22],
          [-0.05, 0.62, 0.12],
        ] as const
      ).map(([x, y, z], i) =>
        part(`berry_${i}`, [0.7, 0.08, 0.2], ball({ at: [x, y, z], r: 0.045, sides: 4, bands: 2 })),
      ),
    ],
  },
  {
    name: 'veg_reeds',
    parts: around(6, 0.1, 0.5).flatMap(([x, z], i) => {
      const top: Vec3 = [x * 1.6, 0.8 + (i % 3) * 0.15, z * 1.6];
      const stem = part(`reed_${i}`, REED, beam([x, 0, z], top, { r: 0.015, r1: 0.01 }));
      if (i % 2) return [stem];
      const head: Vec3 = [x + (top[0] - x) * 0.8, top[1] * 0.8, z + (top[2] - z) * 0.8];
      return [
        stem,
        part(`cattail_${i}`, C.leather, beam(head, [top[0], top[1] - 0.04, top[2]], { r: 0.035 })),
      ];
    }),
  },
  {
    name: 'veg_toadstools',
    parts: [
      ...mushroom('big', [0.05, 0], 0.3, C.red, false),
      ...mushroom('mid', [-0.16, 0.1], 0.2, C.red, false),
      ...mushroom('small', [0.12, -0.16], 0.13, C.red, false),
      part('spot_a', C.white, ball({ at: [0.1, 0.29, 0.06], r: 0.025, sides: 4, bands: 2 })),
      part('spot_b', C.white, ball({ at: [-0.04, 0.28, -0.06], r: 0.02, sides: 4, bands: 2 })),
    ],
  },
  {
    name: 'veg_small_boulder',
    parts: [
      part(
        'boulder',
        C.stone,
        frustum({ y0: 0, y1: 0.26, r0: 0.3, r1: 0.2, sides: 6, twist: 0.5, lean: [0.03, 0.02] }),
      ),
      part(
        'cap',
        C.stone,
        frustum({ at: [0.03, 0.02], y0: 0.26, y1: 0.34, r0: 0.2, r1: 0, sides: 6, twist: 0.5 }),
      ),
      part('moss', C.moss, frustum({ at: [-0.12, 0.1], y0: 0, y1: 0.08, r0: 0.12, r1: 0.08, sides: 5 })),
    ],
  },
  {
    name: 'veg_pine_sapling',
    parts: [
      part('trunk', C.bark, frustum({ y0: 0, y1: 0.3, r0: 0.04, r1: 0.03, sides: 5 })),
      part('tier_low', PINE, frustum({ y0: 0.15, y1: 0.55, r0: 0.26, r1: 0, sides: 7 })),
      part('tier_mid', PINE, frustum({ y0: 0.4, y1: 0.75, r0: 0.2, r1: 0, sides: 7, twist: 0.4 })),
      part('tier_top', PINE, frustum({ y0: 0.62, y1: 0.92, r0: 0.13, r1: 0, sides: 7, twist: 0.8 })),
    ],
  },
  {
    name: 'veg_dead_shrub',
    parts: around(5, 0.2, 0.2).flatMap(([x, z], i) => {
      const tip: Vec3 = [x, 0.35 + (i % 2) * 0.12, z];
      const fork: Vec3 = [x * 0.55, tip[1] * 0.6, z * 0.55];
      return [
        part(`twig_${i}`, DEAD, beam([0, 0, 0], tip, { r: 0.025, r1: 0.01 })),
        part(
          `fork_${i}`,
          DEAD,
          beam(fork, [fork[0] - z * 0.5, tip[1] * 0.85, fork[2] + x * 0.5], { r: 0.012, r1: 0.006 }),
        ),
      ];
    }),
  },
  {
    name: 'veg_cave_mushroom',
    parts: [
      ...mushroom('big', [0, 0.02], 0.34, GLOW.spirit, true),
      ...mushroom('mid', [0.17, -0.1], 0.22, GLOW.magic, true),
      ...mushroom('small', [-0.15, -0.12], 0.15, GLOW.spirit, true),
    ],
  },
  {
    name: 'veg_sea_grass',
    parts: around(5, 0.08, 0.9).flatMap(([x, z], i) => {
      const mid: Vec3 = [x * 2, 0.25 + (i % 2) * 0.05, z * 2];
      const top: Vec3 = [x * 1.2 - z * 0.6, 0.5 + (i % 3) * 0.07, z * 1.2 + x * 0.6];
      return [
        part(`strand_${i}_low`, SEA_GRASS, beam([x, 0, z], mid, { r: 0.025, r1: 0.02 })),
        part(`strand_${i}_high`, SEA_GRASS, beam(mid, top, { r: 0.02, r1: 0.008 })),
      ];
    }),
  },
];
