/**
 * Station models (stations.json): bank booth and chest, furnace, anvil, cooking range, altar,
 * fire and the two ladders between the surface and the caves.
 */
import { box, frustum, pyramid, rotateY } from './glb-shapes';
import { beam } from './glb-solids';
import type { ModelSpec } from './glb-write';
import { C, GLOW, ladder, part } from './models-kit';
import type { Rgb } from './models-kit';

const FLAME: Rgb = GLOW.flame;
const EMBER: Rgb = GLOW.ember;

/** Stations of the default world. */
export const STATION_MODELS: readonly ModelSpec[] = [
  {
    name: 'bank_booth',
    parts: [
      part('counter', C.wood, box([-0.48, 0, -0.3], [0.48, 0.95, 0.3])),
      part('top', C.darkWood, box([-0.5, 0.95, -0.32], [0.5, 1.02, 0.32])),
      part('post_left', C.darkWood, box([-0.5, 1.02, -0.05], [-0.44, 1.7, 0.05])),
      part('post_right', C.darkWood, box([0.44, 1.02, -0.05], [0.5, 1.7, 0.05])),
      part('sign', C.gold, box([-0.5, 1.7, -0.06], [0.5, 1.8, 0.06])),
    ],
  },
  {
    name: 'furnace',
    parts: [
      part('base', C.stone, box([-0.8, 0, -0.7], [0.8, 1.2, 0.7])),
      part(
        'hood',
        C.darkStone,
        frustum({ y0: 1.2, y1: 1.8, r0: 0.75, r1: 0.42, sides: 4, twist: Math.PI / 4 }),
      ),
      part('chimney', C.darkStone, box([-0.15, 1.8, -0.15], [0.15, 2.4, 0.15])),
      part('mouth', FLAME, box([-0.35, 0.2, 0.7], [0.35, 0.7, 0.74]), FLAME),
    ],
  },
  {
    name: 'anvil',
    parts: [
      part('stump', C.wood, frustum({ y0: 0, y1: 0.35, r0: 0.26, r1: 0.22, sides: 6 })),
      part('waist', C.iron, box([-0.1, 0.35, -0.08], [0.1, 0.5, 0.08])),
      part('face', C.iron, box([-0.25, 0.5, -0.12], [0.2, 0.62, 0.12])),
      part(
        'horn',
        C.iron,
        pyramid(
          [
            [0.2, 0.52, -0.08],
            [0.2, 0.52, 0.08],
            [0.2, 0.62, 0.08],
            [0.2, 0.62, -0.08],
          ],
          [0.42, 0.6, 0],
        ),
      ),
    ],
  },
  {
    name: 'range',
    parts: [
      part('body', C.iron, box([-0.45, 0, -0.4], [0.45, 0.8, 0.4])),
      part('top', C.darkStone, box([-0.48, 0.8, -0.42], [0.48, 0.86, 0.42])),
      part('oven', EMBER, box([-0.25, 0.15, 0.4], [0.25, 0.45, 0.43]), FLAME),
      part(
        'hotplate',
        FLAME,
        frustum({ at: [-0.2, 0.1], y0: 0.86, y1: 0.88, r0: 0.15, r1: 0.15, sides: 8 }),
        FLAME,
      ),
      part('flue', C.iron, frustum({ at: [0.25, -0.25], y0: 0.86, y1: 1.6, r0: 0.08, r1: 0.08, sides: 6 })),
    ],
  },
  {
    name: 'altar',
    parts: [
      part('step', C.stone, box([-0.8, 0, -0.45], [0.8, 0.15, 0.45])),
      part('pillar_left', C.paleStone, box([-0.65, 0.15, -0.3], [-0.4, 0.8, 0.3])),
      part('pillar_right', C.paleStone, box([0.4, 0.15, -0.3], [0.65, 0.8, 0.3])),
      part('slab', C.paleStone, box([-0.75, 0.8, -0.38], [0.75, 0.95, 0.38])),
      part('cloth', C.cloth, box([-0.3, 0.55, 0.38], [0.3, 0.97, 0.4])),
      part(
        'candle_left',
        C.gold,
        frustum({ at: [-0.6, 0], y0: 0.95, y1: 1.15, r0: 0.04, r1: 0.04, sides: 6 }),
      ),
      part(
        'candle_right',
        C.gold,
        frustum({ at: [0.6, 0], y0: 0.95, y1: 1.15, r0: 0.04, r1: 0.04, sides: 6 }),
      ),
      part(
        'flame_left',
        EMBER,
        frustum({ at: [-0.6, 0], y0: 1.15, y1: 1.27, r0: 0.03, r1: 0, sides: 4 }),
        EMBER,
      ),
      part(
        'flame_right',
        EMBER,
        frustum({ at: [0.6, 0], y0: 1.15, y1: 1.27, r0: 0.03, r1: 0, sides: 4 }),
        EMBER,
      ),
    ],
  },
  {
    name: 'fire',
    parts: [
      part('log_low', C.bark, rotateY(box([-0.38, 0, -0.07], [0.38, 0.14, 0.07]), 0.5)),
      part('log_high', C.wood, rotateY(box([-0.38, 0.1, -0.07], [0.38, 0.24, 0.07]), -0.7)),
      part(
        'flame',
        FLAME,
        frustum({ y0: 0.1, y1: 0.75, r0: 0.22, r1: 0, sides: 5, lean: [0.03, -0.02] }),
        FLAME,
      ),
      part('core', EMBER, frustum({ y0: 0.2, y1: 0.55, r0: 0.12, r1: 0, sides: 5, twist: 0.6 }), EMBER),
    ],
  },
  {
    name: 'bank_chest',
    parts: [
      part('body', C.wood, box([-0.4, 0, -0.28], [0.4, 0.42, 0.28])),
      part('lid', C.wood, beam([-0.4, 0.42, 0], [0.4, 0.42, 0], { r: 0.28, sides: 8 })),
      ...[-0.27, 0.27].flatMap((x, i) => [
        part(`band_${i}`, C.iron, box([x - 0.03, 0, -0.29], [x + 0.03, 0.42, 0.29])),
        part(`lid_band_${i}`, C.iron, beam([x - 0.03, 0.42, 0], [x + 0.03, 0.42, 0], { r: 0.295, sides: 8 })),
      ]),
      part('lock', C.gold, box([-0.06, 0.3, 0.27], [0.06, 0.46, 0.31])),
    ],
  },
  {
    name: 'ladder_down',
    parts: [
      part('hole', C.black, box([-0.36, 0, -0.36], [0.36, 0.01, 0.36])),
      part('frame_back', C.darkWood, box([-0.46, 0, -0.46], [0.46, 0.09, -0.36])),
      part('frame_front', C.darkWood, box([-0.46, 0, 0.36], [0.46, 0.09, 0.46])),
      part('frame_left', C.darkWood, box([-0.46, 0, -0.36], [-0.36, 0.09, 0.36])),
      part('frame_right', C.darkWood, box([0.36, 0, -0.36], [0.46, 0.09, 0.36])),
      ...ladder([0, 0.02, -0.12], [0, 0.8, -0.28], 0.2, 0.28),
    ],
  },
  {
    name: 'ladder_up',
    parts: [
      part('foot_left', C.darkStone, box([-0.3, 0, 0.08], [-0.14, 0.06, 0.28])),
      part('foot_right', C.darkStone, box([0.14, 0, 0.08], [0.3, 0.06, 0.28])),
      ...ladder([0, 0.04, 0.18], [0, 2.6, -0.3], 0.22, 0.3),
    ],
  },
];
