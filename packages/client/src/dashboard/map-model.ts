import { areaNameAt, type AreaBounds, type DashboardAgent } from './model';

/** The map's view box in tile units: x to the right, z downwards (as the world map draws it). */
export interface MapFrame {
  minX: number;
  minZ: number;
  width: number;
  height: number;
}

/** One agent on the live map. */
export interface MapMarker {
  agentId: string;
  name: string;
  x: number;
  z: number;
  /** The readable area name, when the tile is in a named area. */
  area: string | undefined;
}

/** The agents with a known position (from the runtime's polled summary), as map markers. */
export function mapMarkers(agents: readonly DashboardAgent[], areas: readonly AreaBounds[]): MapMarker[] {
  const out: MapMarker[] = [];
  for (const a of agents) {
    const p = a.runtime?.position;
    if (!p) continue;
    out.push({ agentId: a.agentId, name: a.name, x: p.x, z: p.z, area: areaNameAt(areas, p.x, p.z) });
  }
  return out;
}

/**
 * The smallest frame holding every named area and every marker, with `pad` tiles around it (a
 * 64-tile square around the origin when there is nothing to show).
 */
export function mapFrame(areas: readonly AreaBounds[], markers: readonly MapMarker[], pad = 4): MapFrame {
  const xs: number[] = [];
  const zs: number[] = [];
  for (const a of areas) {
    xs.push(a.bounds.minX, a.bounds.maxX);
    zs.push(a.bounds.minZ, a.bounds.maxZ);
  }
  for (const m of markers) {
    xs.push(m.x);
    zs.push(m.z);
  }
  if (xs.length === 0) return { minX: -32, minZ: -32, width: 64, height: 64 };
  const minX = Math.min(...xs) - pad;
  const minZ = Math.min(...zs) - pad;
  return {
    minX,
    minZ,
    width: Math.max(...xs) + pad - minX + 1,
    height: Math.max(...zs) + pad - minZ + 1,
  };
}

/** The marker's caption: `Rowan · Mirror Lake (12, 4)`. */
export function markerCaption(m: MapMarker): string {
  return m.area ? `${m.name} · ${m.area} (${m.x}, ${m.z})` : `${m.name} · (${m.x}, ${m.z})`;
}

/** The square of `radius` tiles around a position that the watch view shows. */
export function watchFrame(p: { x: number; z: number }, radius = 12): MapFrame {
  return { minX: p.x - radius, minZ: p.z - radius, width: radius * 2 + 1, height: radius * 2 + 1 };
}

/** Whether a tile lies in a frame. */
export function inFrame(f: MapFrame, x: number, z: number): boolean {
  return x >= f.minX && x < f.minX + f.width && z >= f.minZ && z < f.minZ + f.height;
}
