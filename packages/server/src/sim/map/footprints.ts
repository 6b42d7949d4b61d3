import type { Content } from '../../content/content-types';
import { footprintRect } from '../../content/geometry';
import type { Rect } from '../../content/schemas/common';
import type { AreaDef } from '../../content/schemas/world-areas';

type StationPlacement = AreaDef['stations'][number];
type ResourcePlacement = AreaDef['resources'][number];
type BuildingPlacement = AreaDef['buildings'][number];

/** Buildings narrower than this (in either direction) have no room inside and are solid. */
export const MIN_HOLLOW_BUILDING = 3;

/**
 * Tile footprint of a model at rotation 0 from model-bounds.json; a model without bounds (or with
 * a zero-sized footprint) covers one tile, so every placed object blocks at least its own tile.
 */
export function modelFootprint(content: Content, model: string): { width: number; depth: number } {
  const fp = content.modelBounds.get(model)?.footprint;
  return { width: Math.max(1, fp?.width ?? 1), depth: Math.max(1, fp?.depth ?? 1) };
}

/**
 * Tiles a placed station blocks: its model footprint with the placement's min corner at (x, z),
 * width and depth swapped at 90/270. Undefined for non-blocking or unknown stations.
 */
export function stationRect(content: Content, s: StationPlacement): Rect | undefined {
  const def = content.stations.get(s.stationId);
  if (!def?.blocking) return undefined;
  const fp = modelFootprint(content, def.model);
  return footprintRect(s.x, s.z, fp.width, fp.depth, s.rotation);
}

/**
 * Tiles a tree or rock blocks (its model footprint, min corner at the placement). Fishing spots
 * lie on water and block nothing; unknown resources block nothing.
 */
export function resourceRect(content: Content, r: ResourcePlacement): Rect | undefined {
  const def = content.resources.get(r.resourceId);
  if (!def || def.kind === 'fishing_spot') return undefined;
  const fp = modelFootprint(content, def.model);
  return footprintRect(r.x, r.z, fp.width, fp.depth, 0);
}

/** The footprint of a placed building (buildings.json footprint, rotated), if the building exists. */
export function buildingRect(content: Content, b: BuildingPlacement): Rect | undefined {
  const def = content.buildings.get(b.buildingId);
  if (!def) return undefined;
  return footprintRect(b.x, b.z, def.footprint.width, def.footprint.depth, b.rotation);
}

/**
 * The doorway tiles of a hollow building: the middle tile of each of its four walls. The manifests
 * give buildings a footprint but no doors, and the shipped world puts stations (bank booths,
 * furnace, altar, range) inside buildings, so an opening on every side keeps them reachable
 * whichever way the model faces. A `doors` field in buildings.json would replace this rule.
 */
export function buildingDoors(rect: Rect): Array<{ x: number; z: number }> {
  const midX = rect.minX + Math.floor((rect.maxX - rect.minX + 1) / 2);
  const midZ = rect.minZ + Math.floor((rect.maxZ - rect.minZ + 1) / 2);
  return [
    { x: midX, z: rect.minZ },
    { x: midX, z: rect.maxZ },
    { x: rect.minX, z: midZ },
    { x: rect.maxX, z: midZ },
  ];
}

/**
 * Calls `block` for every tile a building blocks. A building at least MIN_HOLLOW_BUILDING tiles
 * in both directions is a ring of walls with a doorway in each wall ({@link buildingDoors}) and a
 * walkable floor inside; a smaller one (a market stall) is solid.
 */
export function forEachBuildingWall(rect: Rect, block: (x: number, z: number) => void): void {
  const width = rect.maxX - rect.minX + 1;
  const depth = rect.maxZ - rect.minZ + 1;
  const hollow = width >= MIN_HOLLOW_BUILDING && depth >= MIN_HOLLOW_BUILDING;
  const doors = hollow ? buildingDoors(rect) : [];
  for (let z = rect.minZ; z <= rect.maxZ; z++) {
    for (let x = rect.minX; x <= rect.maxX; x++) {
      const wall = x === rect.minX || x === rect.maxX || z === rect.minZ || z === rect.maxZ;
      if (hollow && !wall) continue;
      if (doors.some((d) => d.x === x && d.z === z)) continue;
      block(x, z);
    }
  }
}

/** Calls `visit` for every tile of an inclusive rectangle. */
export function forEachTile(rect: Rect, visit: (x: number, z: number) => void): void {
  for (let z = rect.minZ; z <= rect.maxZ; z++) for (let x = rect.minX; x <= rect.maxX; x++) visit(x, z);
}
