/**
 * What the campaign needs to know of the bundled world: where its players stand for each action
 * (found on the real tile map, so every teleport lands on a walkable tile), the general store they
 * buy from and sell to, and the base stock of every store (a store without saved rows is at it).
 */
import { BUNDLED_MANIFESTS_DIR } from '../../src/app/paths';
import { loadContent } from '../../src/content/load';
import { buildTileMap } from '../../src/sim/map/build-tile-map';
import type { StoreBases } from './db-reader';

export interface Tile {
  x: number;
  z: number;
}

export interface WorldFacts {
  stores: StoreBases;
  /** Tiles near the spawn whose east neighbour is walkable too: trades, drops and deaths happen here. */
  plaza: Tile[];
  /** A bank booth and the tile in front of it. */
  banks: Array<{ booth: string; at: Tile }>;
  /** Where a player stands to call the general store's shopkeeper. */
  shopAt: Tile;
  shop: { storeId: string; npcId: string };
  /** Items the players buy from and sell to the general store (all listed there, so no temporary stock). */
  shopItems: string[];
  /** Two neighbouring tiles in a PvP area, far from every NPC spawn. */
  pvp: { victim: Tile; attacker: Tile } | undefined;
  stackable(itemId: string): boolean;
}

const GENERAL_STORE = 'oakhaven_general_store';
const SHOP_ITEMS = ['hammer', 'fishing_bait', 'small_fishing_net'];

export async function loadWorldFacts(): Promise<WorldFacts> {
  const content = await loadContent(BUNDLED_MANIFESTS_DIR);
  const map = buildTileMap(content);
  const spawn = content.starterArea.spawnPoint ?? { x: 0, z: 0 };
  const reachable = (t: Tile) => map.isWalkable(t.x, t.z) && map.connected(spawn, t);

  const plaza: Tile[] = [];
  for (let x = spawn.x - 4; x <= spawn.x + 4; x++)
    for (let z = spawn.z - 6; z <= spawn.z - 1; z++)
      if (reachable({ x, z }) && reachable({ x: x + 1, z })) plaza.push({ x, z });
  if (plaza.length < 4)
    throw new Error('the world has no open ground south of its spawn point for the campaign');

  // Bank booths of the starter area, each with a walkable tile next to it.
  const banks: WorldFacts['banks'] = [];
  const starter = content.starterArea;
  starter.stations.forEach((s, i) => {
    const def = content.stations.get(s.stationId);
    if (!def?.actions.some((a) => a.type === 'bank')) return;
    for (const [dx, dz] of [
      [0, 1],
      [0, -1],
      [1, 0],
      [-1, 0],
    ] as const) {
      const at = { x: s.x + dx, z: s.z + dz };
      if (reachable(at)) {
        banks.push({ booth: `${starter.id}:s${i}`, at });
        return;
      }
    }
  });
  if (banks.length === 0) throw new Error('the starter area has no reachable bank booth');

  const storeDef = content.stores.get(GENERAL_STORE);
  if (!storeDef) throw new Error(`no store ${GENERAL_STORE}`);
  const keeper = starter.npcs.find((n) => n.npcId === storeDef.ownerNpcId);
  if (!keeper) throw new Error(`the starter area has no ${storeDef.ownerNpcId}`);
  let shopAt: Tile | undefined;
  for (let r = 1; r <= 3 && !shopAt; r++)
    for (let dx = -r; dx <= r && !shopAt; dx++)
      for (let dz = -r; dz <= r && !shopAt; dz++)
        if (reachable({ x: keeper.x + dx, z: keeper.z + dz }))
          shopAt = { x: keeper.x + dx, z: keeper.z + dz };
  if (!shopAt) throw new Error('no tile near the general store');

  const spawns = [...content.areas.values()].flatMap((a) => a.npcs.map((n) => ({ x: n.x, z: n.z })));
  let pvp: WorldFacts['pvp'];
  search: for (const area of content.areas.values()) {
    if (!area.pvp) continue;
    const { minX, maxX, minZ, maxZ } = area.bounds;
    for (let depth = 12; depth <= 30; depth++) {
      for (let x = Math.max(minX, -40); x <= Math.min(maxX, 40); x++) {
        const z = maxZ - depth;
        if (z < minZ) continue;
        const victim = { x, z };
        const attacker = { x: x + 1, z };
        const far = spawns.every((s) => Math.max(Math.abs(s.x - x), Math.abs(s.z - z)) >= 25);
        if (far && reachable(victim) && reachable(attacker) && map.isPvp(x, z) && map.isPvp(x + 1, z)) {
          pvp = { victim, attacker };
          break search;
        }
      }
    }
  }

  const stores = new Map<string, Map<string, number>>();
  for (const s of content.stores.values()) stores.set(s.id, new Map(s.items.map((i) => [i.itemId, i.stock])));
  const listed = new Set(storeDef.items.map((i) => i.itemId));
  for (const id of SHOP_ITEMS) if (!listed.has(id)) throw new Error(`${GENERAL_STORE} does not list ${id}`);
  return {
    stores,
    plaza,
    banks,
    shopAt,
    shop: { storeId: storeDef.id, npcId: storeDef.ownerNpcId },
    shopItems: SHOP_ITEMS,
    pvp,
    stackable: (itemId) => content.items.get(itemId)?.stackable ?? false,
  };
}
