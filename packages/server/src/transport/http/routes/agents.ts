import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgentService } from '../../../agents/service';
import { authOf, requireAuth } from '../plugins/auth';
import { characterName } from '../resources/names';
import { agentId, agentParams, agentSummary, controlledAgent, mappingResponse } from '../resources/agent';
import { creationError } from '../character-errors';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';
import { agentGoalRoutes } from './agent-goals';

const createBody = z.strictObject({ name: characterName, agentId: agentId.optional() });
const createResponse = z.object({
  agentId: z.string(),
  characterId: z.string(),
  name: z.string(),
  /**
   * A session token of the owner's account minted for this agent, for the runtime's
   * GameClient.connect({ token, characterId }): it may enter the agent's character while it runs.
   */
  token: z.string(),
  expiresAt: z.iso.datetime(),
});

/**
 * Agents under /api/agents: an agent is a character in its owner's account plus a mapping row
 * holding its goal state. The owner creates, lists and removes them here; the goal-control
 * endpoints of the spec live in {@link agentGoalRoutes}. Only the owner (or an administrator)
 * may see or control an agent.
 */
export async function agentRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.agents ?? new AgentService({ repos: deps.repos, content: deps.content });
  const base = { tags: ['agents'], security: [{ bearer: [] }] };

  r.post(
    '/api/agents',
    {
      preValidation: requireAuth,
      schema: {
        ...base,
        summary: "Create an agent: a new character in the caller's account and its agent mapping",
        body: createBody,
        response: { 201: createResponse },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { name } = request.body;
      const outcome = await service.create(auth.accountId, {
        name,
        ...(request.body.agentId !== undefined ? { agentId: request.body.agentId } : {}),
      });
      if (!outcome.ok) {
        if (outcome.reason === 'agent_exists')
          throw new HttpError(
            'agent_exists',
            `an agent with id ${request.body.agentId ?? ''} already exists`,
          );
        throw creationError(outcome, name);
      }
      const characterId = outcome.agent.characterId;
      if (characterId === null) throw new Error('a new agent has no character');
      const { token, expiresAt } = await deps.sessions.sign({
        accountId: auth.accountId,
        anonymous: auth.anonymous,
        agentId: outcome.agent.agentId,
      });
      return reply.code(201).send({
        agentId: outcome.agent.agentId,
        characterId,
        name: outcome.agent.name,
        token,
        expiresAt: expiresAt.toISOString(),
      });
    },
  );

  r.get(
    '/api/agents',
    {
      preValidation: requireAuth,
      schema: {
        ...base,
        summary: "The caller's agents, oldest first, with goal state and whether each is online",
        response: { 200: z.object({ agents: z.array(agentSummary) }) },
      },
    },
    async (request) => ({ agents: await service.list(authOf(request).accountId) }),
  );

  r.delete(
    '/api/agents/:agentId',
    {
      preValidation: requireAuth,
      schema: {
        ...base,
        summary: 'Remove an agent mapping (the character stays in the account)',
        params: agentParams,
      },
    },
    async (request, reply) => {
      const row = await controlledAgent(service, authOf(request), request.params.agentId);
      await service.delete(row.agentId);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/agents/mapping/:agentId',
    {
      preValidation: requireAuth,
      schema: {
        ...base,
        summary: 'Which account and character an agent is',
        params: agentParams,
        response: { 200: mappingResponse },
      },
    },
    async (request) => {
      const row = await controlledAgent(service, authOf(request), request.params.agentId);
      return { agentId: row.agentId, characterId: row.characterId, accountId: row.accountId, name: row.name };
    },
  );

  await agentGoalRoutes(app, service);
}
