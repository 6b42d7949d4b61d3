/**
 * Gathering resource models (resources.json): the trees and their stump, rocks and their
 * depleted rubble, and fishing spots.
 */
import type { Vec3 } from './glb';
import { box, frustum } from './glb-shapes';
import { ball, beam } from './glb-solids';
import type { ModelSpec } from './glb-write';
import { C, GLOW, glow, part } from './models-kit';
import type { Rgb } from './models-kit';

const MAPLE: Rgb = [0.75, 0.25, 0.08];
const MAPLE_LIGHT: Rgb = [0.88, 0.45, 0.1];
const MAPLE_DARK: Rgb = [0.6, 0.14, 0.07];
const YEW: Rgb = [0.08, 0.22, 0.1];
const MAGIC_BARK: Rgb = [0.72, 0.76, 0.8];
const MAGIC_LEAF: Rgb = [0.2, 0.6, 0.62];
const SPENT_STONE: Rgb = [0.36, 0.36, 0.38];

/** Three roots spreading from a trunk base of radius `r`. */
const roots = (r: number): ReturnType<typeof part>[] =>
  [0.4, 2.5, 4.4].map((a, i) => {
    const out: Vec3 = [Math.cos(a), 0, Math.sin(a)];
    return part(
      `root_${i}`,
      C.bark,
      beam([out[0] * r * 0.5, 0.15, out[2] * r * 0.5], [out[0] * (r + 0.25), 0.04, out[2] * (r + 0.25)], {
        r: 0.06,
        r1: 0.03,
      }),
    );
  });

/** Resource nodes of the default world. */

/** The plain rock's parts (shared by every ore rock). */
function rockParts(): ModelSpec['parts'] {
  return [
    part(
      'boulder',
      C.stone,
      frustum({ y0: 0, y1: 0.55, r0: 0.48, r1: 0.28, sides: 6, twist: 0.3, lean: [0.05, -0.04] }),
    ),
    part(
      'cap',
      C.stone,
      frustum({ at: [0.05, -0.04], y0: 0.55, y1: 0.7, r0: 0.28, r1: 0, sides: 6, twist: 0.3 }),
    ),
    part('pebble', C.darkStone, frustum({ at: [0.25, 0.2], y0: 0, y1: 0.3, r0: 0.18, r1: 0.1, sides: 5 })),
  ];
}

/** Where the ore veins sit on the boulder: angle around it, height, nugget size. */
const VEINS: readonly (readonly [number, number, number])[] = [
  [0.3, 0.18, 0.09],
  [1.5, 0.36, 0.075],
  [2.6, 0.12, 0.085],
  [3.7, 0.42, 0.07],
  [4.7, 0.24, 0.09],
  [5.6, 0.5, 0.06],
];

/** A rock with ore nuggets of `vein` colour set into its faces (each ore looks different). */
function oreRock(name: string, vein: Rgb): ModelSpec {
  return {
    name,
    parts: [
      ...rockParts(),
      ...VEINS.map(([angle, y, r], i) => {
        // Boulder radius at height y (frustum 0.48 -> 0.28 over 0.55), nuggets half sunk into it.
        const radius = 0.48 - (0.2 * y) / 0.55 - r * 0.35;
        const at: Vec3 = [Math.cos(angle) * radius, y, Math.sin(angle) * radius];
        return part(`vein_${i}`, vein, ball({ at, r, sides: 5, bands: 3, twist: angle }));
      }),
    ],
  };
}

/** Ore colours of the mining rocks (resources.json `<ore>_rock`). */
const ORES: readonly (readonly [string, Rgb])[] = [
  ['copper_rock', [0.8, 0.45, 0.2]],
  ['tin_rock', [0.78, 0.78, 0.74]],
  ['iron_rock', [0.52, 0.24, 0.16]],
  ['silver_rock', [0.9, 0.92, 0.95]],
  ['coal_rock', [0.06, 0.06, 0.07]],
  ['gold_rock', [0.98, 0.78, 0.12]],
  ['mithril_rock', [0.28, 0.34, 0.75]],
  ['adamantite_rock', [0.2, 0.52, 0.3]],
  ['runite_rock', [0.3, 0.75, 0.85]],
];

export const RESOURCE_MODELS: readonly ModelSpec[] = [
  {
    name: 'tree',
    parts: [
      part('trunk', C.bark, frustum({ y0: 0, y1: 1.4, r0: 0.16, r1: 0.11, sides: 6 })),
      part('canopy_low', C.leaf, frustum({ y0: 0.9, y1: 2.6, r0: 0.48, r1: 0, sides: 7 })),
      part('canopy_high', C.leaf, frustum({ y0: 1.8, y1: 3.2, r0: 0.38, r1: 0, sides: 7, twist: 0.45 })),
    ],
  },
  {
    name: 'oak_tree',
    parts: [
      part('trunk', C.bark, frustum({ y0: 0, y1: 1.6, r0: 0.3, r1: 0.22, sides: 7 })),
      part('crown_low', C.oakLeaf, frustum({ y0: 1.3, y1: 2.2, r0: 0.6, r1: 0.95, sides: 8 })),
      part('crown_mid', C.oakLeaf, frustum({ y0: 2.2, y1: 3.2, r0: 0.95, r1: 0.5, sides: 8 })),
      part('crown_cap', C.oakLeaf, frustum({ y0: 3.2, y1: 3.5, r0: 0.5, r1: 0, sides: 8 })),
    ],
  },
  {
    name: 'willow_tree',
    parts: [
      part('trunk', C.bark, frustum({ y0: 0, y1: 2.1, r0: 0.22, r1: 0.14, sides: 6, lean: [0.1, 0] })),
      part('curtain', C.willowLeaf, frustum({ y0: 0.7, y1: 2.3, r0: 0.95, r1: 0.85, sides: 9 })),
      part('crown', C.willowLeaf, frustum({ y0: 2.3, y1: 3.0, r0: 0.85, r1: 0.35, sides: 9 })),
    ],
  },
  {
    name: 'rock',
    parts: rockParts(),
  },
  {
    name: 'fishing_spot',
    parts: [
      part('water', [0.15, 0.4, 0.75, 0.6], frustum({ y0: 0, y1: 0.02, r0: 0.45, r1: 0.45, sides: 10 })),
      part(
        'ripple_a',
        C.foam,
        frustum({ at: [-0.15, 0.1], y0: 0.02, y1: 0.03, r0: 0.12, r1: 0.12, sides: 8 }),
      ),
      part(
        'ripple_b',
        C.foam,
        frustum({ at: [0.18, -0.12], y0: 0.02, y1: 0.03, r0: 0.08, r1: 0.08, sides: 8 }),
      ),
      part('bubble', C.foam, box([0.02, 0.03, 0.15], [0.08, 0.09, 0.21])),
    ],
  },
  {
    name: 'maple_tree',
    parts: [
      part('trunk', C.bark, frustum({ y0: 0, y1: 1.6, r0: 0.2, r1: 0.13, sides: 6 })),
      part('crown', MAPLE, ball({ at: [0, 2.3, 0], r: [0.8, 0.7, 0.8], sides: 8, bands: 4 })),
      part('crown_light', MAPLE_LIGHT, ball({ at: [0.3, 2.75, 0.2], r: 0.45, sides: 7, twist: 0.3 })),
      part('crown_dark', MAPLE_DARK, ball({ at: [-0.35, 2.0, -0.25], r: 0.5, sides: 7, twist: 0.6 })),
    ],
  },
  {
    name: 'yew_tree',
    parts: [
      part('trunk', C.darkWood, frustum({ y0: 0, y1: 1.3, r0: 0.34, r1: 0.26, sides: 7 })),
      ...roots(0.3),
      part('crown_low', YEW, frustum({ y0: 1.0, y1: 2.1, r0: 0.75, r1: 0.95, sides: 9 })),
      part('crown_mid', YEW, frustum({ y0: 2.1, y1: 3.0, r0: 0.95, r1: 0.6, sides: 9, twist: 0.2 })),
      part('crown_cap', YEW, frustum({ y0: 3.0, y1: 3.4, r0: 0.6, r1: 0, sides: 9, twist: 0.2 })),
      ...[
        [0.72, 1.75, 0.52],
        [-0.82, 2.3, 0.38],
        [0.12, 2.55, -0.9],
      ].map(([x = 0, y = 0, z = 0], i) =>
        part(`berry_${i}`, C.red, ball({ at: [x, y, z], r: 0.1, sides: 5, bands: 2 })),
      ),
    ],
  },
  {
    name: 'magic_tree',
    parts: [
      part(
        'trunk',
        MAGIC_BARK,
        frustum({ y0: 0, y1: 1.7, r0: 0.22, r1: 0.12, sides: 6, twist: 0.3 }),
        [0.08, 0.16, 0.2],
      ),
      part(
        'crown_low',
        MAGIC_LEAF,
        frustum({ y0: 1.2, y1: 2.4, r0: 0.9, r1: 0.7, sides: 6 }),
        [0.05, 0.2, 0.2],
      ),
      part(
        'crown_high',
        MAGIC_LEAF,
        frustum({ y0: 2.4, y1: 3.6, r0: 0.7, r1: 0, sides: 6, twist: 0.5 }),
        [0.05, 0.2, 0.2],
      ),
      ...[
        [0.75, 1.9, 0.3],
        [-0.5, 2.6, 0.45],
        [0.2, 3.1, -0.3],
        [-0.6, 1.7, -0.5],
      ].map(([x = 0, y = 0, z = 0], i) =>
        glow(`sparkle_${i}`, GLOW.magic, ball({ at: [x, y, z], r: 0.06, sides: 4, bands: 2 })),
      ),
    ],
  },
  {
    name: 'tree_stump',
    parts: [
      part('stump', C.bark, frustum({ y0: 0, y1: 0.35, r0: 0.3, r1: 0.25, sides: 7 })),
      part('cut', C.paleWood, frustum({ y0: 0.35, y1: 0.37, r0: 0.24, r1: 0.23, sides: 7 })),
      ...roots(0.3),
    ],
  },
  {
    name: 'rock_depleted',
    parts: [
      part(
        'rubble',
        SPENT_STONE,
        frustum({ y0: 0, y1: 0.2, r0: 0.44, r1: 0.3, sides: 6, twist: 0.3, lean: [0.03, -0.02] }),
      ),
      part(
        'chip_a',
        C.darkStone,
        frustum({ at: [0.3, 0.22], y0: 0, y1: 0.12, r0: 0.12, r1: 0.05, sides: 5 }),
      ),
      part(
        'chip_b',
        C.darkStone,
        frustum({ at: [-0.28, -0.25], y0: 0, y1: 0.09, r0: 0.1, r1: 0.04, sides: 5, twist: 0.5 }),
      ),
    ],
  },
  ...ORES.map(([name, vein]) => oreRock(name, vein)),
];
