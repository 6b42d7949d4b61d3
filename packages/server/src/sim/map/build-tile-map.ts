import type { Content } from '../../content/content-types';
import type { Rect } from '../../content/schemas/common';
import { buildingRect, forEachBuildingWall, forEachTile, resourceRect, stationRect } from './footprints';
import { terrainHeight } from './terrain';
import { TILE_BLOCKED, TILE_WATER, TileMap } from './tile-map';

const FLAT = { baseHeight: 0, heightVariation: 0, waterLevel: 0 };

/** The smallest rectangle holding every area. */
function boundingBox(content: Content): Rect {
  let box: Rect | undefined;
  for (const { bounds: b } of content.areas.values()) {
    box = box
      ? {
          minX: Math.min(box.minX, b.minX),
          minZ: Math.min(box.minZ, b.minZ),
          maxX: Math.max(box.maxX, b.maxX),
          maxZ: Math.max(box.maxZ, b.maxZ),
        }
      : { ...b };
  }
  if (!box) throw new Error('buildTileMap: the content has no world areas');
  return box;
}

/**
 * Builds the world's collision grid from validated content, once at start-up. The grid spans the
 * bounding box of all areas; tiles outside every area, water, buildings' walls, blocking stations,
 * trees and rocks are blocked (see footprints.ts for the footprint rules). Heights come from each
 * area's biome terrain ({@link terrainHeight}); water tiles sit at the biome's waterLevel.
 * Vegetation is decoration: its placement is not in the manifests, so it never blocks.
 */
export function buildTileMap(content: Content): TileMap {
  const box = boundingBox(content);
  const width = box.maxX - box.minX + 1;
  const depth = box.maxZ - box.minZ + 1;
  const flags = new Uint8Array(width * depth).fill(TILE_BLOCKED);
  const heights = new Float32Array(width * depth);
  const areaIndex = new Uint16Array(width * depth);
  const areas = [...content.areas.values()];
  const at = (x: number, z: number) => (z - box.minZ) * width + (x - box.minX);
  const inBox = (x: number, z: number) => x >= box.minX && x <= box.maxX && z >= box.minZ && z <= box.maxZ;
  const block = (x: number, z: number) => {
    if (inBox(x, z)) flags[at(x, z)] = (flags[at(x, z)] ?? 0) | TILE_BLOCKED;
  };

  areas.forEach((area, a) => {
    const terrain = content.biomes.get(area.biome)?.terrain ?? FLAT;
    forEachTile(area.bounds, (x, z) => {
      const i = at(x, z);
      flags[i] = 0;
      areaIndex[i] = a + 1;
      heights[i] = terrainHeight(terrain, x, z);
    });
    for (const water of area.water) {
      forEachTile(water, (x, z) => {
        const i = at(x, z);
        flags[i] = TILE_BLOCKED | TILE_WATER;
        heights[i] = terrain.waterLevel;
      });
    }
  });

  // Objects after terrain, so a footprint that reaches into a neighbouring area still blocks.
  for (const area of areas) {
    for (const b of area.buildings) {
      const rect = buildingRect(content, b);
      if (rect) forEachBuildingWall(rect, block);
    }
    for (const s of area.stations) {
      const rect = stationRect(content, s);
      if (rect) forEachTile(rect, block);
    }
    for (const r of area.resources) {
      const rect = resourceRect(content, r);
      if (rect) forEachTile(rect, block);
    }
  }

  return new TileMap({
    originX: box.minX,
    originZ: box.minZ,
    width,
    depth,
    flags,
    heights,
    areaIndex,
    areas,
  });
}
