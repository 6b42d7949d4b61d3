/**
 * Generates the shipped placeholder models under assets/models/ (original, low-poly, flat
 * colours): `npm run generate:models -w @tilerealm/cdn`. Units are tiles (1 unit = 1 tile),
 * Y is up, the origin is the centre of the model's base, the front faces +Z. Output is
 * deterministic, so re-running it on an unchanged script leaves the files byte-identical.
 * Run `npm run model-bounds` afterwards to refresh assets/manifests/model-bounds.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { box, frustum, gable, pyramid, rotateY } from './lib/glb-shapes';
import { buildModelGlb } from './lib/glb-write';
import type { ModelPart, ModelSpec } from './lib/glb-write';

type Rgb = [number, number, number];
const C = {
  wood: [0.36, 0.2, 0.09],
  darkWood: [0.2, 0.11, 0.05],
  bark: [0.28, 0.18, 0.1],
  stone: [0.45, 0.45, 0.47],
  darkStone: [0.28, 0.28, 0.3],
  paleStone: [0.72, 0.7, 0.66],
  iron: [0.22, 0.23, 0.25],
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
} satisfies Record<string, Rgb>;
const FLAME: Rgb = [1, 0.42, 0.05];
const EMBER: Rgb = [1, 0.75, 0.2];

const part = (
  name: string,
  color: ModelPart['color'],
  faces: ModelPart['faces'],
  emissive?: Rgb,
): ModelPart => (emissive ? { name, color, faces, emissive } : { name, color, faces });

export const MODELS: readonly ModelSpec[] = [
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
    parts: [
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
    ],
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
];

/** Writes every model to `outDir` as `<name>.glb`; returns the file names written. */
export async function generateModels(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const spec of MODELS) {
    const file = `${spec.name}.glb`;
    await writeFile(path.join(outDir, file), buildModelGlb(spec));
    written.push(file);
  }
  return written;
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/models');
  generateModels(outDir).then(
    (files) => console.log(`generate-models: wrote ${files.length} models to ${outDir}`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
