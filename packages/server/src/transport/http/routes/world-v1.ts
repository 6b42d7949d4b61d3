import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AreaDef } from '../../../content/schemas/world-areas';
import { requireAuth } from '../plugins/auth';
import type { HttpDeps } from '../deps';

const rect = z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() });
const areaSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  bounds: rect,
  biome: z.string(),
  safeZone: z.boolean(),
  pvp: z.boolean(),
  starter: z.boolean(),
  npcSpawns: z.number().int(),
  resources: z.number().int(),
  stations: z.array(z.string()),
  music: z.array(z.string()),
});

const worldSnapshot = z.object({
  tick: z.number().int().nullable(),
  tickMs: z.number().int(),
  running: z.boolean(),
  playersOnline: z.number().int(),
  bounds: rect,
  spawn: z.object({ x: z.number(), y: z.number(), z: z.number(), areaId: z.string() }),
  areaCount: z.number().int(),
  counts: z.object({
    npcTypes: z.number().int(),
    items: z.number().int(),
    stores: z.number().int(),
    quests: z.number().int(),
  }),
});

export function toAreaSummary(a: AreaDef) {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    bounds: a.bounds,
    biome: a.biome,
    safeZone: a.safeZone,
    pvp: a.pvp,
    starter: a.starter === true,
    npcSpawns: a.npcs.reduce((n, s) => n + s.count, 0),
    resources: a.resources.length,
    stations: [...new Set(a.stations.map((s) => s.stationId))],
    music: a.music,
  };
}

/** GET /api/v1/world (snapshot: tick, players online, world bounds, spawn) and /api/v1/world/areas. */
export async function worldV1Routes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['world'], security: [{ bearer: [] }] };
  const areas = [...deps.content.areas.values()];
  const bounds = {
    minX: Math.min(...areas.map((a) => a.bounds.minX)),
    minZ: Math.min(...areas.map((a) => a.bounds.minZ)),
    maxX: Math.max(...areas.map((a) => a.bounds.maxX)),
    maxZ: Math.max(...areas.map((a) => a.bounds.maxZ)),
  };
  const starter = deps.content.starterArea;
  const spawnTile = starter.spawnPoint ?? { x: 0, z: 0 };

  r.get(
    '/api/v1/world',
    {
      preHandler: requireAuth,
      schema: { ...base, summary: 'Current world state snapshot', response: { 200: worldSnapshot } },
    },
    async () => {
      const tick = deps.world.currentTick();
      return {
        tick,
        tickMs: 600,
        running: tick !== null,
        playersOnline: deps.world.playersOnline(),
        bounds,
        spawn: { x: spawnTile.x, y: 10, z: spawnTile.z, areaId: starter.id },
        areaCount: areas.length,
        counts: {
          npcTypes: deps.content.npcs.size,
          items: deps.content.items.size,
          stores: deps.content.stores.size,
          quests: deps.content.quests.size,
        },
      };
    },
  );

  r.get(
    '/api/v1/world/areas',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: 'Every world area',
        response: { 200: z.object({ areas: z.array(areaSummary) }) },
      },
    },
    async () => ({ areas: areas.map(toAreaSummary) }),
  );
}
