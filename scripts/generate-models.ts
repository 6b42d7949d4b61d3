/**
 * Generates the shipped placeholder models under assets/models/ (original, low-poly, flat
 * colours): `npm run generate:models -w @tilerealm/cdn`. Units are tiles (1 unit = 1 tile),
 * Y is up, the origin is the centre of the model's base, the front faces +Z. Output is
 * deterministic, so re-running it on an unchanged script leaves the files byte-identical.
 * Run `npm run model-bounds` afterwards to refresh assets/manifests/model-bounds.json.
 *
 * The catalogue lives in scripts/lib/models-*.ts, one file per kind of model; a model named in
 * a manifest must appear in one of them (packages/cdn/test/manifest-assets.test.ts checks it).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModelGlb } from './lib/glb-write';
import type { ModelSpec } from './lib/glb-write';
import { BEAST_MODELS } from './lib/models-beasts';
import { TOWN_BUILDING_MODELS } from './lib/models-buildings-town';
import { WILD_BUILDING_MODELS } from './lib/models-buildings-wild';
import { CRITTER_MODELS } from './lib/models-critters';
import { grounded } from './lib/models-kit';
import { MONSTER_MODELS } from './lib/models-monsters';
import { PEOPLE_MODELS } from './lib/models-people';
import { RESOURCE_MODELS } from './lib/models-resources';
import { STATION_MODELS } from './lib/models-stations';
import { VEGETATION_MODELS } from './lib/models-vegetation';

/** Model catalogues by kind, in output order. */
export const MODEL_KINDS = {
  stations: STATION_MODELS,
  resources: RESOURCE_MODELS,
  vegetation: VEGETATION_MODELS,
  townBuildings: TOWN_BUILDING_MODELS,
  wildBuildings: WILD_BUILDING_MODELS,
  people: PEOPLE_MODELS,
  monsters: MONSTER_MODELS,
  beasts: BEAST_MODELS,
  critters: CRITTER_MODELS,
} as const satisfies Record<string, readonly ModelSpec[]>;

/** Every model, each standing on y = 0; names are unique (checked at load). */
export const MODELS: readonly ModelSpec[] = Object.values(MODEL_KINDS).flatMap((kind) => kind.map(grounded));

const seen = new Set<string>();
for (const spec of MODELS) {
  if (seen.has(spec.name)) throw new Error(`model ${spec.name} is defined twice`);
  seen.add(spec.name);
}

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
