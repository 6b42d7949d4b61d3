/**
 * Town building models (buildings.json): house, shop, bank, smithy, chapel, tavern, bakery and
 * barn. Each is sized so that its bounds times the building's `modelScale` round up to the
 * footprint declared in buildings.json (the manifest-assets test checks it).
 */
import { box, frustum, gable } from './glb-shapes';
import { ball, beam, slopedSlab } from './glb-solids';
import type { ModelSpec } from './glb-write';
import { C, GLOW, glow, pair, part } from './models-kit';
import type { Rgb } from './models-kit';

const SLATE: Rgb = [0.24, 0.26, 0.32];
const TIMBER: Rgb = [0.25, 0.15, 0.08];
const BREAD: Rgb = [0.78, 0.5, 0.22];

/** Buildings of the town areas. */
export const TOWN_BUILDING_MODELS: readonly ModelSpec[] = [
  {
    name: 'house',
    parts: [
      part('walls', C.plaster, box([-1.35, 0, -1.35], [1.35, 2.2, 1.35])),
      part('roof', C.roofRed, gable([-1.45, 2.2, -1.45], [1.45, 3.4, 1.45], 'x')),
      part('door', C.darkWood, box([-0.3, 0, 1.35], [0.3, 1.3, 1.4])),
      part('window', C.glass, box([0.55, 1.1, 1.35], [1.0, 1.55, 1.38])),
      part('chimney', C.stone, box([0.6, 2.6, -0.9], [0.95, 3.7, -0.55])),
    ],
  },
  {
    name: 'shop',
    parts: [
      part('walls', C.plaster, box([-1.9, 0, -1.4], [1.9, 2.4, 1.4])),
      part('roof', C.thatch, gable([-2.0, 2.4, -1.5], [2.0, 3.5, 1.5], 'x')),
      part('awning', C.roofRed, box([-1.6, 1.7, 1.4], [1.6, 1.78, 1.95])),
      part('door', C.darkWood, box([-1.4, 0, 1.4], [-0.8, 1.5, 1.45])),
      part('counter', C.wood, box([-0.3, 0, 1.4], [1.5, 0.9, 1.6])),
      part('sign', C.gold, box([-0.5, 1.9, 1.4], [0.5, 2.25, 1.46])),
    ],
  },
  {
    name: 'bank',
    parts: [
      part('plinth', C.paleStone, box([-2.5, 0, -2.1], [2.5, 0.25, 2.45])),
      part('walls', C.stone, box([-2.4, 0.25, -2.0], [2.4, 2.8, 2.0])),
      ...[-1.8, -0.6, 0.6, 1.8].map((x, i) =>
        part(
          `column_${i}`,
          C.paleStone,
          frustum({ at: [x, 2.2], y0: 0.25, y1: 2.8, r0: 0.18, r1: 0.16, sides: 8 }),
        ),
      ),
      part('entablature', C.paleStone, box([-2.5, 2.8, -2.1], [2.5, 3.1, 2.5])),
      part('pediment', C.roofRed, gable([-2.5, 3.1, -2.1], [2.5, 3.9, 2.5], 'z')),
      part('door', C.darkWood, box([-0.45, 0.25, 2.0], [0.45, 1.9, 2.05])),
      part('sign', C.gold, box([-0.8, 2.2, 2.0], [0.8, 2.6, 2.06])),
    ],
  },
  {
    // 7 x 6 tiles: stone forge house with a front gable, an open lean-to over the hearth.
    name: 'smithy',
    parts: [
      part('walls', C.stone, box([-3.3, 0, -2.8], [0.7, 2.4, 2.8])),
      part('roof', SLATE, gable([-3.45, 2.4, -2.95], [0.85, 3.7, 2.95], 'z')),
      part('chimney', C.darkStone, box([-2.9, 0, -2.4], [-2.2, 4.3, -1.7])),
      part('door', C.darkWood, box([-1.8, 0, 2.8], [-0.8, 1.7, 2.85])),
      part('window', C.glass, box([-3.0, 1.0, 2.8], [-2.3, 1.6, 2.83])),
      part(
        'lean_to',
        TIMBER,
        slopedSlab([0.7, 3.45], [-2.95, 2.95], (x) => 2.4 - ((x - 0.7) / 2.75) * 0.6, 0.1),
      ),
      ...[-2.7, 0, 2.7].map((z, i) =>
        part(`post_${i}`, C.wood, beam([3.25, 0, z], [3.25, 1.85, z], { r: 0.12 })),
      ),
      part('hearth', C.darkStone, box([1.2, 0, -1.8], [2.6, 0.9, -0.4])),
      glow('coals', GLOW.ember, box([1.35, 0.9, -1.65], [2.45, 0.97, -0.55])),
      part('anvil_block', C.wood, frustum({ at: [2.2, 1.2], y0: 0, y1: 0.4, r0: 0.25, r1: 0.22, sides: 6 })),
      part('anvil', C.iron, box([1.95, 0.4, 1.08], [2.5, 0.6, 1.32])),
      part('trough', C.wood, box([1.0, 0, 1.9], [2.4, 0.5, 2.5])),
      part('water', C.sea, box([1.08, 0.5, 1.98], [2.32, 0.51, 2.42])),
    ],
  },
  {
    // 6 x 8 tiles: long pale nave, buttresses, bell tower with a spire at the front, round apse behind.
    name: 'chapel',
    parts: [
      part('nave', C.paleStone, box([-2.2, 0, -3.2], [2.2, 3.0, 2.2])),
      part('roof', SLATE, gable([-2.45, 3.0, -3.35], [2.45, 4.8, 2.3], 'z')),
      part('apse', C.paleStone, frustum({ at: [0, -3.2], y0: 0, y1: 2.6, r0: 0.72, r1: 0.72, sides: 8 })),
      part('apse_roof', SLATE, frustum({ at: [0, -3.2], y0: 2.6, y1: 3.5, r0: 0.75, r1: 0, sides: 8 })),
      part('tower', C.paleStone, box([-1.0, 0, 2.2], [1.0, 5.0, 3.8])),
      part(
        'spire',
        SLATE,
        frustum({ at: [0, 3.0], y0: 5.0, y1: 7.2, r0: 1.3, r1: 0, sides: 4, twist: Math.PI / 4 }),
      ),
      part('bell_window', C.black, box([-0.35, 3.8, 3.8], [0.35, 4.5, 3.83])),
      part('door', C.darkWood, box([-0.45, 0.12, 3.8], [0.45, 1.9, 3.85])),
      part('step', C.stone, box([-0.7, 0, 3.8], [0.7, 0.12, 3.95])),
      ...[-1, 1].flatMap((side) =>
        [-2.0, -0.4, 1.2].map((z, i) =>
          part(`window_${side}_${i}`, C.glass, box([side * 2.18, 1.1, z - 0.2], [side * 2.23, 2.5, z + 0.2])),
        ),
      ),
      ...[-1, 1].flatMap((side) =>
        [-2.8, -1.2, 0.4, 2.0].map((z, i) =>
          part(
            `buttress_${side}_${i}`,
            C.stone,
            box([side * 2.2, 0, z - 0.15], [side * 2.95, 2.0, z + 0.15]),
          ),
        ),
      ),
    ],
  },
  {
    // 6 x 6 tiles: stone ground floor, overhanging timber-framed upper floor, hanging sign.
    name: 'tavern',
    parts: [
      part('ground_floor', C.stone, box([-2.6, 0, -2.4], [2.6, 1.8, 2.4])),
      part('beam_belt', TIMBER, box([-2.8, 1.8, -2.6], [2.8, 1.92, 2.6])),
      part('upper_floor', C.plaster, box([-2.75, 1.92, -2.55], [2.75, 3.6, 2.55])),
      part('roof', C.roofRed, gable([-2.95, 3.6, -2.75], [2.95, 5.0, 2.75], 'x')),
      part('chimney', C.stone, box([1.6, 3.8, -1.6], [2.1, 5.5, -1.1])),
      part('door', C.darkWood, box([-0.5, 0, 2.4], [0.5, 1.6, 2.45])),
      ...pair((side, label) =>
        part(`window_low_${label}`, C.glass, box([side * 1.3, 0.7, 2.4], [side * 2.0, 1.3, 2.43])),
      ),
      ...[-1.8, 0, 1.8].map((x, i) =>
        part(`window_up_${i}`, C.glass, box([x - 0.35, 2.4, 2.55], [x + 0.35, 3.1, 2.58])),
      ),
      ...[-2.7, -0.9, 0.9, 2.7].map((x, i) =>
        part(`timber_${i}`, TIMBER, box([x - 0.07, 1.92, 2.55], [x + 0.07, 3.6, 2.6])),
      ),
      part('sign_bracket', TIMBER, box([1.55, 2.15, 2.6], [1.65, 2.23, 2.95])),
      part('sign', C.wood, box([1.57, 1.6, 2.62], [1.63, 2.12, 2.93])),
      part('sign_mug', C.gold, box([1.54, 1.72, 2.7], [1.66, 1.98, 2.85])),
      part('barrel', C.wood, frustum({ at: [-2.2, 2.75], y0: 0, y1: 0.7, r0: 0.2, r1: 0.2, sides: 8 })),
    ],
  },
  {
    // 4 x 4 tiles: thatched bakehouse with a domed bread oven on its side.
    name: 'bakery',
    parts: [
      part('walls', C.plaster, box([-1.5, 0, -1.5], [1.2, 2.0, 1.5])),
      part('roof', C.thatch, gable([-1.65, 2.0, -1.7], [1.35, 3.0, 1.7], 'x')),
      part('door', C.darkWood, box([-0.9, 0, 1.5], [-0.3, 1.4, 1.55])),
      part('window', C.glass, box([0.1, 0.8, 1.5], [0.8, 1.4, 1.53])),
      part('oven_base', C.stone, box([1.2, 0, -0.4], [1.85, 0.6, 0.8])),
      part('oven_dome', C.paleStone, ball({ at: [1.5, 0.6, 0.2], r: [0.42, 0.45, 0.5], sides: 8, bands: 4 })),
      glow('oven_mouth', GLOW.ember, box([1.3, 0.62, 0.62], [1.7, 0.85, 0.71])),
      part('oven_flue', C.darkStone, beam([1.5, 0.9, -0.05], [1.5, 2.6, -0.05], { r: 0.12 })),
      part('sign', C.wood, box([-0.1, 1.55, 1.5], [0.9, 1.9, 1.56])),
      part('sign_loaf', BREAD, ball({ at: [0.4, 1.72, 1.6], r: [0.25, 0.1, 0.05], sides: 6 })),
    ],
  },
  {
    // 8 x 6 tiles: big red barn, gable to the front, white-framed doors and a hay loft.
    name: 'barn',
    parts: [
      part('walls', C.barnRed, box([-3.7, 0, -2.7], [3.7, 2.6, 2.7])),
      part('roof', C.darkStone, gable([-3.95, 2.6, -2.95], [3.95, 4.9, 2.95], 'z')),
      part('doors', [0.42, 0.09, 0.07], box([-1.2, 0, 2.7], [1.2, 2.2, 2.75])),
      part('door_frame_top', C.white, box([-1.3, 2.2, 2.7], [1.3, 2.32, 2.8])),
      ...pair((side, label) =>
        part(`door_frame_${label}`, C.white, box([side * 1.2, 0, 2.7], [side * 1.32, 2.2, 2.8])),
      ),
      part('brace_a', C.white, beam([-1.1, 0.1, 2.78], [1.1, 2.1, 2.78], { r: 0.07 })),
      part('brace_b', C.white, beam([1.1, 0.1, 2.8], [-1.1, 2.1, 2.8], { r: 0.07 })),
      part('loft_door', C.white, box([-0.55, 2.95, 2.9], [0.55, 3.75, 2.95])),
      part('loft_hay', C.hay, box([-0.45, 3.0, 2.95], [0.45, 3.3, 2.98])),
      part('hay_bale', C.hay, box([2.3, 0, 2.75], [3.5, 0.55, 2.95])),
    ],
  },
];
