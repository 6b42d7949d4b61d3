import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpDeps } from '../deps';

export const worldListing = z.object({
  /** The world number, as players know it. */
  id: z.number().int(),
  name: z.string(),
  /** The world's public WebSocket address: where a client connects to play there. */
  address: z.string(),
  /** Players in the world at its last heartbeat (0 when offline). */
  population: z.number().int(),
  capacity: z.number().int(),
  activity: z.string(),
  status: z.enum(['online', 'full', 'draining', 'offline']),
  /** Present (true) on the world that answered the request. */
  current: z.literal(true).optional(),
});

export const worldListResponse = z.object({ worlds: z.array(worldListing) });

/**
 * GET /api/v1/worlds: the world list, public. Every world registered in the database, by number:
 * `offline` when stopped or when its heartbeat is older than the character-lease TTL (its process
 * is gone), `draining` while it shuts down, `full` at capacity.
 */
export async function worldListRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/worlds',
    {
      schema: {
        tags: ['world'],
        summary: 'Every world: address, population, capacity, activity and status',
        response: { 200: worldListResponse },
      },
    },
    async () => {
      const here = deps.config.world.id;
      const worlds = await deps.repos.worlds.list(deps.config.world.leaseTtlMs);
      return { worlds: worlds.map((w) => (w.id === here ? { ...w, current: true as const } : w)) };
    },
  );
}
