import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError, loadContent } from './load';
import { copyShippedManifests, records, type ManifestFixture } from './test-fixtures';

let fx: ManifestFixture;

beforeEach(async () => {
  fx = await copyShippedManifests();
});
afterEach(async () => {
  await fx.cleanup();
});

/** Loads the fixture and returns the issues (fails the test if loading succeeds). */
async function issues(): Promise<readonly string[]> {
  const error = await loadContent(fx.dir).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ContentError);
  return error instanceof ContentError ? error.issues : [];
}

describe('loadContent error collection', () => {
  it('reports JSON syntax errors with the file name', async () => {
    await fx.writeRaw('prayers.json', '{ "prayers": [ ');
    const found = await issues();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^prayers\.json: invalid JSON: /);
  });

  it('reports schema errors with file and JSON path, unknown keys included', async () => {
    await fx.edit('stations.json', (json) => {
      const stations = records(json.stations);
      stations[2] = { ...stations[2], modelScale: 'big', colour: 'red' };
      json.stations = stations;
    });
    const found = await issues();
    expect(found).toContain(
      'stations.json: at $.stations[2].modelScale: Invalid input: expected number, received string',
    );
    expect(found.some((i) => i.startsWith('stations.json: at $.stations[2]: ') && i.includes('colour'))).toBe(
      true,
    );
    // the broken station still exists, so areas placing it are not reported as dangling
    expect(found.every((i) => i.startsWith('stations.json'))).toBe(true);
  });

  it('rejects ids that are not snake_case', async () => {
    await fx.edit('vegetation.json', (json) => {
      const veg = records(json.vegetation);
      veg.push({ ...veg[0], id: 'Bad-Id' });
      json.vegetation = veg;
    });
    expect(await issues()).toContain('vegetation.json: at $.vegetation[11].id: must be a snake_case id');
  });

  it('reports dangling references across manifests', async () => {
    await fx.edit('stores.json', (json) => {
      const stores = records(json.stores);
      stores[0] = {
        ...stores[0],
        items: [...records(stores[0]?.items), { itemId: 'foo', stock: 1, price: 5 }],
      };
      json.stores = stores;
    });
    expect(await issues()).toEqual(['stores.json: store oakhaven_general_store sells unknown item "foo"']);
  });

  it('reports a missing required manifest', async () => {
    await fx.remove('biomes.json');
    const found = await issues();
    expect(found).toContain('biomes.json: required manifest is missing');
    // areas name biomes, but with biomes.json unreadable those references are not judged
    expect(found).toHaveLength(1);
  });

  it('reports overlapping areas and a starter area without tile (0,0)', async () => {
    await fx.edit('world-areas.json', (json) => {
      const areas = records(json.areas);
      areas[0] = { ...areas[0], bounds: { minX: 1, minZ: 1, maxX: 30, maxZ: 24 } };
      json.areas = areas;
    });
    const found = await issues();
    expect(found).toContain('world-areas.json: starter area oakhaven must contain tile (0, 0)');
    expect(found).toContain('world-areas.json: areas oakhaven and whisperwood overlap');
  });

  it('collects every error from several files in one pass', async () => {
    await fx.writeRaw('music.json', 'not json');
    await fx.remove('quests.json');
    await fx.edit('npcs.json', (json) => {
      const npcs = records(json.npcs);
      const cow = npcs.findIndex((n) => n.id === 'cow');
      npcs[cow] = {
        ...npcs[cow],
        drops: {
          always: [{ itemId: 'moon_cheese', min: 1, max: 1 }],
          rollWeight: 128,
          common: [],
          uncommon: [],
          rare: [],
        },
      };
      json.npcs = npcs;
    });
    await fx.edit('items/food.json', (json) => {
      const items = records(json.items);
      items[0] = { ...items[0], value: -5 };
      json.items = items;
    });
    await fx.edit('gathering/mining.json', (json) => {
      json.tools = ['bronze_axe'];
    });
    const found = await issues();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^music\.json: invalid JSON/),
        'quests.json: required manifest is missing',
        'npcs.json: npc cow drops unknown item "moon_cheese"',
        'items/food.json: at $.items[0].value: Too small: expected number to be >=0',
        'gathering/mining.json: tool bronze_axe (axe) is not a mining tool',
        'gathering/mining.json: does not list mining tool rune_pickaxe',
      ]),
    );
    const error = await loadContent(fx.dir).catch((err: unknown) => err);
    expect(error instanceof ContentError && error.message).toContain(
      `content failed validation with ${found.length} issue(s)`,
    );
  });

  it('checks dialogue graphs, quest hooks and store owners', async () => {
    await fx.edit('npcs.json', (json) => {
      const npcs = records(json.npcs);
      const marla = npcs.findIndex((n) => n.id === 'shopkeeper_marla');
      npcs[marla] = {
        ...npcs[marla],
        dialogue: { start: 'hello', nodes: [{ id: 'hello', text: 'Hi.', next: 'gone' }] },
      };
      json.npcs = npcs;
    });
    const found = await issues();
    expect(found).toContain(
      'npcs.json: npc shopkeeper_marla dialogue: node hello continues to unknown node "gone"',
    );
    expect(found).toContain(
      'stores.json: store oakhaven_general_store: owner shopkeeper_marla has no dialogue effect opening it',
    );
    expect(found).toContain('stores.json: store oakhaven_general_store is never opened by any dialogue');
  });

  it('checks quest hooks, kill targets and placements on the right terrain', async () => {
    await fx.edit('world-areas.json', (json) => {
      const areas = records(json.areas).map((a) => ({
        ...a,
        npcs: records(a.npcs).filter((s) => s.npcId !== 'goblin'),
        resources: records(a.resources).map((r) =>
          r.resourceId === 'net_bait_spot' && a.id === 'mirror_lake' ? { ...r, x: -30, z: -5 } : r,
        ),
      }));
      json.areas = areas;
    });
    await fx.edit('quests.json', (json) => {
      json.quests = records(json.quests).map((q) =>
        q.id === 'founders_feast' ? { ...q, startNpcId: 'banker_oswin' } : q,
      );
    });
    const found = await issues();
    expect(found).toContain(
      'quests.json: quest goblin_menace stage cull_goblins kills npc goblin, which no area spawns',
    );
    expect(found).toContain(
      'quests.json: quest founders_feast: start npc banker_oswin has no dialogue effect starting it',
    );
    expect(found).toContain(
      'world-areas.json: area mirror_lake: fishing spot net_bait_spot at (-30, -5) must be on water',
    );
  });

  it('checks starter templates against items and starting levels', async () => {
    await fx.edit('templates.json', (json) => {
      const templates = records(json.templates);
      templates[0] = {
        ...templates[0],
        inventory: [{ itemId: 'bronze_sword', quantity: 2 }],
        equipment: [
          { slot: 'weapon', itemId: 'rune_2h_sword', quantity: 1 },
          { slot: 'shield', itemId: 'wooden_shield', quantity: 1 },
          { slot: 'head', itemId: 'bronze_platebody', quantity: 1 },
        ],
      };
      json.templates = templates;
    });
    expect(await issues()).toEqual([
      'templates.json: template adventurer: bronze_sword is not stackable, so its quantity must be 1 per slot',
      'templates.json: template adventurer: two-handed rune_2h_sword cannot be worn with a shield',
      'templates.json: template adventurer: a new character cannot wear rune_2h_sword (attack 40)',
      'templates.json: template adventurer: bronze_platebody does not go in slot head',
    ]);
  });

  it('accepts a full items.json instead of the item files', async () => {
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const all: unknown[] = [];
    for (const file of ['weapons', 'armour', 'tools', 'resources', 'food', 'misc']) {
      const parsed: unknown = JSON.parse(await readFile(join(fx.dir, `items/${file}.json`), 'utf8'));
      all.push(...records(records([parsed])[0]?.items));
      await fx.remove(`items/${file}.json`);
    }
    await fx.writeRaw('items.json', JSON.stringify({ items: all }));
    const content = await loadContent(fx.dir);
    expect(content.items.get('bronze_sword')?.sourceFile).toBe('items.json');
  });

  it('accepts the split item files without items.json and reports a missing one', async () => {
    await fx.remove('items.json');
    expect((await loadContent(fx.dir)).items.get('rune_platebody')?.sourceFile).toBe('items/armour.json');
    await fx.remove('items/misc.json');
    const found = await issues();
    expect(found).toContain('items/misc.json: required manifest is missing (or provide items.json)');
    expect(found).toHaveLength(1);
  });

  it('reports duplicate item ids across files', async () => {
    await fx.edit('items/misc.json', (json) => {
      json.items = [
        ...records(json.items),
        {
          id: 'bronze_sword',
          name: 'Fake',
          category: 'misc',
          value: 1,
          stackable: false,
          tradeable: true,
          examine: 'x',
        },
      ];
    });
    expect(await issues()).toEqual([
      'items/misc.json: duplicate item id "bronze_sword" (already defined in items/weapons.json)',
    ]);
  });
});
