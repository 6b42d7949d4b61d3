import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST_FILES, missingRequiredManifests, REQUIRED_MANIFESTS, SPLIT_ITEM_FILES } from './load';
import { copyShippedManifests, type ManifestFixture } from './test-fixtures';

let fx: ManifestFixture;

beforeEach(async () => {
  fx = await copyShippedManifests();
});
afterEach(async () => {
  await fx.cleanup();
});

describe('MANIFEST_FILES', () => {
  it('lists more than 25 unique files, including the spec-named ones and model-bounds.json', () => {
    expect(new Set(MANIFEST_FILES).size).toBe(MANIFEST_FILES.length);
    expect(MANIFEST_FILES.length).toBeGreaterThan(25);
    for (const f of [
      ...REQUIRED_MANIFESTS,
      'items.json',
      ...SPLIT_ITEM_FILES,
      'model-bounds.json',
      'recipes/cooking.json',
      'gathering/fishing.json',
    ]) {
      expect(MANIFEST_FILES).toContain(f);
    }
  });
});

describe('missingRequiredManifests', () => {
  it('is satisfied by the shipped world (items.json index + item files)', async () => {
    expect(await missingRequiredManifests(fx.dir)).toEqual([]);
  });

  it('reports missing always-required files', async () => {
    await fx.remove('npcs.json');
    await fx.remove('stores.json');
    expect(await missingRequiredManifests(fx.dir)).toEqual(['npcs.json', 'stores.json']);
  });

  it('accepts the split layout without items.json', async () => {
    await fx.remove('items.json');
    await fx.remove('items/armour.json');
    expect(await missingRequiredManifests(fx.dir)).toEqual([]);
  });

  it('reports the missing split item files when there is no items.json', async () => {
    await fx.remove('items.json');
    await fx.remove('items/food.json');
    await fx.remove('items/misc.json');
    expect(await missingRequiredManifests(fx.dir)).toEqual(['items/food.json', 'items/misc.json']);
  });

  it('accepts a full items.json without any item files', async () => {
    for (const f of [...SPLIT_ITEM_FILES, 'items/armour.json']) await fx.remove(f);
    await fx.writeRaw('items.json', JSON.stringify({ items: [] }));
    expect(await missingRequiredManifests(fx.dir)).toEqual([]);
  });

  it('requires the files an items.json index lists', async () => {
    await fx.remove('items/armour.json');
    expect(await missingRequiredManifests(fx.dir)).toEqual(['items/armour.json']);
  });

  it('reports everything for an empty directory', async () => {
    for (const f of MANIFEST_FILES) await fx.remove(f);
    expect(await missingRequiredManifests(fx.dir)).toEqual([...REQUIRED_MANIFESTS, ...SPLIT_ITEM_FILES]);
  });
});
