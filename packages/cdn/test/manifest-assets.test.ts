import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TRACKS } from '../../../scripts/generate-audio';
import { MODELS } from '../../../scripts/generate-models';
import { collectAssetRefs, collectManifestAssetRefs } from '../../../scripts/lib/manifest-refs';
import type { AssetRef } from '../../../scripts/lib/manifest-refs';
import { buildCdn } from '../src/index';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');

/** References whose file is not a regular file under `root`, as readable lines. */
async function missingAssets(root: string): Promise<string[]> {
  const refs = await collectManifestAssetRefs(path.join(root, 'manifests'));
  const missing: string[] = [];
  for (const ref of refs) {
    const isFile = await stat(path.join(root, ref.asset)).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!isFile) missing.push(`${ref.manifest}${ref.where}: ${ref.value} -> ${ref.asset}`);
  }
  return missing;
}

const unique = (refs: AssetRef[], kind: AssetRef['kind']): string[] =>
  [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.asset))].sort();

describe('collectAssetRefs', () => {
  it('finds model and music references anywhere in a manifest and normalises them', () => {
    const doc = {
      npcs: [{ id: 'cow', model: 'cow.glb', modelScale: 2 }],
      resources: [{ model: 'models/tree.glb', depletedModel: 'tree_stump' }],
      nested: { deep: [['extra.gltf']] },
      tracks: [{ file: 'normal/harvest_dawn.mp3' }, { file: 'combat/clash.ogg' }],
      name: 'Not an asset.txt',
      count: 3,
    };
    expect(collectAssetRefs(doc, 'x.json').map((r) => [r.kind, r.asset, r.where])).toEqual([
      ['model', 'models/cow.glb', '.npcs[0].model'],
      ['model', 'models/tree.glb', '.resources[0].model'],
      ['model', 'models/tree_stump.glb', '.resources[0].depletedModel'],
      ['model', 'models/extra.gltf', '.nested.deep[0][0]'],
      ['music', 'audio/music/normal/harvest_dawn.mp3', '.tracks[0].file'],
      ['music', 'audio/music/combat/clash.ogg', '.tracks[1].file'],
    ]);
  });

  it('reports a manifest that names an asset the asset tree does not have', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tilerealm-manifest-assets-'));
    try {
      await mkdir(path.join(dir, 'manifests/items'), { recursive: true });
      await mkdir(path.join(dir, 'models'), { recursive: true });
      await writeFile(path.join(dir, 'models/cow.glb'), 'glb');
      await writeFile(
        path.join(dir, 'manifests/npcs.json'),
        '{"npcs":[{"model":"cow.glb"},{"model":"dragon.glb"}]}',
      );
      await writeFile(path.join(dir, 'manifests/items/misc.json'), '[{"equipModel":"cape"}]');
      expect(await missingAssets(dir)).toEqual([
        'items/misc.json[0].equipModel: cape -> models/cape.glb',
        'npcs.json.npcs[1].model: dragon.glb -> models/dragon.glb',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('default world manifests', () => {
  it('name only models and music that exist under assets/', async () => {
    const refs = await collectManifestAssetRefs(path.join(assets, 'manifests'));
    // Guard against a walker that silently finds nothing.
    expect(unique(refs, 'model').length).toBeGreaterThanOrEqual(60);
    expect(unique(refs, 'music').length).toBeGreaterThanOrEqual(10);
    expect(unique(refs, 'model')).toContain('models/human.glb');
    expect(await missingAssets(assets), 'referenced assets missing from assets/').toEqual([]);
  });

  it('name only assets the generators produce, so every shipped file is reproducible', async () => {
    const refs = await collectManifestAssetRefs(path.join(assets, 'manifests'));
    const generatedModels = new Set(MODELS.map((m) => `models/${m.name}.glb`));
    const generatedMusic = new Set(TRACKS.map((t) => `audio/music/${t.category}/${t.file}`));
    expect(unique(refs, 'model').filter((a) => !generatedModels.has(a))).toEqual([]);
    expect(unique(refs, 'music').filter((a) => !generatedMusic.has(a))).toEqual([]);
  });

  it('name assets the CDN serves at their public paths', async () => {
    const refs = await collectManifestAssetRefs(path.join(assets, 'manifests'));
    const app = buildCdn({ root: assets });
    try {
      const failures: string[] = [];
      for (const asset of [...unique(refs, 'model'), ...unique(refs, 'music')]) {
        const res = await app.inject({ method: 'HEAD', url: `/${asset}` });
        const type = asset.endsWith('.mp3') ? 'audio/mpeg' : 'model/gltf-binary';
        if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith(type)) {
          failures.push(`${asset}: ${res.statusCode} ${String(res.headers['content-type'])}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('keep each music track in the folder of its category', async () => {
    const music = z
      .object({ tracks: z.array(z.object({ id: z.string(), category: z.string(), file: z.string() })) })
      .parse(JSON.parse(await readFile(path.join(assets, 'manifests/music.json'), 'utf8')));
    for (const track of music.tracks) expect(track.file, track.id).toMatch(new RegExp(`^${track.category}/`));
  });

  it('declare building footprints that match the generated model bounds', async () => {
    const read = async (file: string): Promise<unknown> =>
      JSON.parse(await readFile(path.join(assets, 'manifests', file), 'utf8'));
    const footprint = z.object({ width: z.number(), depth: z.number() });
    const buildings = z
      .object({ buildings: z.array(z.object({ id: z.string(), model: z.string(), footprint })) })
      .parse(await read('buildings.json'));
    const bounds = z.record(z.string(), z.object({ footprint })).parse(await read('model-bounds.json'));
    const mismatches = buildings.buildings.flatMap((b) => {
      const generated = bounds[b.model]?.footprint;
      return generated?.width === b.footprint.width && generated.depth === b.footprint.depth
        ? []
        : [`${b.id}: declares ${JSON.stringify(b.footprint)}, ${b.model} gives ${JSON.stringify(generated)}`];
    });
    expect(mismatches).toEqual([]);
  });
});
