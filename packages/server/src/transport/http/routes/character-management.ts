import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCharacter, MAX_CHARACTERS_PER_ACCOUNT } from '../../../accounts/characters';
import { ID_PATTERN } from '../../../content/schemas/common';
import { authOf, requireAuth } from '../plugins/auth';
import { CHARACTER_ID_PATTERN, ownedCharacter } from '../ownership';
import { characterName } from '../resources/names';
import { playerResource, toPlayerResource } from '../resources/character';
import { creationError } from '../character-errors';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';
import type { DeleteOutcome } from '../../ws/gateway';

const params = z.object({ characterId: z.string().regex(CHARACTER_ID_PATTERN, 'invalid character id') });
const characterEnvelope = z.object({ character: playerResource });
const slotItem = z.object({ slot: z.number().int(), itemId: z.string(), quantity: z.number().int() });
const equipItem = z.object({ slot: z.string(), itemId: z.string(), quantity: z.number().int() });

const createBody = z.strictObject({
  name: characterName,
  template: z.string().regex(ID_PATTERN, 'template must be a template id').optional(),
});
const patchBody = z.strictObject({ name: characterName });
/**
 * A listed character: the player resource, and when it is one of the account's agents, which one
 * and whether the agent runs (then only the agent may enter it: a login gets close 4013).
 */
const listedCharacter = playerResource.extend({
  agent: z.object({ agentId: z.string(), running: z.boolean() }).nullable(),
});

/**
 * Character management for the signed-in account under /api/character: list, create (from a
 * starter template), read, rename, delete, and read inventory and equipment. Only the owner (or an
 * administrator, for reads) may touch a character.
 */
export async function characterManagementRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['character'], security: [{ bearer: [] }] };

  r.get(
    '/api/character',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: "The account's characters, oldest first",
        response: { 200: z.object({ characters: z.array(listedCharacter), max: z.number().int() }) },
      },
    },
    async (request) => {
      const accountId = authOf(request).accountId;
      const [rows, agents] = await Promise.all([
        deps.repos.characters.listByAccount(accountId),
        deps.repos.agents.listByAccount(accountId),
      ]);
      const agentOf = new Map(agents.map((a) => [a.characterId, a]));
      const characters = rows.map((row) => {
        const agent = agentOf.get(row.id);
        return {
          ...toPlayerResource(row),
          agent: agent ? { agentId: agent.agentId, running: agent.running } : null,
        };
      });
      return { characters, max: MAX_CHARACTERS_PER_ACCOUNT };
    },
  );

  r.post(
    '/api/character',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: 'Create a character',
        body: createBody,
        response: { 201: characterEnvelope },
      },
    },
    async (request, reply) => {
      const { name, template } = request.body;
      if (await deps.repos.characters.findByName(name))
        throw new HttpError('name_taken', `the name ${name} is already taken`);
      const outcome = await createCharacter(deps.repos, deps.content, {
        accountId: authOf(request).accountId,
        name,
        templateId: template,
      });
      if (!outcome.ok) throw creationError(outcome, name);
      return reply.code(201).send({ character: toPlayerResource(outcome.character) });
    },
  );

  r.get(
    '/api/character/:characterId',
    {
      preHandler: requireAuth,
      schema: { ...base, summary: 'One of your characters', params, response: { 200: characterEnvelope } },
    },
    async (request) => ({
      character: toPlayerResource(await ownedCharacter(deps, authOf(request), request.params.characterId)),
    }),
  );

  r.patch(
    '/api/character/:characterId',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: 'Rename a character',
        params,
        body: patchBody,
        response: { 200: characterEnvelope },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      if (row.accountId !== authOf(request).accountId)
        throw new HttpError('forbidden', 'only the owner may rename');
      const outcome = await deps.repos.characters.rename(row.id, request.body.name);
      if (!outcome.ok) throw new HttpError('name_taken', `the name ${request.body.name} is already taken`);
      return { character: toPlayerResource(outcome.character) };
    },
  );

  r.delete(
    '/api/character/:characterId',
    {
      preHandler: requireAuth,
      schema: { ...base, summary: 'Delete a character and everything it owns', params },
    },
    async (request, reply) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      if (row.accountId !== authOf(request).accountId)
        throw new HttpError('forbidden', 'only the owner may delete');
      const remove = async () => {
        await deps.repos.characters.delete(row.id);
      };
      const outcome = deps.gateway
        ? await deps.gateway.deleteCharacter(row.id, remove)
        : await deleteWithoutWorld(deps, row.id, remove);
      if (outcome.status === 'character_online')
        throw new HttpError(
          'character_online',
          outcome.worldId !== undefined && outcome.worldId !== deps.config.world.id
            ? `the character is playing on world ${outcome.worldId}: log it out before deleting it`
            : 'the character is playing or logging in: log it out before deleting it',
        );
      if (outcome.status === 'save_pending')
        throw new HttpError('save_pending', 'the character is still being saved: try again in a moment');
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/character/:characterId/inventory',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: 'Saved inventory (28 slots)',
        params,
        response: { 200: z.object({ slots: z.array(slotItem), size: z.number().int() }) },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      return { slots: await deps.repos.inventory.get(row.id), size: 28 };
    },
  );

  r.get(
    '/api/character/:characterId/equipment',
    {
      preHandler: requireAuth,
      schema: {
        ...base,
        summary: 'Saved worn equipment by slot',
        params,
        response: { 200: z.object({ slots: z.array(equipItem) }) },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      return { slots: await deps.repos.equipment.get(row.id) };
    },
  );
}

/** A server without a world (tests of the routes alone): the lease table still tells who plays it. */
async function deleteWithoutWorld(
  deps: HttpDeps,
  characterId: string,
  remove: () => Promise<void>,
): Promise<DeleteOutcome> {
  const lease = await deps.repos.leases.holder(characterId, deps.config.world.leaseTtlMs);
  if (lease) return { status: 'character_online', worldId: lease.worldId };
  if (deps.world.isOnline(characterId)) return { status: 'character_online' };
  await remove();
  return { status: 'deleted' };
}
