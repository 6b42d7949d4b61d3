import { WorldPlaces } from '@tilerealm/sdk';
import { z } from 'zod';

const named = z.looseObject({ id: z.string(), name: z.string() });
const itemsIndex = z.object({ files: z.array(z.string()) });
const itemsFile = z.object({ items: z.array(named) });
const npcsFile = z.object({ npcs: z.array(named.extend({ attackable: z.boolean().optional() })) });
const resourcesFile = z.object({ resources: z.array(named.extend({ kind: z.string() })) });
const stationsFile = z.object({
  stations: z.array(named.extend({ actions: z.array(z.looseObject({ type: z.string() })).default([]) })),
});
const storesFile = z.object({ stores: z.array(named.extend({ ownerNpcId: z.string() })) });
const areasFile = z.object({
  areas: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      description: z.string().optional(),
      biome: z.string().optional(),
      pvp: z.boolean().optional(),
      water: z
        .array(z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() }))
        .default([]),
      buildings: z.array(z.looseObject({ buildingId: z.string(), x: z.number(), z: z.number() })).default([]),
    }),
  ),
});

export type Box = { minX: number; minZ: number; maxX: number; maxZ: number };

/** What an area has beyond WorldPlaces: its description, biome, water and buildings. */
export interface AreaDetail {
  description: string | undefined;
  biome: string | undefined;
  pvp: boolean;
  water: Box[];
  buildings: { buildingId: string; x: number; z: number }[];
}

/**
 * The public content a player's client reads (the manifests the game server serves under
 * /manifests/): the map with its placed objects and NPC spawns, and the names of items, NPCs,
 * resources and stations, so the tools answer "Bronze axe", not only `bronze_axe`.
 */
export class GameContent {
  readonly itemNames = new Map<string, string>();
  readonly npcs = new Map<string, { name: string; attackable: boolean }>();
  readonly resources = new Map<string, { name: string; kind: string }>();
  readonly stations = new Map<string, { name: string; actions: string[] }>();
  /** Store names by the NPC (npcs.json id) who keeps the shop. */
  readonly shopkeepers = new Map<string, string>();
  readonly areaDetails = new Map<string, AreaDetail>();

  constructor(readonly places: WorldPlaces) {}

  itemName(itemId: string): string {
    return this.itemNames.get(itemId) ?? itemId;
  }

  objectName(defId: string): string {
    return this.resources.get(defId)?.name ?? this.stations.get(defId)?.name ?? defId;
  }

  /**
   * Fetches the manifests from `{serverUrl}/manifests/`. The map (world-areas.json) is required;
   * a names file that cannot be read leaves ids in its place and is reported through `warn`.
   */
  static async load(serverUrl: string, warn: (msg: string) => void): Promise<GameContent> {
    const get = async <T>(file: string, schema: z.ZodType<T>): Promise<T> => {
      const url = `${serverUrl}/manifests/${file}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
      return schema.parse(await res.json());
    };
    const areasJson: unknown = await get('world-areas.json', z.unknown());
    const content = new GameContent(WorldPlaces.fromManifest(areasJson));
    for (const a of areasFile.parse(areasJson).areas)
      content.areaDetails.set(a.id, {
        description: a.description,
        biome: a.biome,
        pvp: a.pvp ?? false,
        water: a.water,
        buildings: a.buildings.map((b) => ({ buildingId: b.buildingId, x: b.x, z: b.z })),
      });
    const optional = async (what: string, load: () => Promise<void>): Promise<void> => {
      try {
        await load();
      } catch (err) {
        warn(`${what}: ${err instanceof Error ? err.message : String(err)} (ids are shown instead of names)`);
      }
    };
    await Promise.all([
      optional('items', async () => {
        const { files } = await get('items.json', itemsIndex);
        for (const f of await Promise.all(files.map((file) => get(file, itemsFile))))
          for (const i of f.items) content.itemNames.set(i.id, i.name);
      }),
      optional('npcs', async () => {
        for (const n of (await get('npcs.json', npcsFile)).npcs)
          content.npcs.set(n.id, { name: n.name, attackable: n.attackable ?? false });
      }),
      optional('resources', async () => {
        for (const r of (await get('resources.json', resourcesFile)).resources)
          content.resources.set(r.id, { name: r.name, kind: r.kind });
      }),
      optional('stations', async () => {
        for (const s of (await get('stations.json', stationsFile)).stations)
          content.stations.set(s.id, { name: s.name, actions: s.actions.map((a) => a.type) });
      }),
      optional('stores', async () => {
        for (const s of (await get('stores.json', storesFile)).stores)
          content.shopkeepers.set(s.ownerNpcId, s.name);
      }),
    ]);
    return content;
  }
}
