import { z } from 'zod';
import type { IssueList } from './errors';
import { loadItemTable } from './items-source';
import { GATHERING_FILES, MODEL_BOUNDS_FILE, RECIPE_FILES } from './manifest-files';
import { MISSING, parseElements, parseWith, readJson } from './read';
import { ammunitionSchema, type AmmunitionDef } from './schemas/ammunition';
import { biomeSchema, type BiomeDef } from './schemas/biomes';
import { buildingSchema, type BuildingDef } from './schemas/buildings';
import { styleSetSchema, type StyleSet } from './schemas/combat-styles';
import { gatheringSchema, type GatheringTable } from './schemas/gathering';
import type { ItemManifestEntry } from './schemas/items';
import { modelBoundsSchema, type ModelBounds } from './schemas/model-bounds';
import { musicTrackSchema, type MusicTrack } from './schemas/music';
import { npcSchema, type NpcManifestEntry } from './schemas/npcs';
import { prayerSchema, type PrayerDef } from './schemas/prayers';
import { questSchema, type QuestDef } from './schemas/quests';
import * as recipes from './schemas/recipes';
import { resourceSchema, type ResourceDef } from './schemas/resources';
import { skillUnlocksSchema, type SkillUnlockMap } from './schemas/skill-unlocks';
import { stationSchema, type StationDef } from './schemas/stations';
import { storeSchema, type StoreDef } from './schemas/stores';
import { toolSchema, type ToolDef } from './schemas/tools';
import { vegetationSchema, type VegetationDef } from './schemas/vegetation';
import { templatesFileSchema, type TemplateDef } from './schemas/templates';
import { areaSchema, type AreaDef } from './schemas/world-areas';
import type { GatheringSkill } from './skills';
import { makeTable, unknownTable, type Table } from './table';

/** Everything read from a manifests directory, validated per file but not yet cross-checked. */
export interface Manifests {
  items: Table<ItemManifestEntry>;
  /** Item id -> the file that defines it (for messages). */
  itemFiles: ReadonlyMap<string, string>;
  npcs: Table<NpcManifestEntry>;
  areas: Table<AreaDef>;
  biomes: Table<BiomeDef>;
  stores: Table<StoreDef>;
  stations: Table<StationDef>;
  resources: Table<ResourceDef>;
  tools: Table<ToolDef>;
  ammunition: Table<AmmunitionDef>;
  combatStyles: Table<StyleSet>;
  quests: Table<QuestDef>;
  prayers: Table<PrayerDef>;
  music: Table<MusicTrack>;
  vegetation: Table<VegetationDef>;
  buildings: Table<BuildingDef>;
  /** Only the gathering files that parsed. */
  gathering: ReadonlyMap<GatheringSkill, GatheringTable>;
  cooking: Table<recipes.CookingRecipe>;
  smelting: { stationId: string | undefined; recipes: Table<recipes.SmeltingRecipe> };
  smithing: {
    stationId: string | undefined;
    toolItemId: string | undefined;
    recipes: Table<recipes.SmithingRecipe>;
  };
  firemaking: {
    toolItemId: string | undefined;
    fireStationId: string | undefined;
    ashesItemId: string | undefined;
    recipes: Table<recipes.FiremakingRecipe>;
  };
  skillUnlocks: SkillUnlockMap | undefined;
  /** Starter kits; undefined when templates.json is unusable. */
  templates: { defaultId: string; byId: ReadonlyMap<string, TemplateDef> } | undefined;
  modelBounds: ReadonlyMap<string, ModelBounds>;
}

const byId = (e: { id: string }) => e.id;
const byItemId = (e: { itemId: string }) => e.itemId;

/** Reads a required manifest: records a missing file; undefined when unusable. */
async function readRequired(dir: string, file: string, issues: IssueList): Promise<unknown> {
  const raw = await readJson(dir, file, issues);
  if (raw === MISSING) {
    issues.add(file, 'required manifest is missing');
    return undefined;
  }
  return raw;
}

/** A manifest shaped `{ <key>: [ ...entries ] }`, parsed entry by entry. */
async function listManifest<T>(
  dir: string,
  issues: IssueList,
  file: string,
  label: string,
  key: string,
  schema: z.ZodType<T>,
  idOf: (entry: T) => string,
): Promise<Table<T>> {
  const raw = await readRequired(dir, file, issues);
  if (raw === undefined) return unknownTable(label, file);
  const envelope = parseWith(issues, file, raw, z.strictObject({ [key]: z.array(z.unknown()) }));
  if (!envelope) return unknownTable(label, file);
  return makeTable(
    issues,
    label,
    file,
    parseElements(issues, file, envelope[key] ?? [], [key], schema),
    idOf,
  );
}

/** A recipe file: header fields validated by `fileSchema`, then each recipe on its own. */
async function recipeManifest<H extends { recipes: unknown[] }, T extends { id: string }>(
  dir: string,
  issues: IssueList,
  file: string,
  fileSchema: z.ZodType<H>,
  schema: z.ZodType<T>,
): Promise<{ header: H | undefined; recipes: Table<T> }> {
  const raw = await readRequired(dir, file, issues);
  const header = raw === undefined ? undefined : parseWith(issues, file, raw, fileSchema);
  if (!header) return { header: undefined, recipes: unknownTable('recipe', file) };
  const parsed = parseElements(issues, file, header.recipes, ['recipes'], schema);
  return { header, recipes: makeTable(issues, 'recipe', file, parsed, byId) };
}

async function gatheringManifests(
  dir: string,
  issues: IssueList,
): Promise<Map<GatheringSkill, GatheringTable>> {
  const tables = new Map<GatheringSkill, GatheringTable>();
  for (const [skill, file] of Object.entries(GATHERING_FILES)) {
    const raw = await readRequired(dir, file, issues);
    const table = raw === undefined ? undefined : parseWith(issues, file, raw, gatheringSchema);
    if (!table) continue;
    if (table.skill !== skill) issues.add(file, `skill is "${table.skill}" but this is the ${skill} table`);
    else tables.set(table.skill, table);
  }
  return tables;
}

async function optionalModelBounds(dir: string, issues: IssueList): Promise<Map<string, ModelBounds>> {
  const raw = await readJson(dir, MODEL_BOUNDS_FILE, issues);
  if (raw === MISSING || raw === undefined) return new Map();
  const parsed = parseWith(issues, MODEL_BOUNDS_FILE, raw, modelBoundsSchema);
  return new Map(Object.entries(parsed ?? {}));
}

/** Reads and schema-validates every manifest in `dir`, recording all problems in `issues`. */
export async function parseManifests(dir: string, issues: IssueList): Promise<Manifests> {
  const list = <T>(file: string, label: string, key: string, schema: z.ZodType<T>, idOf: (e: T) => string) =>
    listManifest(dir, issues, file, label, key, schema, idOf);
  const { table: items, files: itemFiles } = await loadItemTable(dir, issues);
  const npcs = await list('npcs.json', 'npc', 'npcs', npcSchema, byId);
  const areas = await list('world-areas.json', 'area', 'areas', areaSchema, byId);
  const biomes = await list('biomes.json', 'biome', 'biomes', biomeSchema, byId);
  const stores = await list('stores.json', 'store', 'stores', storeSchema, byId);
  const stations = await list('stations.json', 'station', 'stations', stationSchema, byId);
  const resources = await list('resources.json', 'resource', 'resources', resourceSchema, byId);
  const tools = await list('tools.json', 'tool', 'tools', toolSchema, byItemId);
  const ammunition = await list('ammunition.json', 'ammunition', 'ammunition', ammunitionSchema, byItemId);
  const combatStyles = await list('combat-styles.json', 'style set', 'styleSets', styleSetSchema, byId);
  const quests = await list('quests.json', 'quest', 'quests', questSchema, byId);
  const prayers = await list('prayers.json', 'prayer', 'prayers', prayerSchema, byId);
  const music = await list('music.json', 'music track', 'tracks', musicTrackSchema, byId);
  const vegetation = await list('vegetation.json', 'vegetation', 'vegetation', vegetationSchema, byId);
  const buildings = await list('buildings.json', 'building', 'buildings', buildingSchema, byId);
  const cooking = await list(RECIPE_FILES.cooking, 'recipe', 'recipes', recipes.cookingRecipeSchema, byId);
  const smelting = await recipeManifest(
    dir,
    issues,
    RECIPE_FILES.smelting,
    recipes.smeltingFileSchema,
    recipes.smeltingRecipeSchema,
  );
  const smithing = await recipeManifest(
    dir,
    issues,
    RECIPE_FILES.smithing,
    recipes.smithingFileSchema,
    recipes.smithingRecipeSchema,
  );
  const firemaking = await recipeManifest(
    dir,
    issues,
    RECIPE_FILES.firemaking,
    recipes.firemakingFileSchema,
    recipes.firemakingRecipeSchema,
  );
  const unlocksRaw = await readRequired(dir, 'skill-unlocks.json', issues);
  const skillUnlocks =
    unlocksRaw === undefined
      ? undefined
      : parseWith(issues, 'skill-unlocks.json', unlocksRaw, skillUnlocksSchema);
  const templatesRaw = await readRequired(dir, 'templates.json', issues);
  const templates =
    templatesRaw === undefined
      ? undefined
      : parseWith(issues, 'templates.json', templatesRaw, templatesFileSchema);
  return {
    items,
    itemFiles,
    npcs,
    areas,
    biomes,
    stores,
    stations,
    resources,
    tools,
    ammunition,
    combatStyles,
    quests,
    prayers,
    music,
    vegetation,
    buildings,
    gathering: await gatheringManifests(dir, issues),
    cooking,
    smelting: { stationId: smelting.header?.stationId, recipes: smelting.recipes },
    smithing: {
      stationId: smithing.header?.stationId,
      toolItemId: smithing.header?.toolItemId,
      recipes: smithing.recipes,
    },
    firemaking: {
      toolItemId: firemaking.header?.toolItemId,
      fireStationId: firemaking.header?.fireStationId,
      ashesItemId: firemaking.header?.ashesItemId,
      recipes: firemaking.recipes,
    },
    skillUnlocks,
    templates: templates && {
      defaultId: templates.default,
      byId: new Map(templates.templates.map((t) => [t.id, t])),
    },
    modelBounds: await optionalModelBounds(dir, issues),
  };
}
