/**
 * Finds every 3D model and music file that the manifests name, so a test (and anyone else)
 * can check that each one is shipped under assets/: content that names a missing asset would
 * otherwise only show up as a broken model or silent area in a client.
 *
 * A model reference is any string ending in `.glb`/`.gltf`, or any string under a key ending in
 * `model` (`model`, `depletedModel`, ...), normalised like model-bounds does (`"cow"` and
 * `"models/cow.glb"` both name `models/cow.glb`). A music reference is any string ending in
 * `.mp3`/`.ogg`, relative to `audio/music/` (`"normal/harvest_dawn.mp3"`).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { modelFileName } from './glb-footprint';

/** One asset named by a manifest. */
export interface AssetRef {
  kind: 'model' | 'music';
  /** Path under the asset root: `models/cow.glb`, `audio/music/normal/x.mp3`. */
  asset: string;
  /** Manifest path relative to the manifests folder. */
  manifest: string;
  /** JSON path of the value inside the manifest, e.g. `.npcs[3].model`. */
  where: string;
  /** The string as written. */
  value: string;
}

const MODEL_EXT = /\.(glb|gltf)$/i;
const MUSIC_EXT = /\.(mp3|ogg)$/i;
const MODEL_KEY = /model$/i;

function musicAsset(value: string): string {
  const rel = path.posix.normalize(value.replace(/\\/g, '/')).replace(/^\/+/, '');
  return `audio/music/${rel.replace(/^audio\/music\//, '')}`;
}

/** Every model and music reference in one parsed manifest. */
export function collectAssetRefs(doc: unknown, manifest: string): AssetRef[] {
  const refs: AssetRef[] = [];
  const visit = (value: unknown, where: string, key: string): void => {
    if (typeof value === 'string') {
      if (MODEL_EXT.test(value) || MODEL_KEY.test(key)) {
        refs.push({ kind: 'model', asset: `models/${modelFileName(value)}`, manifest, where, value });
      } else if (MUSIC_EXT.test(value)) {
        refs.push({ kind: 'music', asset: musicAsset(value), manifest, where, value });
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${where}[${i}]`, key));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [k, child] of Object.entries(value)) visit(child, `${where}.${k}`, k);
    }
  };
  visit(doc, '', '');
  return refs;
}

/** Every `.json` file under `dir`, as sorted paths relative to it (dotfiles skipped). */
export async function listManifests(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (sub: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, sub), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const rel = sub === '' ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile() && entry.name.endsWith('.json')) out.push(rel);
    }
  };
  await walk('');
  return out.sort();
}

/** All asset references of every manifest under `manifestsDir`; throws on invalid JSON. */
export async function collectManifestAssetRefs(manifestsDir: string): Promise<AssetRef[]> {
  const refs: AssetRef[] = [];
  for (const manifest of await listManifests(manifestsDir)) {
    const raw = await readFile(path.join(manifestsDir, manifest), 'utf8');
    let doc: unknown;
    try {
      doc = JSON.parse(raw);
    } catch (err) {
      throw new Error(`${manifest} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
    refs.push(...collectAssetRefs(doc, manifest));
  }
  return refs;
}
