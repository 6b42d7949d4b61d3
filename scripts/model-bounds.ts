/**
 * Regenerates assets/manifests/model-bounds.json from the .glb files in assets/models:
 * bounding box, size and whole-tile footprint per model (`npm run model-bounds`).
 *
 * Footprint = ceil(size.x * scale.x) by ceil(size.z * scale.z) tiles, minimum 1, where the
 * scale is the `modelScale` of the station (stations.json) or building (buildings.json) that
 * uses the model, and 1 for models nobody scales. `--check` rewrites nothing and exits 1 when
 * the committed file is stale, for CI.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeBounds, parseGlb } from './lib/glb';
import { boundsEntry, collectModelScales, serializeModelBounds } from './lib/glb-footprint';
import type { ModelBoundsEntry } from './lib/glb-footprint';

/** Manifests (relative to the manifests folder) whose objects may carry `model` + `modelScale`. */
export const SCALE_SOURCES = ['stations.json', 'buildings.json'] as const;

/** Paths used by {@link generateModelBounds}. */
export interface ModelBoundsPaths {
  modelsDir: string;
  manifestsDir: string;
}

/** Computes the model-bounds.json text, plus warnings (unreadable scale sources, unknown models). */
export async function generateModelBounds(
  paths: ModelBoundsPaths,
): Promise<{ text: string; count: number; warnings: string[] }> {
  const warnings: string[] = [];
  const documents: unknown[] = [];
  for (const source of SCALE_SOURCES) {
    const file = path.join(paths.manifestsDir, source);
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch {
      warnings.push(`${source} not found: its models use scale 1`);
      continue;
    }
    try {
      documents.push(JSON.parse(raw));
    } catch (err) {
      throw new Error(`${source} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const { scales, problems } = collectModelScales(documents);
  warnings.push(...problems);

  const files = (await readdir(paths.modelsDir)).filter((f) => f.endsWith('.glb')).sort();
  const entries = new Map<string, ModelBoundsEntry>();
  for (const file of files) {
    try {
      const bounds = computeBounds(parseGlb(await readFile(path.join(paths.modelsDir, file))));
      entries.set(file, boundsEntry(bounds, scales.get(file)));
    } catch (err) {
      throw new Error(`${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  for (const model of scales.keys()) {
    if (!entries.has(model))
      warnings.push(`${model} is used with a modelScale but is not in ${paths.modelsDir}`);
  }
  return { text: serializeModelBounds(entries), count: entries.size, warnings };
}

async function main(argv: readonly string[]): Promise<number> {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const paths = {
    modelsDir: path.join(repo, 'assets/models'),
    manifestsDir: path.join(repo, 'assets/manifests'),
  };
  const target = path.join(paths.manifestsDir, 'model-bounds.json');
  const { text, count, warnings } = await generateModelBounds(paths);
  for (const warning of warnings) console.warn(`model-bounds: warning: ${warning}`);

  if (argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current !== text) {
      console.error(`model-bounds: ${target} is stale; run \`npm run model-bounds\` and commit the result`);
      return 1;
    }
    console.log('model-bounds: up to date');
    return 0;
  }
  await writeFile(target, text);
  console.log(`model-bounds: wrote ${count} models to ${target}`);
  return 0;
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`model-bounds: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
