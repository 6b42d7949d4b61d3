import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUNDLED_MANIFESTS_DIR } from '../../server/src/app/paths';
import { loadContent } from '../../server/src/content/load';
import { buildTileMap } from '../../server/src/sim/map/build-tile-map';
import type { TileMap } from '../../server/src/sim/map/tile-map';
import { areaDef, biomeDef } from '../src/content';
import {
  groundColor,
  isWater,
  parseHexColor,
  tileHeight,
  tileInfo,
  type TerrainContent,
} from '../src/game/terrain';

/** The client's view of the manifests, parsed with the client's own schemas (as loadContent does). */
function clientTerrain(): TerrainContent {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(BUNDLED_MANIFESTS_DIR, file), 'utf8'));
  const areas = z.object({ areas: z.array(areaDef) }).parse(read('world-areas.json')).areas;
  const biomes = z.object({ biomes: z.array(biomeDef) }).parse(read('biomes.json')).biomes;
  return { areas, biomes: new Map(biomes.map((b) => [b.id, b])) };
}

/** A small deterministic PRNG (mulberry32) so the sampled tiles are the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('client terrain equals the server tile map', () => {
  let client: TerrainContent;
  let map: TileMap;

  beforeAll(async () => {
    client = clientTerrain();
    map = buildTileMap(await loadContent(BUNDLED_MANIFESTS_DIR));
  }, 60_000);

  it('matches heights and water on sampled tiles of every area, its water and its edges', () => {
    const random = rng(42);
    const tiles: Array<[number, number]> = [];
    for (const area of client.areas) {
      const b = area.bounds;
      // 400 random tiles inside each area.
      for (let i = 0; i < 400; i++)
        tiles.push([
          b.minX + Math.floor(random() * (b.maxX - b.minX + 1)),
          b.minZ + Math.floor(random() * (b.maxZ - b.minZ + 1)),
        ]);
      // Every tile of every water rectangle, and a ring around it (the shore).
      for (const w of area.water ?? [])
        for (let x = w.minX - 1; x <= w.maxX + 1; x++)
          for (let z = w.minZ - 1; z <= w.maxZ + 1; z++) tiles.push([x, z]);
      // The border, inside and just outside (neighbouring areas and the void).
      for (let x = b.minX - 1; x <= b.maxX + 1; x++)
        tiles.push([x, b.minZ - 1], [x, b.minZ], [x, b.maxZ], [x, b.maxZ + 1]);
      for (let z = b.minZ; z <= b.maxZ; z++)
        tiles.push([b.minX - 1, z], [b.minX, z], [b.maxX, z], [b.maxX + 1, z]);
    }
    // Tiles far outside the world's bounding box.
    tiles.push([-10_000, 0], [5000, 5000], [200, 200], [250, 250]);
    expect(tiles.length).toBeGreaterThan(3000);

    let water = 0;
    let land = 0;
    for (const [x, z] of tiles) {
      const where = `tile (${x}, ${z})`;
      expect(tileHeight(client, x, z), where).toBe(map.height(x, z));
      expect(isWater(client, x, z), where).toBe(map.isWater(x, z));
      expect(tileInfo(client, x, z).area?.id, where).toBe(map.areaAt(x, z)?.id);
      if (map.isWater(x, z)) water++;
      else if (map.areaAt(x, z)) land++;
    }
    expect(water).toBeGreaterThan(100);
    expect(land).toBeGreaterThan(2000);
  });

  it('matches every tile of the central region', () => {
    let checked = 0;
    for (let x = -130; x <= 150; x++)
      for (let z = -210; z <= 75; z++) {
        if (tileHeight(client, x, z) !== map.height(x, z) || isWater(client, x, z) !== map.isWater(x, z))
          throw new Error(`tile (${x}, ${z}) differs from the server`);
        checked++;
      }
    expect(checked).toBe(281 * 286);
  });
});

describe('ground colours', () => {
  it('parses hex colours', () => {
    expect(parseHexColor('#ff0000')).toEqual([1, 0, 0]);
    expect(parseHexColor('#0f0')).toEqual([0, 1, 0]);
    expect(parseHexColor('green')).toBeUndefined();
    expect(parseHexColor(undefined)).toBeUndefined();
  });

  it('colours land between the biome primary and secondary colour, void and water differently', () => {
    const content = clientTerrain();
    const town = content.areas.find((a) => a.id === 'oakhaven');
    const biome = town && content.biomes.get(town.biome);
    const primary = parseHexColor(biome?.groundColors?.primary);
    const secondary = parseHexColor(biome?.groundColors?.secondary);
    if (!town || !primary || !secondary)
      throw new Error('the bundled world has no oakhaven with ground colours');
    for (let x = -20; x <= 20; x += 3) {
      const c = groundColor(content, x, 3);
      if (isWater(content, x, 3)) continue;
      for (let k = 0; k < 3; k++) {
        expect(c[k]).toBeGreaterThanOrEqual(Math.min(primary[k] ?? 0, secondary[k] ?? 0) - 1e-9);
        expect(c[k]).toBeLessThanOrEqual(Math.max(primary[k] ?? 0, secondary[k] ?? 0) + 1e-9);
      }
    }
    expect(groundColor(content, 1000, 1000)).not.toEqual(groundColor(content, 0, 0));
  });
});
