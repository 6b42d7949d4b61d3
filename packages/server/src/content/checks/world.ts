import { footprintRect, isWater, rectContains, rectInside, rectsOverlap } from '../geometry';
import type { AreaDef } from '../schemas/world-areas';
import { checkRef } from '../table';
import type { CheckContext } from './context';

const FILE = 'world-areas.json';

/** Areas: references, placements inside bounds and on the right terrain, overlaps, the starter area. */
export function checkWorld(ctx: CheckContext): void {
  const areas = ctx.m.areas.entries;
  for (const area of areas) checkArea(ctx, area);
  for (let i = 0; i < areas.length; i++) {
    for (let j = i + 1; j < areas.length; j++) {
      const a = areas[i];
      const b = areas[j];
      if (a && b && rectsOverlap(a.bounds, b.bounds))
        ctx.issues.add(FILE, `areas ${a.id} and ${b.id} overlap`);
    }
  }
  checkStarter(ctx, areas);
}

function checkStarter(ctx: CheckContext, areas: readonly AreaDef[]): void {
  if (ctx.m.areas.known === null) return;
  const starters = areas.filter((a) => a.starter === true);
  if (starters.length !== 1) {
    ctx.issues.add(FILE, `exactly one starter area is required, found ${starters.length}`);
    return;
  }
  const starter = starters[0];
  if (!starter) return;
  if (!rectContains(starter.bounds, 0, 0))
    ctx.issues.add(FILE, `starter area ${starter.id} must contain tile (0, 0)`);
  if (isWater(starter, 0, 0))
    ctx.issues.add(FILE, `tile (0, 0) of starter area ${starter.id} must not be water`);
  const spawn = starter.spawnPoint;
  if (spawn && (!rectContains(starter.bounds, spawn.x, spawn.z) || isWater(starter, spawn.x, spawn.z)))
    ctx.issues.add(FILE, `starter area ${starter.id} spawnPoint must be a dry tile inside the area`);
  if (!starter.safeZone) ctx.issues.add(FILE, `starter area ${starter.id} must be a safeZone`);
}

function checkArea(ctx: CheckContext, area: AreaDef): void {
  const { m, issues } = ctx;
  const at = `area ${area.id}`;
  const inBounds = (what: string, x: number, z: number) => {
    if (rectContains(area.bounds, x, z)) return true;
    issues.add(FILE, `${at}: ${what} at (${x}, ${z}) is outside the area`);
    return false;
  };
  const dry = (what: string, x: number, z: number) => {
    if (isWater(area, x, z)) issues.add(FILE, `${at}: ${what} at (${x}, ${z}) is on water`);
  };
  checkRef(issues, FILE, `${at} uses`, m.biomes, area.biome);
  for (const id of area.music) checkRef(issues, FILE, `${at} plays`, m.music, id);
  for (const w of area.water)
    if (!rectInside(w, area.bounds)) issues.add(FILE, `${at}: a water rectangle leaves the area`);
  if (area.pvpDepth) {
    const { minX, maxX, minZ, maxZ } = area.bounds;
    const [lo, hi] = area.pvpDepth.axis === 'x' ? [minX, maxX] : [minZ, maxZ];
    if (area.pvpDepth.edge < lo || area.pvpDepth.edge > hi)
      issues.add(FILE, `${at}: pvpDepth.edge lies outside the area`);
  }
  const occupied = new Map<string, string>();
  const occupy = (what: string, x: number, z: number) => {
    const key = `${x},${z}`;
    const other = occupied.get(key);
    if (other) issues.add(FILE, `${at}: ${what} and ${other} share tile (${x}, ${z})`);
    else occupied.set(key, what);
  };
  for (const s of area.npcs) {
    checkRef(issues, FILE, `${at} spawns`, m.npcs, s.npcId);
    if (inBounds(`npc ${s.npcId}`, s.x, s.z)) dry(`npc ${s.npcId}`, s.x, s.z);
    const npc = m.npcs.byId.get(s.npcId);
    if (npc?.combat?.aggressive && area.safeZone)
      issues.add(FILE, `${at}: aggressive npc ${s.npcId} in a safe zone`);
  }
  for (const r of area.resources) {
    checkRef(issues, FILE, `${at} places`, m.resources, r.resourceId);
    if (!inBounds(`resource ${r.resourceId}`, r.x, r.z)) continue;
    occupy(`resource ${r.resourceId}`, r.x, r.z);
    const def = m.resources.byId.get(r.resourceId);
    if (def?.kind === 'fishing_spot' && !isWater(area, r.x, r.z))
      issues.add(FILE, `${at}: fishing spot ${r.resourceId} at (${r.x}, ${r.z}) must be on water`);
    if (def && def.kind !== 'fishing_spot') dry(`resource ${r.resourceId}`, r.x, r.z);
  }
  for (const s of area.stations) {
    checkRef(issues, FILE, `${at} places`, m.stations, s.stationId);
    if (inBounds(`station ${s.stationId}`, s.x, s.z)) {
      dry(`station ${s.stationId}`, s.x, s.z);
      occupy(`station ${s.stationId}`, s.x, s.z);
    }
    checkDestination(ctx, area, s);
  }
  for (const b of area.buildings) {
    if (!checkRef(issues, FILE, `${at} places`, m.buildings, b.buildingId)) continue;
    const def = m.buildings.byId.get(b.buildingId);
    if (
      def &&
      !rectInside(footprintRect(b.x, b.z, def.footprint.width, def.footprint.depth, b.rotation), area.bounds)
    )
      issues.add(FILE, `${at}: building ${b.buildingId} at (${b.x}, ${b.z}) does not fit inside the area`);
  }
}

function checkDestination(ctx: CheckContext, area: AreaDef, s: AreaDef['stations'][number]): void {
  const station = ctx.m.stations.byId.get(s.stationId);
  if (!station) return;
  const climbs = station.actions.some((a) => a.type === 'climb');
  const at = `area ${area.id}: station ${s.stationId} at (${s.x}, ${s.z})`;
  if (climbs && !s.destination) ctx.issues.add(FILE, `${at} needs a destination`);
  if (!climbs && s.destination) ctx.issues.add(FILE, `${at} has a destination but no climb action`);
  if (!s.destination || ctx.m.areas.known === null) return;
  const { x, z } = s.destination;
  const target = ctx.m.areas.entries.find((a) => rectContains(a.bounds, x, z));
  if (!target || isWater(target, x, z))
    ctx.issues.add(FILE, `${at} leads to (${x}, ${z}), which is not a dry tile of any area`);
}
