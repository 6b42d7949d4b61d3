import { beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '../../content/content-types';
import { loadContent } from '../../content/load';
import { SHIPPED_MANIFESTS } from '../../content/test-fixtures';
import { buildTileMap } from './build-tile-map';
import { buildingDoors, buildingRect, forEachTile, resourceRect, stationRect } from './footprints';
import { TileMap } from './tile-map';

let content: Content;
let map: TileMap;

beforeAll(async () => {
  content = await loadContent(SHIPPED_MANIFESTS);
  map = buildTileMap(content);
});

const area = (id: string) => {
  const a = content.areas.get(id);
  if (!a) throw new Error(`no area ${id}`);
  return a;
};

/** Every tile reachable from `start` by legal steps (canStep), as "x,z" keys. */
function flood(m: TileMap, start: { x: number; z: number }): Set<string> {
  const seen = new Set([`${start.x},${start.z}`]);
  const queue = [start];
  for (let tile = queue.shift(); tile; tile = queue.shift()) {
    for (let dx = -1; dx <= 1; dx++)
      for (let dz = -1; dz <= 1; dz++) {
        const key = `${tile.x + dx},${tile.z + dz}`;
        if (!seen.has(key) && m.canStep(tile.x, tile.z, dx, dz)) {
          seen.add(key);
          queue.push({ x: tile.x + dx, z: tile.z + dz });
        }
      }
  }
  return seen;
}

describe('the shipped world map', () => {
  it('spans every area and reports the area of a tile', () => {
    for (const a of content.areas.values()) {
      expect(map.areaAt(a.bounds.minX, a.bounds.minZ)?.id).toBe(a.id);
      expect(map.areaAt(a.bounds.maxX, a.bounds.maxZ)?.id).toBe(a.id);
    }
    expect(map.areaAt(0, 0)?.id).toBe(content.starterArea.id);
    expect(map.areaAt(0, 25)?.id).toBe('meadowbrook_farm');
  });

  it('has a walkable, safe spawn tile (0,0)', () => {
    expect(map.isWalkable(0, 0)).toBe(true);
    expect(map.isSafeZone(0, 0)).toBe(true);
    expect(map.isPvp(0, 0)).toBe(false);
    expect(map.pvpLevel(0, 0)).toBe(0);
  });

  it('blocks tiles outside every area, including off the grid', () => {
    expect(map.inBounds(200, 0)).toBe(true);
    expect(map.areaAt(200, 0)).toBeUndefined();
    expect(map.isWalkable(200, 0)).toBe(false);
    expect(map.inBounds(-1000, 0)).toBe(false);
    expect(map.isWalkable(-1000, 0)).toBe(false);
    expect(map.areaAt(-1000, 0)).toBeUndefined();
  });

  it('blocks every water tile and puts it at the biome water level', () => {
    for (const a of content.areas.values()) {
      const level = content.biomes.get(a.biome)?.terrain.waterLevel;
      for (const w of a.water)
        forEachTile(w, (x, z) => {
          expect(map.isWater(x, z)).toBe(true);
          expect(map.isWalkable(x, z)).toBe(false);
          expect(map.height(x, z)).toBeCloseTo(level ?? NaN, 5);
        });
    }
    expect(map.isWalkable(17, 17)).toBe(false);
    expect(map.isWalkable(14, 17)).toBe(true);
  });

  it('gives dry tiles a deterministic height within the biome range', () => {
    const a = content.starterArea;
    const terrain = content.biomes.get(a.biome)?.terrain;
    if (!terrain) throw new Error('no biome');
    const again = buildTileMap(content);
    for (let x = -5; x <= 5; x++)
      for (let z = -5; z <= 5; z++) {
        const h = map.height(x, z);
        expect(h).toBeGreaterThanOrEqual(terrain.baseHeight);
        expect(h).toBeLessThanOrEqual(terrain.baseHeight + terrain.heightVariation);
        expect(again.height(x, z)).toBe(h);
      }
  });

  it('blocks the footprint of every blocking station, tree and rock, rotated', () => {
    for (const a of content.areas.values()) {
      for (const s of a.stations) {
        const rect = stationRect(content, s);
        if (rect)
          forEachTile(rect, (x, z) => expect(map.isWalkable(x, z), `${s.stationId} ${x},${z}`).toBe(false));
      }
      for (const r of a.resources) {
        const rect = resourceRect(content, r);
        if (rect)
          forEachTile(rect, (x, z) => expect(map.isWalkable(x, z), `${r.resourceId} ${x},${z}`).toBe(false));
      }
    }
    // The furnace model is 2x2 tiles; the altar (2x1) is placed at 180 degrees, which keeps it 2x1.
    for (const [x, z] of [
      [-11, 8],
      [-10, 8],
      [-11, 9],
      [-10, 9],
      [10, 12],
      [11, 12],
    ] as const)
      expect(map.isWalkable(x, z)).toBe(false);
    expect(map.isWalkable(10, 11)).toBe(true); // inside the chapel, in front of the altar
  });

  it('gives buildings solid walls with a doorway in each wall and a walkable floor', () => {
    const bank = area('oakhaven').buildings.find((b) => b.buildingId === 'bank_hall');
    const rect = bank && buildingRect(content, bank);
    if (!rect) throw new Error('no bank hall');
    expect(rect).toEqual({ minX: -12, minZ: -12, maxX: -7, maxZ: -7 });
    const doors = buildingDoors(rect);
    for (const d of doors) expect(map.isWalkable(d.x, d.z)).toBe(true);
    expect(map.isWalkable(-12, -10)).toBe(false);
    expect(map.isWalkable(-7, -7)).toBe(false);
    expect(map.isWalkable(-10, -10)).toBe(true);
    // The market stall (3x2) has no room inside: solid.
    const stall = area('saltmarsh_coast').buildings.find((b) => b.buildingId === 'market_stall');
    const stallRect = stall && buildingRect(content, stall);
    if (!stallRect) throw new Error('no market stall');
    forEachTile(stallRect, (x, z) => expect(map.isWalkable(x, z)).toBe(false));
  });

  it('reports pvp flags and depth levels from the area rules', () => {
    expect(map.isPvp(0, -65)).toBe(true);
    expect(map.isSafeZone(0, -65)).toBe(false);
    expect(map.pvpLevel(0, -65)).toBe(1);
    expect(map.pvpLevel(0, -69)).toBe(2);
    expect(map.pvpLevel(0, -200)).toBe(34);
    expect(map.pvpLevel(0, -64)).toBe(0);
  });

  it('connects the overworld but not the dungeon below it', () => {
    expect(map.connected({ x: 0, z: 0 }, { x: 0, z: -150 })).toBe(true);
    expect(map.connected({ x: 0, z: 0 }, { x: 100, z: 0 })).toBe(true);
    expect(map.connected({ x: 0, z: 0 }, { x: 330, z: 356 })).toBe(false);
  });

  it('lets a player reach a tile next to every station, tree and rock', () => {
    const fromSpawn = flood(map, { x: 0, z: 0 });
    const ladder = [...content.areas.values()].flatMap((a) => a.stations).find((s) => s.destination);
    const below = ladder?.destination ? flood(map, ladder.destination) : new Set<string>();
    const reachable = (key: string) => fromSpawn.has(key) || below.has(key);
    const rects = [...content.areas.values()].flatMap((a) => [
      ...a.stations.map((s) => ({ what: s.stationId, rect: stationRect(content, s) })),
      ...a.resources.map((r) => ({ what: r.resourceId, rect: resourceRect(content, r) })),
    ]);
    for (const { what, rect } of rects) {
      if (!rect) continue;
      const beside: string[] = [];
      for (let x = rect.minX; x <= rect.maxX; x++)
        beside.push(`${x},${rect.minZ - 1}`, `${x},${rect.maxZ + 1}`);
      for (let z = rect.minZ; z <= rect.maxZ; z++)
        beside.push(`${rect.minX - 1},${z}`, `${rect.maxX + 1},${z}`);
      expect(beside.some(reachable), `${what} at ${rect.minX},${rect.minZ}`).toBe(true);
    }
  });
});

describe('TileMap basics', () => {
  it('draws fixture grids with the first row as the north edge', () => {
    const m = TileMap.fromGrid(['#.', '.~'], { originX: 10, originZ: 20 });
    expect(m.width).toBe(2);
    expect(m.depth).toBe(2);
    expect(m.isWalkable(10, 21)).toBe(false);
    expect(m.isWalkable(11, 21)).toBe(true);
    expect(m.isWalkable(10, 20)).toBe(true);
    expect(m.isWater(11, 20)).toBe(true);
    expect(m.isWalkable(11, 20)).toBe(false);
    expect(() => TileMap.fromGrid(['..', '.'])).toThrow(/columns/);
    expect(() => TileMap.fromGrid(['.x'])).toThrow(/unknown tile/);
  });

  it('applies the diagonal rule in canStep', () => {
    const m = TileMap.fromGrid(['...', '.#.', '...']);
    expect(m.canStep(0, 0, 1, 0)).toBe(true);
    expect(m.canStep(0, 0, 1, 1)).toBe(false);
    expect(m.canStep(1, 0, 1, 1)).toBe(false);
    expect(m.canStep(0, 1, 0, 1)).toBe(true);
    expect(m.canStep(0, 2, 1, 0)).toBe(true);
    expect(m.canStep(0, 0, 2, 0)).toBe(false);
    expect(m.canStep(0, 0, -1, 0)).toBe(false);
    expect(m.canStep(0, 0, 0, 0)).toBe(true);
  });

  it('counts dynamic blockers and never unblocks static collision', () => {
    const m = TileMap.fromGrid(['.#']);
    m.addBlocker(0, 0);
    m.addBlocker(0, 0);
    m.removeBlocker(0, 0);
    expect(m.isWalkable(0, 0)).toBe(false);
    m.removeBlocker(0, 0);
    expect(m.isWalkable(0, 0)).toBe(true);
    m.addBlocker(1, 0);
    m.removeBlocker(1, 0);
    expect(m.isWalkable(1, 0)).toBe(false);
  });

  it('labels statically connected regions', () => {
    const m = TileMap.fromGrid(['..#..', '.#...', '#.#..']);
    expect(m.connected({ x: 0, z: 2 }, { x: 0, z: 1 })).toBe(true);
    // (1,0) touches (0,1) only diagonally, across two blocked tiles: not connected.
    expect(m.connected({ x: 1, z: 0 }, { x: 0, z: 1 })).toBe(false);
    expect(m.connected({ x: 0, z: 2 }, { x: 4, z: 0 })).toBe(false);
    expect(m.connected({ x: 3, z: 2 }, { x: 4, z: 0 })).toBe(true);
    expect(m.connected({ x: 2, z: 2 }, { x: 2, z: 2 })).toBe(false);
    expect(m.connected({ x: -1, z: 0 }, { x: 0, z: 0 })).toBe(false);
  });

  it('journals walkability changes for caches of the walkable array', () => {
    const m = TileMap.fromGrid(['...']);
    expect(m.version).toBe(0);
    m.addBlocker(1, 0);
    m.addBlocker(1, 0); // already blocked: no change
    m.removeBlocker(1, 0);
    m.removeBlocker(1, 0);
    expect(m.version).toBe(2);
    expect(m.changesSince(0)).toEqual([m.cell(1, 0), m.cell(1, 0)]);
    expect(m.changesSince(2)).toEqual([]);
    for (let k = 0; k < 600; k++) {
      m.addBlocker(0, 0);
      m.removeBlocker(0, 0);
    }
    expect(m.changesSince(0)).toBeUndefined();
    expect(m.changesSince(m.version - 3)).toEqual([m.cell(0, 0), m.cell(0, 0), m.cell(0, 0)]);
  });
});
