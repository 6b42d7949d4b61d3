import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { combatLevel, interpolatedChance } from './formulas';
import { areaAt, pvpLevelAt, rectContains } from './geometry';
import { loadContent, MANIFEST_FILES, type Content } from './load';
import { SKILLS } from './skills';
import { SHIPPED_MANIFESTS } from './test-fixtures';

let content: Content;

beforeAll(async () => {
  content = await loadContent(SHIPPED_MANIFESTS);
});

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...(await listFiles(join(dir, entry.name), `${prefix}${entry.name}/`)));
    else out.push(`${prefix}${entry.name}`);
  }
  return out;
}

const opensBank = (c: Content, npcId: string) =>
  c.npcs
    .get(npcId)
    ?.dialogue?.nodes.some((n) => n.responses?.some((r) => r.effects?.some((e) => e.type === 'open_bank'))) ??
  false;

describe('shipped default world', () => {
  it('ships more than 25 manifest files, all of them listed in MANIFEST_FILES', async () => {
    const files = (await listFiles(SHIPPED_MANIFESTS)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(25);
    expect(MANIFEST_FILES.length).toBeGreaterThan(25);
    for (const f of files) expect(MANIFEST_FILES).toContain(f);
    for (const f of MANIFEST_FILES.filter((m) => m !== 'model-bounds.json')) expect(files).toContain(f);
  });

  it('has a safe starter town containing tile (0,0) with bank, shops, altar, furnace, anvil and range', () => {
    const town = content.starterArea;
    expect(rectContains(town.bounds, 0, 0)).toBe(true);
    expect(areaAt(content.areas.values(), 0, 0)?.id).toBe(town.id);
    expect(town.safeZone).toBe(true);
    expect(town.spawnPoint).toEqual({ x: 0, z: 0 });
    const stations = new Set(town.stations.map((s) => s.stationId));
    for (const s of ['bank_booth', 'altar', 'furnace', 'anvil', 'cooking_range'])
      expect(stations).toContain(s);
    const npcs = town.npcs.map((s) => s.npcId);
    expect(npcs.some((id) => opensBank(content, id))).toBe(true);
    const townStores = [...content.stores.values()].filter((s) => npcs.includes(s.ownerNpcId));
    expect(townStores.some((s) => s.buysAnything)).toBe(true);
    expect(townStores.length).toBeGreaterThanOrEqual(3);
  });

  it('has at least 8 areas covering forest, fishing water, mine, cows, goblins, pvp wilderness and a dungeon', () => {
    const areas = [...content.areas.values()];
    expect(areas.length).toBeGreaterThanOrEqual(8);
    const kinds = (id: string) =>
      areas.filter((a) => a.resources.some((r) => content.resources.get(r.resourceId)?.kind === id));
    expect(kinds('tree').length).toBeGreaterThanOrEqual(3);
    expect(
      kinds('rock').some((a) => a.resources.filter((r) => r.resourceId.endsWith('_rock')).length >= 10),
    ).toBe(true);
    const fishing = kinds('fishing_spot');
    expect(fishing.length).toBeGreaterThanOrEqual(2);
    expect(fishing.every((a) => a.water.length > 0)).toBe(true);
    const spawns = (npcId: string) => areas.filter((a) => a.npcs.some((s) => s.npcId === npcId));
    for (const id of ['cow', 'chicken', 'goblin', 'banker_oswin'])
      expect(spawns(id).length).toBeGreaterThan(0);
    const wilds = areas.filter((a) => a.pvp);
    expect(wilds).toHaveLength(1);
    const wild = wilds[0];
    if (!wild) throw new Error('no pvp area');
    expect(pvpLevelAt(wild, 0, -65)).toBe(1);
    expect(pvpLevelAt(wild, 0, -69)).toBe(2);
    expect(pvpLevelAt(wild, 0, -200)).toBe(34);
    expect(pvpLevelAt(content.starterArea, 0, 0)).toBe(0);
    const ladder = areas.flatMap((a) => a.stations).find((s) => s.stationId === 'ladder_down');
    expect(ladder?.destination && areaAt(areas, ladder.destination.x, ladder.destination.z)?.id).toBe(
      'gloomhollow_depths',
    );
  });

  it('has 24+ NPCs with combat stats, drops and dialogue', () => {
    const npcs = [...content.npcs.values()];
    expect(npcs.length).toBeGreaterThanOrEqual(24);
    expect(npcs.filter((n) => n.attackable).length).toBeGreaterThanOrEqual(15);
    expect(npcs.filter((n) => n.dialogue).length).toBeGreaterThanOrEqual(15);
    for (const id of ['cow', 'chicken', 'goblin', 'giant_rat', 'town_guard', 'skeleton', 'wolf', 'bandit']) {
      expect(content.npcs.get(id)?.combat, id).toBeDefined();
    }
    expect(content.npcs.get('cow')?.drops?.always.map((d) => d.itemId)).toEqual([
      'bones',
      'raw_beef',
      'cowhide',
    ]);
    expect(content.npcs.get('goblin')?.combatLevel).toBeGreaterThan(1);
    expect(content.npcs.get('banker_oswin')?.combatLevel).toBeNull();
  });

  it('has 150+ items with full OSRS-style data', () => {
    expect(content.items.size).toBeGreaterThanOrEqual(150);
    for (const tier of ['bronze', 'iron', 'steel', 'mithril', 'adamant', 'rune']) {
      for (const kind of ['scimitar', 'platebody', 'axe', 'pickaxe'])
        expect(content.items.has(`${tier}_${kind}`)).toBe(true);
    }
    const coins = content.items.get('coins');
    expect(coins).toMatchObject({ stackable: true, category: 'currency', equipSlot: null });
    expect(content.items.get('shrimps')?.food).toEqual({ heal: 30, eatDelay: 3 });
    expect(content.items.get('bones')?.prayerXp).toBe(4.5);
    const scimitar = content.items.get('rune_scimitar');
    expect(scimitar).toMatchObject({
      equipSlot: 'weapon',
      requirements: { attack: 40 },
      weapon: { attackSpeed: 4, range: 1 },
    });
    expect(Object.keys(scimitar?.bonuses ?? {})).toHaveLength(11);
    expect(content.items.get('rune_arrow')?.bonuses.rangedStrength).toBe(49);
    expect(content.items.get('bronze_axe')?.tool).toMatchObject({ kind: 'axe', tier: 1 });
    const questItems = [...content.items.values()].filter((i) => i.category === 'quest');
    expect(questItems.length).toBeGreaterThan(0);
    expect(questItems.every((i) => !i.tradeable && !i.droppable)).toBe(true);
  });

  it('covers stores, prayers, quests, recipes, gathering and skill unlocks', () => {
    expect(content.stores.size).toBeGreaterThanOrEqual(7);
    expect(content.prayers.size).toBeGreaterThanOrEqual(9);
    expect(content.quests.size).toBeGreaterThanOrEqual(8);
    const kinds = new Set([...content.quests.values()].flatMap((q) => q.stages.map((s) => s.kind)));
    expect([...kinds].sort()).toEqual([
      'bank_deposit',
      'deliver',
      'dialogue',
      'gather',
      'interact',
      'kill',
      'light_fire',
      'make',
      'reach_area',
      'reach_tile',
      'shop_buy',
    ]);
    expect(content.recipes.smelting.recipes.get('smelt_iron_bar')?.successChance).toBe(0.5);
    expect(content.recipes.smithing.toolItemId).toBe('hammer');
    expect(content.recipes.cooking.size).toBeGreaterThanOrEqual(10);
    expect(content.recipes.firemaking.recipes.size).toBe(6);
    expect([...content.gathering.keys()].sort()).toEqual(['fishing', 'mining', 'woodcutting']);
    expect(Object.keys(content.skillUnlocks).sort()).toEqual([...SKILLS].sort());
    for (const skill of SKILLS) expect(content.skillUnlocks[skill].length).toBeGreaterThan(0);
    expect([...content.music.values()].some((t) => t.category === 'combat')).toBe(true);
  });

  it('offers starter templates with a valid default', () => {
    expect(content.templates.byId.size).toBeGreaterThanOrEqual(3);
    expect(content.templates.byId.has(content.templates.defaultId)).toBe(true);
    const archer = content.templates.byId.get('archer');
    expect(archer?.equipment.find((e) => e.slot === 'ammo')?.itemId).toBe('bronze_arrow');
  });

  it('cooking data agrees with the stop-burn levels', () => {
    for (const recipe of content.recipes.cooking.values()) {
      for (const m of recipe.methods)
        expect(interpolatedChance(m.low, m.high, m.stopBurnLevel), recipe.id).toBe(1);
    }
  });
});

describe('formulas', () => {
  it('interpolates low/high chances like OSRS', () => {
    expect(interpolatedChance(64, 200, 1)).toBeCloseTo(65 / 256);
    expect(interpolatedChance(64, 200, 99)).toBeCloseTo(201 / 256);
    expect(interpolatedChance(0, 1024, 99)).toBe(1);
  });

  it('gives a new character combat level 3', () => {
    expect(combatLevel({ attack: 1, strength: 1, defense: 1, constitution: 10, ranged: 1, prayer: 1 })).toBe(
      3,
    );
    expect(
      combatLevel({ attack: 99, strength: 99, defense: 99, constitution: 99, ranged: 1, prayer: 99 }),
    ).toBe(126);
  });
});
