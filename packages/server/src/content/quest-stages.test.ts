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

async function issues(): Promise<readonly string[]> {
  const error = await loadContent(fx.dir).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ContentError);
  return error instanceof ContentError ? error.issues : [];
}

/** Replaces the stages of First Steps (quests.json index 0) but its last one, return_to_lina. */
async function withStages(stages: Array<Record<string, unknown>>): Promise<void> {
  await fx.edit('quests.json', (json) => {
    json.quests = records(json.quests).map((q) => {
      if (q.id !== 'first_steps') return q;
      const kept = records(q.stages).filter((s) => s.id === 'return_to_lina');
      return { ...q, stages: [...stages, ...kept] };
    });
  });
}

const base = (id: string, kind: string) => ({ id, kind, description: `Do ${id}.` });

describe('quest stages that name places, recipes, the bank and shops', () => {
  it('the shipped tutorial loads with every new kind', async () => {
    const content = await loadContent(fx.dir);
    const kinds = content.quests.get('first_steps')?.stages.map((s) => s.kind);
    expect(kinds).toEqual([
      'reach_tile',
      'gather',
      'light_fire',
      'make',
      'bank_deposit',
      'shop_buy',
      'kill',
      'dialogue',
    ]);
  });

  it('rejects malformed stages with the JSON path', async () => {
    await withStages([
      { ...base('walk', 'reach_tile'), x: 1, z: 2, radius: 17 },
      { ...base('fire', 'light_fire'), count: 0 },
      { ...base('cook', 'make'), recipeKind: 'bake', count: 1 },
      { ...base('bank', 'bank_deposit'), count: 1, slot: 3 },
      { ...base('shop', 'shop_buy') },
    ]);
    const found = await issues();
    const at = (i: number) => `quests.json: at $.quests[0].stages[${i}]`;
    expect(found).toContain(`${at(0)}.radius: Too big: expected number to be <=16`);
    expect(found).toContain(`${at(1)}.count: Too small: expected number to be >0`);
    expect(found.some((i) => i.startsWith(`${at(2)}.recipeKind: Invalid option`))).toBe(true);
    expect(found.some((i) => i.startsWith(`${at(3)}: `) && i.includes('"slot"'))).toBe(true);
    expect(found).toContain(`${at(4)}.count: Invalid input: expected number, received undefined`);
  });

  it('rejects references that do not exist or cannot happen, naming the stage', async () => {
    await withStages([
      { ...base('off_map', 'reach_tile'), x: 1000, z: 1000, radius: 2 },
      { ...base('in_lake', 'reach_tile'), x: 17, z: 17, radius: 0 },
      { ...base('burn_bread', 'light_fire'), itemId: 'bread', count: 1 },
      { ...base('burn_nothing', 'light_fire'), itemId: 'no_such_log', count: 1 },
      { ...base('bad_recipe', 'make'), recipeKind: 'cook', recipeId: 'smelt_iron_bar', count: 1 },
      { ...base('bad_product', 'make'), recipeKind: 'smelt', itemId: 'shrimps', count: 1 },
      {
        ...base('wrong_recipe_product', 'make'),
        recipeKind: 'cook',
        recipeId: 'cook_shrimps',
        itemId: 'trout',
        count: 1,
      },
      { ...base('bank_nothing', 'bank_deposit'), itemId: 'no_such_item', count: 1 },
      { ...base('no_store', 'shop_buy'), storeId: 'no_such_store', count: 1 },
      {
        ...base('not_sold_here', 'shop_buy'),
        storeId: 'oakhaven_general_store',
        itemId: 'rune_arrow',
        count: 1,
      },
      { ...base('sold_nowhere', 'shop_buy'), itemId: 'raw_shrimps', count: 1 },
    ]);
    const at = (s: string) => `quests.json: quest first_steps stage ${s}`;
    // (Guide Lina's dialogue names the replaced stages too: those issues are npcs.json's)
    expect((await issues()).filter((i) => i.startsWith('quests.json'))).toEqual([
      `${at('off_map')}: tile (1000, 1000) is inside no area`,
      `${at('in_lake')}: tile (17, 17) is water in area oakhaven`,
      `${at('burn_bread')}: bread is not burnt by any firemaking recipe`,
      `${at('burn_nothing')} burns unknown item "no_such_log"`,
      `${at('bad_recipe')}: there is no cook recipe "smelt_iron_bar"`,
      `${at('bad_product')}: shrimps is not made by any smelt recipe`,
      `${at('wrong_recipe_product')}: trout is not made by recipe cook_shrimps`,
      `${at('bank_nothing')} deposits unknown item "no_such_item"`,
      `${at('no_store')} buys from unknown store "no_such_store"`,
      `${at('not_sold_here')}: rune_arrow is not sold by store oakhaven_general_store`,
      `${at('sold_nowhere')}: raw_shrimps is sold by no store`,
    ]);
  });
});
