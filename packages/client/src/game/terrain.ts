import { terrainHeight, valueNoise } from '@tilerealm/protocol';
import type { AreaDef, BiomeDef, Content } from '../content';

/**
 * The world's ground as the server builds it (packages/server/src/sim/map/build-tile-map.ts and
 * terrain.ts), reproduced as pure functions over the manifests: every tile's height, whether it is
 * water and which area it belongs to. The heights equal the server's `TileMap.height` exactly
 * (test/terrain.test.ts compares them tile by tile), so entities the server places at `y` stand on
 * the ground the client draws.
 */
export type TerrainContent = Pick<Content, 'areas' | 'biomes'>;

function inRect(r: AreaDef['bounds'], x: number, z: number): boolean {
  return x >= r.minX && x <= r.maxX && z >= r.minZ && z <= r.maxZ;
}

/** What the ground is at one tile. */
export interface TileInfo {
  /** The area whose terrain made the tile (undefined outside every area). */
  area: AreaDef | undefined;
  biome: BiomeDef | undefined;
  water: boolean;
  /** Ground height, or the water surface on water; 0 outside every area (as on the server). */
  height: number;
}

/** A biome's terrain when the area names an unknown biome (the server's FLAT). */
const FLAT: BiomeDef['terrain'] = { baseHeight: 0, heightVariation: 0, waterLevel: 0 };

const OUTSIDE: TileInfo = { area: undefined, biome: undefined, water: false, height: 0 };

/**
 * The tile as buildTileMap leaves it: areas are applied in manifest order, each writing its bounds
 * (land) and then its water rectangles, so the last write wins. Walking the areas backwards, the
 * first one that touches the tile decides, water before land within an area.
 */
export function tileInfo(content: TerrainContent, x: number, z: number): TileInfo {
  const areas = content.areas;
  for (let i = areas.length - 1; i >= 0; i--) {
    const area = areas[i];
    if (!area) continue;
    const water = (area.water ?? []).some((w) => inRect(w, x, z));
    if (!water && !inRect(area.bounds, x, z)) continue;
    const biome = content.biomes.get(area.biome);
    const terrain = biome?.terrain ?? FLAT;
    return {
      area: inRect(area.bounds, x, z) ? area : undefined,
      biome,
      water,
      height: water ? terrain.waterLevel : terrainHeight(terrain, x, z),
    };
  }
  return OUTSIDE;
}

/**
 * The height the server reports for a tile (TileMap.height): stored as a 32-bit float, then rounded
 * to the centimetre.
 */
export function tileHeight(content: TerrainContent, x: number, z: number): number {
  return Math.round(Math.fround(tileInfo(content, x, z).height) * 100) / 100;
}

/** Whether the tile is water (the server's TILE_WATER flag). */
export function isWater(content: TerrainContent, x: number, z: number): boolean {
  return tileInfo(content, x, z).water;
}

/** Whether the tile lies in some area (tiles outside every area are blocked void). */
export function inWorld(content: TerrainContent, x: number, z: number): boolean {
  const info = tileInfo(content, x, z);
  return info.area !== undefined || info.water;
}

/** '#6f9a4a' -> [r, g, b] in 0..1 (sRGB); undefined for anything that is not #rgb or #rrggbb. */
export function parseHexColor(hex: string | undefined): [number, number, number] | undefined {
  if (!hex) return undefined;
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return undefined;
  const s = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = parseInt(s, 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

const VOID_COLOR: [number, number, number] = [0.13, 0.11, 0.09];
const BED_COLOR: [number, number, number] = [0.42, 0.38, 0.28];
const FALLBACK_GROUND: [number, number, number] = [0.4, 0.55, 0.3];

/**
 * The ground colour of a tile (sRGB, 0..1): the biome's primary and secondary groundColors mixed by
 * a finer noise (patches a few tiles across), a sandy bed under water, a dark void outside areas.
 */
export function groundColor(content: TerrainContent, x: number, z: number): [number, number, number] {
  const info = tileInfo(content, x, z);
  if (!info.area && !info.water) return VOID_COLOR;
  if (info.water) return BED_COLOR;
  const primary = parseHexColor(info.biome?.groundColors?.primary) ?? FALLBACK_GROUND;
  const secondary = parseHexColor(info.biome?.groundColors?.secondary) ?? primary;
  // Offset lattice so the colour patches do not line up with the hills.
  const t = valueNoise(x + 1013, z - 717, 4);
  const k = t < 0.4 ? 0 : t > 0.6 ? 1 : (t - 0.4) / 0.2;
  return [
    primary[0] + (secondary[0] - primary[0]) * k,
    primary[1] + (secondary[1] - primary[1]) * k,
    primary[2] + (secondary[2] - primary[2]) * k,
  ];
}

/** Water surface level of the biome at a tile (for the translucent water plane), if it is water. */
export function waterLevelAt(content: TerrainContent, x: number, z: number): number | undefined {
  const info = tileInfo(content, x, z);
  return info.water ? (info.biome?.terrain.waterLevel ?? 0) : undefined;
}
