import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCharacter } from '../../../accounts/characters';
import { ID_PATTERN } from '../../../content/schemas/common';
import { authOf, requireAuth } from '../plugins/auth';
import { characterName } from '../resources/names';
import { playerResource, toPlayerResource } from '../resources/character';
import { creationError } from '../character-errors';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';

const playerEnvelope = z.object({ player: playerResource, created: z.boolean() });

/** Body of POST /api/v1/player: create the account's player, or rename it. */
export const upsertPlayerBody = z.strictObject({
  name: characterName,
  /** Starter template id, used only when the player is created (see GET /api/template). */
  template: z.string().regex(ID_PATTERN, 'template must be a template id').optional(),
});

/**
 * The account's player: its most recently played character.
 * - GET: 200 `{player}`, or 404 `no_character` before one exists.
 * - POST `{name, template?}`: creates the player when the account has none (201), otherwise renames
 *   it (200). Names are unique case-insensitively (409 `name_taken`).
 */
export async function playerV1Routes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['player'], security: [{ bearer: [] }] };

  r.get(
    '/api/v1/player',
    {
      preHandler: requireAuth,
      schema: { ...base, summary: 'Current player of the account', response: { 200: playerEnvelope } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await deps.repos.characters.lastPlayed(auth.accountId);
      if (!row)
        throw new HttpError(
          'no_character',
          'this account has no player yet: POST /api/v1/player to create one',
        );
      return { player: toPlayerResource(row), created: false };
    },
  );

  r.post(
    '/api/v1/player',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: 'Create the account player, or rename it',
        body: upsertPlayerBody,
        response: { 200: playerEnvelope, 201: playerEnvelope },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { name, template } = request.body;
      const current = await deps.repos.characters.lastPlayed(auth.accountId);
      if (!current) {
        const outcome = await createCharacter(deps.repos, deps.content, {
          accountId: auth.accountId,
          name,
          templateId: template,
        });
        if (!outcome.ok) throw creationError(outcome, name);
        return reply.code(201).send({ player: toPlayerResource(outcome.character), created: true });
      }
      if (current.name === name) return { player: toPlayerResource(current), created: false };
      const owner = await deps.repos.characters.findByName(name);
      if (owner && owner.id !== current.id)
        throw new HttpError('name_taken', `the name ${name} is already taken`);
      const updated = await deps.repos.characters.rename(current.id, name);
      if (!updated.ok) throw new HttpError('name_taken', `the name ${name} is already taken`);
      return { player: toPlayerResource(updated.character), created: false };
    },
  );
}
