import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpDeps } from '../deps';

export const skillUnlockEntry = z.object({
  level: z.number(),
  description: z.string(),
  type: z.enum(['item', 'ability', 'area', 'quest', 'activity']),
});
export const skillUnlockMap = z.record(z.string(), z.array(skillUnlockEntry));

/** GET /api/data/skill-unlocks: public (no token, not rate-limited per account), since version 1.0. */
export async function skillUnlockRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const body = deps.content.skillUnlocks;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/data/skill-unlocks',
    {
      schema: {
        tags: ['data'],
        summary: 'What each skill level unlocks, for every skill (public)',
        response: { 200: skillUnlockMap },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
