/**
 * Outlying building models (buildings.json): watchtower, goblin hut, woodsman's cabin, fishing
 * hut, mine shed, market stall, pier, ruined keep and bandit tent. Like the town buildings,
 * each one's bounds times its `modelScale` round up to its declared footprint.
 */
import type { Vec3 } from './glb';
import { box, frustum, gable } from './glb-shapes';
import { ball, beam, slab, slopedSlab } from './glb-solids';
import type { ModelPart, ModelSpec } from './glb-write';
import { C, ladder, pair, part } from './models-kit';
import type { Rgb } from './models-kit';

const PLANK: Rgb = [0.45, 0.5, 0.52];
const BLEACHED: Rgb = [0.7, 0.65, 0.55];
const RUIN: Rgb = [0.38, 0.38, 0.4];
const NET: [number, number, number, number] = [0.85, 0.8, 0.6, 0.55];

/** Corner posts of a square tower, leaning in from `base` to `top` half-width. */
function towerLegs(base: number, top: number, height: number): ModelPart[] {
  return [-1, 1].flatMap((sxn) =>
    [-1, 1].map((szn) =>
      part(
        `leg_${sxn}_${szn}`,
        C.wood,
        beam([sxn * base, 0, szn * base], [sxn * top, height, szn * top], { r: 0.12 }),
      ),
    ),
  );
}

/** A horizontal log along x at height `y` and depth `z`. */
const log = (name: string, x: number, y: number, z: number): ModelPart =>
  part(name, C.wood, beam([-x, y, z], [x, y, z], { r: 0.13, sides: 6 }));

/** A lump of fallen masonry. */
const rubble = (name: string, at: [number, number], r: number): ModelPart =>
  part(name, C.darkStone, frustum({ at, y0: 0, y1: r * 0.8, r0: r, r1: r * 0.5, sides: 5, twist: at[0] }));

/** Buildings outside the towns. */
export const WILD_BUILDING_MODELS: readonly ModelSpec[] = [
  {
    // 3 x 3 tiles: four leaning legs, a railed platform, a pyramid roof and a ladder.
    name: 'watchtower',
    parts: [
      ...towerLegs(1.22, 0.95, 3.25),
      part('brace_a', C.darkWood, beam([-1.12, 0.4, 1.12], [1.0, 2.8, 1.0], { r: 0.06 })),
      part('brace_b', C.darkWood, beam([-1.12, 0.4, -1.12], [1.0, 2.8, -1.0], { r: 0.06 })),
      part('platform', C.wood, box([-1.25, 3.2, -1.25], [1.25, 3.4, 1.25])),
      part('rail_front', C.darkWood, box([-1.25, 3.4, 1.17], [1.25, 4.0, 1.25])),
      part('rail_back', C.darkWood, box([-1.25, 3.4, -1.25], [1.25, 4.0, -1.17])),
      part('rail_left', C.darkWood, box([-1.25, 3.4, -1.17], [-1.17, 4.0, 1.17])),
      part('rail_right', C.darkWood, box([1.17, 3.4, -1.17], [1.25, 4.0, 1.17])),
      ...[-1, 1].flatMap((sxn) =>
        [-1, 1].map((szn) =>
          part(
            `post_${sxn}_${szn}`,
            C.wood,
            beam([sxn * 1.15, 3.4, szn * 1.15], [sxn * 1.15, 4.7, szn * 1.15], { r: 0.07 }),
          ),
        ),
      ),
      part('roof', C.thatch, frustum({ y0: 4.6, y1: 5.7, r0: 2.05, r1: 0, sides: 4, twist: Math.PI / 4 })),
      ...ladder([0, 0.02, 1.38], [0, 3.3, 1.1], 0.22, 0.35),
    ],
  },
  {
    // 4 x 4 tiles: lopsided mud drum under a crooked stick cone, with a skull on a pole.
    name: 'goblin_hut',
    parts: [
      part(
        'walls',
        C.mud,
        frustum({ y0: 0, y1: 1.3, r0: 1.5, r1: 1.35, sides: 7, twist: 0.2, lean: [0.08, 0] }),
      ),
      part(
        'roof',
        C.thatch,
        frustum({ y0: 1.15, y1: 3.0, r0: 1.95, r1: 0, sides: 7, twist: 0.5, lean: [-0.25, 0.1] }),
      ),
      part('doorway', C.black, box([-0.35, 0, 1.28], [0.35, 0.95, 1.42])),
      ...[0.3, 2.4, 4.4].map((a, i) =>
        part(
          `stick_${i}`,
          C.darkWood,
          beam([-0.25, 2.6, 0.1], [-0.25 + Math.cos(a) * 0.45, 3.4, 0.1 + Math.sin(a) * 0.45], { r: 0.035 }),
        ),
      ),
      part('pole', C.darkWood, beam([1.55, 0, 1.0], [1.55, 1.6, 1.0], { r: 0.05 })),
      part('skull', C.bone, box([1.45, 1.6, 0.9], [1.65, 1.8, 1.1])),
      part('skull_eyes', C.black, box([1.48, 1.67, 1.1], [1.62, 1.72, 1.11])),
    ],
  },
  {
    // 5 x 4 tiles: log cabin with a stone chimney, a chopping block and an axe by the door.
    name: 'woodsman_cabin',
    parts: [
      part('walls', C.wood, box([-2.05, 0, -1.55], [2.05, 2.0, 1.55])),
      ...[0.25, 0.75, 1.25, 1.75].flatMap((y, i) => [
        log(`log_front_${i}`, 2.2, y, 1.55),
        log(`log_back_${i}`, 2.2, y, -1.55),
      ]),
      part('roof', C.darkWood, gable([-2.35, 2.0, -1.95], [2.35, 3.2, 1.95], 'x')),
      part('chimney', C.stone, box([-2.45, 0, -0.4], [-2.05, 3.7, 0.3])),
      part('door', C.darkWood, box([-0.4, 0, 1.68], [0.4, 1.5, 1.72])),
      part('window', C.glass, box([0.8, 0.9, 1.68], [1.5, 1.4, 1.71])),
      part('block', C.bark, frustum({ at: [1.45, 1.65], y0: 0, y1: 0.45, r0: 0.28, r1: 0.26, sides: 7 })),
      part('axe_handle', C.paleWood, beam([1.45, 0.45, 1.65], [1.3, 0.95, 1.75], { r: 0.03 })),
      part('axe_head', C.steel, box([1.36, 0.38, 1.58], [1.55, 0.58, 1.62])),
    ],
  },
  {
    // 4 x 4 tiles: weathered plank hut with nets drying on the front wall and a barrel.
    name: 'fishing_hut',
    parts: [
      part('walls', PLANK, box([-1.5, 0, -1.4], [1.5, 1.9, 1.4])),
      part('roof', C.darkWood, gable([-1.8, 1.9, -1.7], [1.8, 2.9, 1.7], 'x')),
      part('door', C.darkWood, box([-1.1, 0, 1.4], [-0.5, 1.4, 1.44])),
      part('net', NET, box([0.2, 0.5, 1.4], [1.35, 1.6, 1.46])),
      ...[0.45, 0.8, 1.15].map((x, i) =>
        part(`float_${i}`, C.red, box([x - 0.05, 1.45, 1.44], [x + 0.05, 1.55, 1.5])),
      ),
      part('barrel', C.wood, frustum({ at: [1.7, -0.9], y0: 0, y1: 0.65, r0: 0.25, r1: 0.25, sides: 8 })),
      part('oar', C.paleWood, beam([-1.7, 0.02, 0.6], [-1.56, 1.6, 0.4], { r: 0.04 })),
    ],
  },
  {
    // 5 x 4 tiles: shed with a sloping roof, mine-cart rails and a cart of ore.
    name: 'mine_shed',
    parts: [
      part('walls', C.wood, box([-2.2, 0, -1.6], [1.0, 2.1, 1.3])),
      part(
        'roof',
        C.darkWood,
        slopedSlab([-2.45, 1.25], [-1.95, 1.6], (_x, z) => 1.9 + ((z + 1.95) / 3.55) * 0.5, 0.1),
      ),
      part('door', C.darkWood, box([-1.4, 0, 1.3], [-0.6, 1.6, 1.34])),
      part('handles', C.paleWood, beam([0.5, 0.02, 1.45], [0.4, 1.2, 1.33], { r: 0.03 })),
      ...pair((side, label) =>
        part(
          `rail_${label}`,
          C.iron,
          box([1.85 + side * 0.35 - 0.03, 0, -1.9], [1.85 + side * 0.35 + 0.03, 0.06, 1.9]),
        ),
      ),
      ...[-1.5, -0.5, 0.5, 1.5].map((z, i) =>
        part(`sleeper_${i}`, C.darkWood, box([1.35, 0, z - 0.08], [2.35, 0.04, z + 0.08])),
      ),
      part('cart', C.iron, box([1.45, 0.22, -0.5], [2.25, 0.72, 0.5])),
      ...[-0.3, 0.3].flatMap((z) =>
        pair((side) =>
          part(
            `wheel_${side}_${z}`,
            C.darkStone,
            beam([1.85 + side * 0.38, 0.14, z], [1.85 + side * 0.44, 0.14, z], { r: 0.14, sides: 8 }),
          ),
        ),
      ),
      ...(
        [
          [1.7, -0.2],
          [2.0, 0.15],
          [1.75, 0.25],
        ] as const
      ).map(([x, z], i) => part(`ore_${i}`, C.darkStone, ball({ at: [x, 0.75, z], r: 0.16, sides: 5 }))),
    ],
  },
  {
    // 3 x 2 tiles: counter with fish, four posts and a striped awning sloping to the front.
    name: 'market_stall',
    parts: [
      part('counter', C.wood, box([-1.3, 0, 0.05], [1.3, 0.9, 0.75])),
      ...pair((side, label) =>
        part(
          `post_front_${label}`,
          C.darkWood,
          beam([side * 1.3, 0, 0.82], [side * 1.3, 1.95, 0.82], { r: 0.06 }),
        ),
      ),
      ...pair((side, label) =>
        part(
          `post_back_${label}`,
          C.darkWood,
          beam([side * 1.3, 0, -0.82], [side * 1.3, 2.3, -0.82], { r: 0.06 }),
        ),
      ),
      ...[0, 1, 2, 3, 4].map((i) => {
        const x0 = -1.45 + i * 0.58;
        return part(
          `awning_${i}`,
          i % 2 ? C.white : C.red,
          slopedSlab([x0, x0 + 0.58], [-0.95, 0.95], (_x, z) => 2.3 - ((z + 0.95) / 1.9) * 0.4, 0.04),
        );
      }),
      ...[-0.8, -0.2, 0.45].map((x, i) =>
        part(`fish_${i}`, [0.55, 0.6, 0.68], ball({ at: [x, 0.95, 0.4], r: [0.22, 0.05, 0.08], sides: 6 })),
      ),
      part('crate', C.paleWood, box([-1.2, 0, -0.7], [-0.6, 0.5, -0.2])),
    ],
  },
  {
    // 8 x 3 tiles: bleached deck on posts that stand proud as bollards, a coil of rope.
    name: 'wooden_pier',
    parts: [
      part('deck', BLEACHED, box([-3.95, 0.35, -1.2], [3.95, 0.5, 1.2])),
      ...[-0.4, 0.4].map((z, i) =>
        part(`seam_${i}`, C.wood, box([-3.95, 0.5, z - 0.015], [3.95, 0.505, z + 0.015])),
      ),
      ...[-3.6, -1.2, 1.2, 3.6].flatMap((x) =>
        pair((side) =>
          part(
            `post_${x}_${side}`,
            C.wood,
            beam([x, 0, side * 1.3], [x, 0.8, side * 1.3], { r: 0.12, sides: 6 }),
          ),
        ),
      ),
      part('rope', C.canvas, frustum({ at: [2.4, 0.6], y0: 0.5, y1: 0.6, r0: 0.22, r1: 0.2, sides: 8 })),
    ],
  },
  {
    // 12 x 10 tiles at modelScale 1.5: four towers (two broken), gapped curtain walls, rubble.
    name: 'ruined_keep',
    parts: [
      ...(
        [
          [-3.1, -2.45, 4.6],
          [3.1, -2.45, 2.2],
          [-3.1, 2.45, 3.8],
          [3.1, 2.45, 1.4],
        ] as const
      ).map(([x, z, h], i) =>
        part(`tower_${i}`, RUIN, frustum({ at: [x, z], y0: 0, y1: h, r0: 0.85, r1: 0.8, sides: 8 })),
      ),
      part('wall_back', RUIN, box([-2.4, 0, -2.7], [2.4, 3.0, -2.2])),
      part('wall_left', RUIN, box([-3.35, 0, -1.75], [-2.85, 2.2, 1.75])),
      part('wall_right_a', RUIN, box([2.85, 0, -1.75], [3.35, 2.6, -0.2])),
      part('wall_right_b', RUIN, box([2.85, 0, 0.8], [3.35, 1.0, 1.75])),
      part('wall_front_a', RUIN, box([-2.4, 0, 2.2], [-0.9, 2.4, 2.7])),
      part('wall_front_b', RUIN, box([0.9, 0, 2.2], [2.4, 1.3, 2.7])),
      part('keep', RUIN, box([-1.2, 0, -1.8], [1.2, 1.6, 0.2])),
      part('moss_a', C.moss, box([-2.4, 3.0, -2.7], [-0.6, 3.05, -2.2])),
      part('moss_b', C.moss, box([-3.35, 2.2, -0.4], [-2.85, 2.25, 1.2])),
      rubble('rubble_a', [3.0, 0.3], 0.35),
      rubble('rubble_b', [1.6, 2.0], 0.3),
      rubble('rubble_c', [-0.2, 1.2], 0.25),
    ],
  },
  {
    // 3 x 3 tiles: patched canvas ridge tent on poles, dark entrance at the front.
    name: 'bandit_tent',
    parts: [
      part('canvas', C.canvas, gable([-1.2, 0, -1.35], [1.2, 1.7, 1.35], 'z')),
      part('patch', C.leather, slab(patchOnSlope(-1, 0.3, 0.55, [-0.6, 0.1]), 0.03)),
      part('patch_b', [0.4, 0.42, 0.3], slab(patchOnSlope(1, 0.2, 0.4, [0.3, 0.9]), 0.03)),
      part('entrance', C.black, gable([-0.45, 0, 1.35], [0.45, 1.0, 1.38], 'z')),
      part('ridge_pole', C.darkWood, beam([0, 1.72, -1.45], [0, 1.72, 1.45], { r: 0.045 })),
      ...pair((side, label) =>
        part(`pole_${label}`, C.darkWood, beam([0, 0, side * 1.4], [0, 1.72, side * 1.4], { r: 0.045 })),
      ),
    ],
  },
];

/** A rectangle lying on one slope of the bandit tent (side -1 or 1), between fractions t0..t1 up the slope. */
function patchOnSlope(side: 1 | -1, t0: number, t1: number, z: [number, number]): Vec3[] {
  const at = (t: number, zz: number): Vec3 => [side * 1.2 * (1 - t), 1.7 * t, zz];
  return [at(t0, z[0]), at(t1, z[0]), at(t1, z[1]), at(t0, z[1])];
}
