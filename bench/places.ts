import { BUNDLED_MANIFESTS_DIR } from '../packages/server/src/app/paths';
import { loadContent } from '../packages/server/src/content/load';
import { buildTileMap } from '../packages/server/src/sim/map/build-tile-map';
import type { TileMap } from '../packages/server/src/sim/map/tile-map';

/** Walkable overworld tiles connected to the spawn, in a deterministic shuffled order. */
export async function spawnTiles(count: number): Promise<Array<{ x: number; z: number }>> {
  const content = await loadContent(BUNDLED_MANIFESTS_DIR);
  const map = buildTileMap(content);
  const tiles: Array<{ x: number; z: number }> = [];
  for (let x = map.originX; x < map.originX + map.width; x++) {
    for (let z = map.originZ; z < map.originZ + map.depth; z++) {
      if (map.isWalkable(x, z) && map.connected({ x: 0, z: 0 }, { x, z })) tiles.push({ x, z });
    }
  }
  let seed = 12345;
  for (let i = tiles.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles.slice(0, count);
}

/**
 * Level-1 resources of the bundled world and a walkable tile next to each (where gatherers go), with
 * every item they yield to the starter tools (what gatherers drop when their inventory is full).
 */
export async function gatherSpots(): Promise<{
  spots: Array<{ x: number; z: number; objectId: string }>;
  yields: Set<string>;
}> {
  const content = await loadContent(BUNDLED_MANIFESTS_DIR);
  const map = buildTileMap(content);
  const yields = new Set<string>();
  const spots: Array<{ x: number; z: number; objectId: string }> = [];
  for (const area of content.areas.values())
    area.resources.forEach((placed, i) => {
      const def = content.resources.get(placed.resourceId);
      if (!def) return;
      if (def.kind === 'fishing_spot') {
        // Starter tools include a small net only.
        const net = def.methods.find((m) => m.toolKind === 'small_net');
        if (!net) return;
        for (const c of net.catches) yields.add(c.itemId);
      } else {
        if (def.levelRequired > 1) return;
        for (const y of def.yields) yields.add(y.itemId);
      }
      for (const tile of walkableBeside(map, placed.x, placed.z))
        spots.push({ ...tile, objectId: `${area.id}:r${i}` });
    });
  return { spots, yields };
}

/** Walkable tiles next to the spawns of attackable NPCs (where fighters go), and those NPCs' ids. */
export async function fightTiles(): Promise<{
  tiles: Array<{ x: number; z: number }>;
  attackable: Set<string>;
}> {
  const content = await loadContent(BUNDLED_MANIFESTS_DIR);
  const map = buildTileMap(content);
  const attackable = new Set([...content.npcs.values()].filter((n) => n.attackable).map((n) => n.id));
  const tiles: Array<{ x: number; z: number }> = [];
  for (const area of content.areas.values())
    for (const spawn of area.npcs) {
      if (!attackable.has(spawn.npcId)) continue;
      for (let dx = -3; dx <= 3; dx++)
        for (let dz = -3; dz <= 3; dz++)
          if (map.isWalkable(spawn.x + dx, spawn.z + dz)) tiles.push({ x: spawn.x + dx, z: spawn.z + dz });
    }
  return { tiles, attackable };
}

/** The walkable tiles beside (x, z), east, west, south and north of it (where a gatherer stands). */
export function walkableBeside(map: TileMap, x: number, z: number): Array<{ x: number; z: number }> {
  const out: Array<{ x: number; z: number }> = [];
  for (const [dx, dz] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const)
    if (map.isWalkable(x + dx, z + dz)) out.push({ x: x + dx, z: z + dz });
  return out;
}
