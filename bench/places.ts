import { BUNDLED_MANIFESTS_DIR } from '../packages/server/src/app/paths';
import { loadContent } from '../packages/server/src/content/load';
import { buildTileMap } from '../packages/server/src/sim/map/build-tile-map';

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
