/**
 * Pure minimap geometry and colours. The map is north-up in the world view's frame: tile x grows to
 * the right and tile z grows downwards (three.js's top-down view of the world's x/z plane), centred
 * on the player. No DOM.
 */

export interface MinimapView {
  /** The tile at the centre (the player). */
  centerX: number;
  centerZ: number;
  /** Canvas side in pixels. */
  size: number;
  /** Pixels per tile. */
  scale: number;
}

/** Canvas pixel of a tile's centre. */
export function tileToMinimap(view: MinimapView, x: number, z: number): { px: number; py: number } {
  const half = view.size / 2;
  return { px: half + (x - view.centerX) * view.scale, py: half + (z - view.centerZ) * view.scale };
}

/** The tile under a canvas pixel (the inverse of tileToMinimap, rounded to the nearest tile). */
export function minimapToTile(view: MinimapView, px: number, py: number): { x: number; z: number } {
  const half = view.size / 2;
  return {
    x: view.centerX + Math.round((px - half) / view.scale),
    z: view.centerZ + Math.round((py - half) / view.scale),
  };
}

/** The tiles the map shows: inclusive ranges around the centre. */
export function visibleTiles(view: MinimapView): { minX: number; maxX: number; minZ: number; maxZ: number } {
  const radius = Math.ceil(view.size / view.scale / 2);
  return {
    minX: view.centerX - radius,
    maxX: view.centerX + radius,
    minZ: view.centerZ - radius,
    maxZ: view.centerZ + radius,
  };
}

/** Whether a canvas pixel lies inside the round map (the corners are not part of it). */
export function insideDisc(view: MinimapView, px: number, py: number): boolean {
  const half = view.size / 2;
  return (px - half) ** 2 + (py - half) ** 2 <= half * half;
}

export interface Rect {
  minX: number;
  minZ: number;
  maxX: number;
  maxZ: number;
}

export interface MinimapArea {
  bounds: Rect;
  biome: string;
  water?: Rect[];
}

export const WATER_COLOUR = '#2f6fb0';
export const VOID_COLOUR = '#111111';
export const DEFAULT_LAND_COLOUR = '#5c7a3e';

function inRect(r: Rect, x: number, z: number): boolean {
  return x >= r.minX && x <= r.maxX && z >= r.minZ && z <= r.maxZ;
}

/**
 * A tile's colour: water blue inside an area's water rectangles, the area biome's ground colour on
 * land, near-black outside every area.
 */
export function tileColour(
  areas: readonly MinimapArea[],
  biomeColour: (biomeId: string) => string | undefined,
  x: number,
  z: number,
): string {
  const area = areas.find((a) => inRect(a.bounds, x, z));
  if (!area) return VOID_COLOUR;
  if (area.water?.some((w) => inRect(w, x, z))) return WATER_COLOUR;
  return biomeColour(area.biome) ?? DEFAULT_LAND_COLOUR;
}
