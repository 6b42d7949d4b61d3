import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../plugins/auth';
import { CHARACTER_ID_PATTERN, ownedCharacter } from '../ownership';
import { positionSchema, skillsOf, skillsSchema, totalLevelOf } from '../resources/character';
import type { HttpDeps } from '../deps';

const params = z.object({ characterId: z.string().regex(CHARACTER_ID_PATTERN, 'invalid character id') });

const skillsResponse = z.object({
  characterId: z.string(),
  name: z.string(),
  combatLevel: z.number().int(),
  totalLevel: z.number().int(),
  skills: skillsSchema,
});

const positionResponse = z.object({
  characterId: z.string(),
  name: z.string(),
  position: positionSchema,
  /** Logged in on any world (its character lease lives), or in this world. */
  online: z.boolean(),
  /** The number of the world it plays on, when online. */
  world: z.number().int().nullable(),
  /** 'live' when read from the running world, 'saved' when from the last save. */
  source: z.enum(['live', 'saved']),
});

/** GET /api/characters/:characterId/{skills,position}: owner (or admin) only. */
export async function characterRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['characters'], security: [{ bearer: [] }], params };

  r.get(
    '/api/characters/:characterId/skills',
    {
      preHandler: requireAuth,
      schema: {
        ...common,
        summary: 'Skill levels and experience of a character',
        response: { 200: skillsResponse },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      return {
        characterId: row.id,
        name: row.name,
        combatLevel: row.combatLevel,
        totalLevel: totalLevelOf(row),
        skills: skillsOf(row),
      };
    },
  );

  r.get(
    '/api/characters/:characterId/position',
    {
      preHandler: requireAuth,
      schema: {
        ...common,
        summary: 'Position and online status of a character',
        response: { 200: positionResponse },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      const live = deps.world.livePosition(row.id);
      const here = deps.world.isOnline(row.id);
      const lease = await deps.repos.leases.holder(row.id, deps.config.world.leaseTtlMs);
      return {
        characterId: row.id,
        name: row.name,
        position: live ?? { x: row.positionX, y: row.positionY, z: row.positionZ },
        online: here || lease !== null,
        world: lease?.worldId ?? (here ? deps.config.world.id : null),
        source: live ? ('live' as const) : ('saved' as const),
      };
    },
  );
}
