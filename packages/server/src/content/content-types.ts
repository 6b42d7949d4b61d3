import type { AmmunitionDef } from './schemas/ammunition';
import type { BiomeDef } from './schemas/biomes';
import type { BuildingDef } from './schemas/buildings';
import type { StyleSet } from './schemas/combat-styles';
import type { SkillLevels } from './schemas/common';
import type { GatheringTable } from './schemas/gathering';
import type { Bonuses, EquipSlot, ItemCategory, ItemManifestEntry } from './schemas/items';
import type { ModelBounds } from './schemas/model-bounds';
import type { MusicTrack } from './schemas/music';
import type { NpcManifestEntry } from './schemas/npcs';
import type { PrayerDef } from './schemas/prayers';
import type { QuestDef } from './schemas/quests';
import type { CookingRecipe, FiremakingRecipe, SmeltingRecipe, SmithingRecipe } from './schemas/recipes';
import type { ResourceDef } from './schemas/resources';
import type { SkillUnlockMap } from './schemas/skill-unlocks';
import type { StationDef } from './schemas/stations';
import type { StoreDef } from './schemas/stores';
import type { ToolDef } from './schemas/tools';
import type { VegetationDef } from './schemas/vegetation';
import type { TemplateDef } from './schemas/templates';
import type { AreaDef } from './schemas/world-areas';
import type { GatheringSkill } from './skills';

/**
 * An item as the rest of the server sees it: manifest defaults filled in (bonuses complete,
 * requirements an object, nullable instead of optional) and its tool/ammunition data attached.
 */
export interface ItemDef {
  id: string;
  name: string;
  category: ItemCategory;
  value: number;
  stackable: boolean;
  tradeable: boolean;
  droppable: boolean;
  examine: string;
  weight: number | null;
  model: string | null;
  equipSlot: EquipSlot | null;
  /** Levels needed to equip (or use). */
  requirements: SkillLevels;
  /** Every bonus key present; ammunition's rangedStrength comes from ammunition.json. */
  bonuses: Bonuses;
  weapon: NonNullable<ItemManifestEntry['weapon']> | null;
  food: NonNullable<ItemManifestEntry['food']> | null;
  prayerXp: number | null;
  tool: ToolDef | null;
  ammunition: AmmunitionDef | null;
  /** The manifest file that defines the item. */
  sourceFile: string;
}

/** An NPC plus its computed combat level (null when not attackable). */
export interface NpcDef extends NpcManifestEntry {
  combatLevel: number | null;
}

export interface Recipes {
  cooking: ReadonlyMap<string, CookingRecipe>;
  smelting: { stationId: string; recipes: ReadonlyMap<string, SmeltingRecipe> };
  smithing: { stationId: string; toolItemId: string; recipes: ReadonlyMap<string, SmithingRecipe> };
  firemaking: {
    toolItemId: string;
    fireStationId: string;
    ashesItemId: string;
    recipes: ReadonlyMap<string, FiremakingRecipe>;
  };
}

/**
 * The validated, cross-checked content of a world. Maps are keyed by id (tools and ammunition by
 * item id); insertion order is manifest order.
 */
export interface Content {
  items: ReadonlyMap<string, ItemDef>;
  npcs: ReadonlyMap<string, NpcDef>;
  areas: ReadonlyMap<string, AreaDef>;
  /** The one area new characters spawn in (contains tile 0,0). */
  starterArea: AreaDef;
  biomes: ReadonlyMap<string, BiomeDef>;
  stores: ReadonlyMap<string, StoreDef>;
  stations: ReadonlyMap<string, StationDef>;
  resources: ReadonlyMap<string, ResourceDef>;
  tools: ReadonlyMap<string, ToolDef>;
  ammunition: ReadonlyMap<string, AmmunitionDef>;
  combatStyles: ReadonlyMap<string, StyleSet>;
  gathering: ReadonlyMap<GatheringSkill, GatheringTable>;
  recipes: Recipes;
  quests: ReadonlyMap<string, QuestDef>;
  prayers: ReadonlyMap<string, PrayerDef>;
  music: ReadonlyMap<string, MusicTrack>;
  vegetation: ReadonlyMap<string, VegetationDef>;
  buildings: ReadonlyMap<string, BuildingDef>;
  /** Served as-is by GET /api/data/skill-unlocks. */
  skillUnlocks: SkillUnlockMap;
  /** Starter kits offered at character creation; `defaultId` names one of them. */
  templates: { defaultId: string; byId: ReadonlyMap<string, TemplateDef> };
  /** Empty when model-bounds.json is absent. */
  modelBounds: ReadonlyMap<string, ModelBounds>;
}
