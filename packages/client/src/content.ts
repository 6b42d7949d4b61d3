import { z } from 'zod';

/**
 * The world's content as the client needs it, read from the game server's public manifests
 * (`/manifests/*.json`, the same files the server validated at start-up). Only the fields the client
 * uses are checked; everything else in a record is kept (loose objects), so content can grow
 * without a client change.
 */
const named = { id: z.string(), name: z.string(), examine: z.string().optional() };

export const itemDef = z.looseObject({
  ...named,
  value: z.number().optional(),
  stackable: z.boolean().optional(),
  tradeable: z.boolean().optional(),
  equipSlot: z.string().optional(),
  model: z.string().optional(),
  heal: z.number().optional(),
});
export const npcDef = z.looseObject({
  ...named,
  model: z.string().optional(),
  attackable: z.boolean().optional(),
  combatLevel: z.number().optional(),
  level: z.number().optional(),
});
export const resourceDef = z.looseObject({
  ...named,
  kind: z.string(),
  model: z.string().optional(),
  depletedModel: z.string().optional(),
  levelRequired: z.number().optional(),
});
export const stationDef = z.looseObject({
  ...named,
  model: z.string().optional(),
  modelScale: z.number().optional(),
  actions: z.array(z.looseObject({ type: z.string(), label: z.string() })).optional(),
});
export const buildingDef = z.looseObject({
  ...named,
  model: z.string().optional(),
  modelScale: z.number().optional(),
  footprint: z.object({ width: z.number(), depth: z.number() }).optional(),
});
export const musicTrack = z.looseObject({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  file: z.string(),
  areas: z.array(z.string()).optional(),
});
export const prayerDef = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  level: z.number(),
});
export const questDef = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  difficulty: z.string().optional(),
});
export const skillUnlock = z.looseObject({
  level: z.number(),
  description: z.string(),
  type: z.string().optional(),
});
export const biomeDef = z.looseObject({
  id: z.string(),
  name: z.string(),
  terrain: z.object({ baseHeight: z.number(), heightVariation: z.number(), waterLevel: z.number() }),
  groundColors: z
    .looseObject({ primary: z.string(), secondary: z.string().optional(), path: z.string().optional() })
    .optional(),
  fogColor: z.string().optional(),
});
const rect = z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() });
const placed = { x: z.number(), z: z.number() };
export const areaDef = z.looseObject({
  id: z.string(),
  name: z.string(),
  bounds: rect,
  biome: z.string(),
  safeZone: z.boolean().optional(),
  pvp: z.boolean().optional(),
  spawnPoint: z.object(placed).optional(),
  music: z.array(z.string()).optional(),
  water: z.array(rect).optional(),
  paths: z.array(z.unknown()).optional(),
  resources: z
    .array(z.looseObject({ resourceId: z.string(), ...placed, id: z.string().optional() }))
    .optional(),
  stations: z
    .array(z.looseObject({ stationId: z.string(), ...placed, id: z.string().optional() }))
    .optional(),
  buildings: z
    .array(z.looseObject({ buildingId: z.string(), ...placed, id: z.string().optional() }))
    .optional(),
});

export type ItemDef = z.infer<typeof itemDef>;
export type NpcDef = z.infer<typeof npcDef>;
export type ResourceDef = z.infer<typeof resourceDef>;
export type StationDef = z.infer<typeof stationDef>;
export type BuildingDef = z.infer<typeof buildingDef>;
export type MusicTrack = z.infer<typeof musicTrack>;
export type PrayerDef = z.infer<typeof prayerDef>;
export type QuestDef = z.infer<typeof questDef>;
export type SkillUnlock = z.infer<typeof skillUnlock>;
export type BiomeDef = z.infer<typeof biomeDef>;
export type AreaDef = z.infer<typeof areaDef>;

export interface Content {
  items: Map<string, ItemDef>;
  npcs: Map<string, NpcDef>;
  resources: Map<string, ResourceDef>;
  stations: Map<string, StationDef>;
  buildings: Map<string, BuildingDef>;
  music: MusicTrack[];
  prayers: PrayerDef[];
  quests: Map<string, QuestDef>;
  skillUnlocks: Record<string, SkillUnlock[]>;
  biomes: Map<string, BiomeDef>;
  areas: AreaDef[];
  /** Raw manifests by file name, for features that need more than the fields above. */
  raw: Map<string, unknown>;
}

/** A display name for an item id (the id itself when the item is unknown). */
export function itemName(content: Content, itemId: string): string {
  return content.items.get(itemId)?.name ?? itemId;
}

/** The area whose bounds contain the tile, if any. */
export function areaAt(content: Content, x: number, z: number): AreaDef | undefined {
  return content.areas.find(
    (a) => x >= a.bounds.minX && x <= a.bounds.maxX && z >= a.bounds.minZ && z <= a.bounds.maxZ,
  );
}

function byId<T extends { id: string }>(list: T[]): Map<string, T> {
  return new Map(list.map((x) => [x.id, x]));
}

async function fetchJson(baseUrl: string, file: string): Promise<unknown> {
  const response = await fetch(new URL(`/manifests/${file}`, baseUrl));
  if (!response.ok) throw new Error(`manifest ${file}: HTTP ${response.status}`);
  return response.json();
}

/** Loads every manifest the client uses from the game server (public, not rate limited). */
export async function loadContent(baseUrl: string): Promise<Content> {
  const files = [
    'items.json',
    'npcs.json',
    'resources.json',
    'stations.json',
    'buildings.json',
    'music.json',
    'prayers.json',
    'quests.json',
    'skill-unlocks.json',
    'biomes.json',
    'world-areas.json',
    'combat-styles.json',
    'stores.json',
  ];
  const raw = new Map<string, unknown>();
  await Promise.all(files.map(async (f) => raw.set(f, await fetchJson(baseUrl, f))));
  const itemIndex = z.object({ files: z.array(z.string()) }).parse(raw.get('items.json'));
  const itemLists = await Promise.all(
    itemIndex.files.map(
      async (f) => z.object({ items: z.array(itemDef) }).parse(await fetchJson(baseUrl, f)).items,
    ),
  );
  const get = (f: string): unknown => raw.get(f);
  return {
    items: byId(itemLists.flat()),
    npcs: byId(z.object({ npcs: z.array(npcDef) }).parse(get('npcs.json')).npcs),
    resources: byId(z.object({ resources: z.array(resourceDef) }).parse(get('resources.json')).resources),
    stations: byId(z.object({ stations: z.array(stationDef) }).parse(get('stations.json')).stations),
    buildings: byId(z.object({ buildings: z.array(buildingDef) }).parse(get('buildings.json')).buildings),
    music: z.object({ tracks: z.array(musicTrack) }).parse(get('music.json')).tracks,
    prayers: z.object({ prayers: z.array(prayerDef) }).parse(get('prayers.json')).prayers,
    quests: byId(z.object({ quests: z.array(questDef) }).parse(get('quests.json')).quests),
    skillUnlocks: z.record(z.string(), z.array(skillUnlock)).parse(get('skill-unlocks.json')),
    biomes: byId(z.object({ biomes: z.array(biomeDef) }).parse(get('biomes.json')).biomes),
    areas: z.object({ areas: z.array(areaDef) }).parse(get('world-areas.json')).areas,
    raw,
  };
}
