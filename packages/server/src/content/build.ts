import type { Content, ItemDef, NpcDef } from './content-types';
import { combatLevel } from './formulas';
import type { Manifests } from './parse-manifests';
import { BONUS_KEYS, ZERO_BONUSES, type Bonuses, type ItemManifestEntry } from './schemas/items';
import type { AmmunitionDef } from './schemas/ammunition';
import type { ToolDef } from './schemas/tools';

/** Thrown only if build is called on manifests that did not pass validation (a bug). */
function missing(what: string): never {
  throw new Error(`content build: ${what} missing after successful validation`);
}

function fullBonuses(item: ItemManifestEntry, ammo: AmmunitionDef | undefined): Bonuses {
  const out: Bonuses = { ...ZERO_BONUSES };
  for (const key of BONUS_KEYS) out[key] = item.bonuses?.[key] ?? 0;
  if (ammo) out.rangedStrength = ammo.rangedStrength;
  return out;
}

function toItemDef(
  item: ItemManifestEntry,
  file: string,
  tool: ToolDef | undefined,
  ammo: AmmunitionDef | undefined,
): ItemDef {
  return {
    id: item.id,
    name: item.name,
    category: item.category,
    value: item.value,
    stackable: item.stackable,
    tradeable: item.tradeable,
    droppable: item.droppable ?? true,
    examine: item.examine,
    weight: item.weight ?? null,
    model: item.model ?? null,
    equipSlot: item.equipSlot ?? null,
    requirements: { ...item.requirements },
    bonuses: fullBonuses(item, ammo),
    weapon: item.weapon ?? null,
    food: item.food ?? null,
    prayerXp: item.prayerXp ?? null,
    tool: tool ?? null,
    ammunition: ammo ?? null,
    sourceFile: file,
  };
}

function toNpcDef(npc: Manifests['npcs']['entries'][number]): NpcDef {
  const levels = npc.combat?.levels;
  return { ...npc, combatLevel: npc.attackable && levels ? combatLevel(levels) : null };
}

/** Assembles the public Content view from manifests that passed every check. */
export function buildContent(m: Manifests): Content {
  const items = new Map<string, ItemDef>();
  for (const item of m.items.entries) {
    const file = m.itemFiles.get(item.id) ?? 'items.json';
    items.set(item.id, toItemDef(item, file, m.tools.byId.get(item.id), m.ammunition.byId.get(item.id)));
  }
  const starterArea = m.areas.entries.find((a) => a.starter === true) ?? missing('starter area');
  return {
    items,
    npcs: new Map(m.npcs.entries.map((n) => [n.id, toNpcDef(n)])),
    areas: m.areas.byId,
    starterArea,
    biomes: m.biomes.byId,
    stores: m.stores.byId,
    stations: m.stations.byId,
    resources: m.resources.byId,
    tools: m.tools.byId,
    ammunition: m.ammunition.byId,
    combatStyles: m.combatStyles.byId,
    gathering: m.gathering,
    recipes: {
      cooking: m.cooking.byId,
      smelting: {
        stationId: m.smelting.stationId ?? missing('smelting station'),
        recipes: m.smelting.recipes.byId,
      },
      smithing: {
        stationId: m.smithing.stationId ?? missing('smithing station'),
        toolItemId: m.smithing.toolItemId ?? missing('smithing tool'),
        recipes: m.smithing.recipes.byId,
      },
      firemaking: {
        toolItemId: m.firemaking.toolItemId ?? missing('firemaking tool'),
        fireStationId: m.firemaking.fireStationId ?? missing('fire station'),
        ashesItemId: m.firemaking.ashesItemId ?? missing('ashes item'),
        recipes: m.firemaking.recipes.byId,
      },
    },
    quests: m.quests.byId,
    prayers: m.prayers.byId,
    music: m.music.byId,
    vegetation: m.vegetation.byId,
    buildings: m.buildings.byId,
    skillUnlocks: m.skillUnlocks ?? missing('skill unlocks'),
    templates: m.templates ?? missing('templates'),
    modelBounds: m.modelBounds,
  };
}
