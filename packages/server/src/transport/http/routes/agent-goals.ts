import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AgentService, GoalState } from '../../../agents/service';
import { authOf, requireAuth } from '../plugins/auth';
import {
  agentParams,
  controlledAgent,
  goalControlResponse,
  messageBody,
  messageResponse,
  quickActionsResponse,
  setGoalBody,
} from '../resources/agent';
import { HttpError } from '../errors';

/**
 * The spec's goal-control endpoints under /api/agents/:agentId: read and set the goal, stop and
 * resume autonomous goal setting (the pause state table), message the agent, and the owner's
 * quick-action menu. Every change is persisted before it is pushed to the agent's session.
 */
export async function agentGoalRoutes(app: FastifyInstance, service: AgentService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['agents'], security: [{ bearer: [] }], params: agentParams };
  const answer = (state: GoalState | null, agentId: string) => {
    if (!state) throw new HttpError('not_found', `agent ${agentId} does not exist`);
    return { success: true, ...state };
  };

  r.get(
    '/api/agents/:agentId/goal',
    {
      preValidation: requireAuth,
      schema: {
        ...base,
        summary: 'The current goal with its progress, the pause flag and the goals open now',
        response: { 200: goalControlResponse },
      },
    },
    async (request) => {
      const row = await controlledAgent(service, authOf(request), request.params.agentId);
      return { success: true, ...(await service.goalState(row)) };
    },
  );

  r.post(
    '/api/agents/:agentId/goal',
    {
      preValidation: requireAuth,
      schema: {
        ...base,
        summary: "Set the agent's goal (409 goal_unavailable when its state rules the goal out)",
        body: setGoalBody,
        response: { 200: goalControlResponse },
      },
    },
    async (request) => {
      const { agentId } = request.params;
      await controlledAgent(service, authOf(request), agentId);
      const outcome = await service.setGoal(agentId, request.body);
      if (!outcome) throw new HttpError('not_found', `agent ${agentId} does not exist`);
      if (!outcome.ok) {
        throw new HttpError('goal_unavailable', `${request.body.type} is not available: ${outcome.reason}`, {
          type: request.body.type,
          reason: outcome.reason,
        });
      }
      return answer(outcome.state, agentId);
    },
  );

  for (const [path, paused] of [
    ['stop', true],
    ['resume', false],
  ] as const) {
    r.post(
      `/api/agents/:agentId/goal/${path}`,
      {
        preValidation: requireAuth,
        schema: {
          ...base,
          summary: paused
            ? 'Pause autonomous goal setting; the current movement path is cancelled within one tick'
            : 'Resume autonomous goal setting',
          response: { 200: goalControlResponse },
        },
      },
      async (request) => {
        const { agentId } = request.params;
        await controlledAgent(service, authOf(request), agentId);
        return answer(await service.setPaused(agentId, paused), agentId);
      },
    );
  }

  r.post(
    '/api/agents/:agentId/message',
    {
      preValidation: requireAuth,
      schema: {
        ...base,
        summary:
          'Send the agent a message (delivered: false with status agent_offline when it is not connected)',
        body: messageBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const row = await controlledAgent(service, authOf(request), request.params.agentId);
      const { delivered, sentAt } = service.message(row, request.body.message);
      return { success: true, delivered, status: delivered ? 'delivered' : 'agent_offline', sentAt } as const;
    },
  );

  r.get(
    '/api/agents/:agentId/quick-actions',
    {
      preValidation: requireAuth,
      schema: {
        ...base,
        summary: "The owner's quick-action menu: nearby places, goals and quick commands with availability",
        response: { 200: quickActionsResponse },
      },
    },
    async (request) => {
      const row = await controlledAgent(service, authOf(request), request.params.agentId);
      return { success: true, ...(await service.quickActions(row)) };
    },
  );
}
