/**
 * Pure minimap geometry and colours. Unturned (rotation 0) the map is north-up in the world view's
 * frame: tile x grows to the right and tile z grows downwards (three.js's top-down view of the
 * world's x/z plane), centred on the player. The map turns with the camera: with the camera's yaw
 * as `rotation`, the direction the camera looks is always up. No DOM.
 */

export interface MinimapView {
  /** The tile at the centre (the player). */
  centerX: number;
  centerZ: number;
  /** Canvas side in pixels. */
  size: number;
  /** Pixels per tile. */
  scale: number;
  /**
   * The camera's yaw (radians; 0 looks north, towards -z; see game/camera-heading.ts). The map is
   * drawn turned by this angle (a canvas rotation about its centre), so the camera's view is up.
   */
  rotation?: number;
}

/** Canvas pixel of a tile's centre. */
export function tileToMinimap(view: MinimapView, x: number, z: number): { px: number; py: number } {
  const half = view.size / 2;
  const dx = (x - view.centerX) * view.scale;
  const dz = (z - view.centerZ) * view.scale;
  const r = view.rotation ?? 0;
  if (r === 0) return { px: half + dx, py: half + dz };
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return { px: half + dx * cos - dz * sin, py: half + dx * sin + dz * cos };
}

/** The tile under a canvas pixel (the inverse of tileToMinimap, rounded to the nearest tile). */
export function minimapToTile(view: MinimapView, px: number, py: number): { x: number; z: number } {
  const half = view.size / 2;
  const r = view.rotation ?? 0;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const ux = px - half;
  const uy = py - half;
  // The inverse rotation (by -r).
  const dx = ux * cos + uy * sin;
  const dz = -ux * sin + uy * cos;
  return {
    x: view.centerX + Math.round(dx / view.scale) + 0,
    z: view.centerZ + Math.round(dz / view.scale) + 0,
  };
}

/**
 * Where the compass needle's "N" points, as the angle (radians, clockwise from up) of the world's
 * north on the turned map: north-up when the camera looks north, to the right when it looks west.
 */
export function compassAngle(rotation: number): number {
  return rotation;
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
