import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../plugins/auth';
import { CHARACTER_ID_PATTERN } from '../ownership';
import { characterName } from '../resources/names';
import { publicProfile, toPublicProfile } from '../resources/character';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';

/**
 * Player data queries under /api/player/*: public profiles any signed-in player may read (what the
 * game shows when you look someone up). Nothing private (coins, position, account) is included.
 */
export async function playerQueryRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['player'], security: [{ bearer: [] }] };

  r.get(
    '/api/player/by-name/:name',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: 'Public profile of a character by name (case-insensitive)',
        params: z.object({ name: characterName }),
        response: { 200: publicProfile },
      },
    },
    async (request) => {
      const row = await deps.repos.characters.findByName(request.params.name);
      if (!row) throw new HttpError('not_found', `no character named ${request.params.name}`);
      return toPublicProfile(row, await onlineAnywhere(deps, row.id));
    },
  );

  r.get(
    '/api/player/:characterId',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: 'Public profile of a character by id',
        params: z.object({ characterId: z.string().regex(CHARACTER_ID_PATTERN, 'invalid character id') }),
        response: { 200: publicProfile },
      },
    },
    async (request) => {
      const row = await deps.repos.characters.findById(request.params.characterId);
      if (!row) throw new HttpError('not_found', `character ${request.params.characterId} does not exist`);
      return toPublicProfile(row, await onlineAnywhere(deps, row.id));
    },
  );
}

/** Online on this world, or holding a live lease on any world of the database. */
async function onlineAnywhere(deps: HttpDeps, characterId: string): Promise<boolean> {
  if (deps.world.isOnline(characterId)) return true;
  return (await deps.repos.leases.holder(characterId, deps.config.world.leaseTtlMs)) !== null;
}
