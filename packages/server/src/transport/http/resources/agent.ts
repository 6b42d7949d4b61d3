import { availableGoalSchema, GOAL_TYPES, goalSchema } from '@tilerealm/protocol';
import { z } from 'zod';
import type { AgentService } from '../../../agents/service';
import type { AuthContext } from '../../../auth/authenticator';
import type { AgentRow } from '../../../storage';
import { HttpError } from '../errors';

/**
 * Agent ids: opaque, URL-safe, at most 64 characters. `mapping` is refused so that no agent's
 * goal URL can collide with GET /api/agents/mapping/:agentId.
 */
export const agentId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'agent ids are 1-64 letters, digits, _ or -')
  .refine((id) => id !== 'mapping', 'agent id "mapping" is reserved');

export const agentParams = z.object({ agentId });

/** The spec's agent goal-control response. */
export const goalControlResponse = z.object({
  success: z.boolean(),
  goal: goalSchema.nullable(),
  goalsPaused: z.boolean(),
  availableGoals: z.array(availableGoalSchema),
});

/** Body of POST /api/agents/:agentId/goal: the owner's goal (who set it and when are the server's). */
export const setGoalBody = z.strictObject({
  type: z.enum(GOAL_TYPES),
  target: z.string().min(1).max(64).optional(),
});

export const messageBody = z.strictObject({
  message: z.string().trim().min(1, 'message must not be empty').max(500, 'at most 500 characters'),
});

export const messageResponse = z.object({
  success: z.boolean(),
  delivered: z.boolean(),
  /** `delivered`: the agent's session received it; `agent_offline`: it has no open connection, nothing was queued. */
  status: z.enum(['delivered', 'agent_offline']),
  sentAt: z.iso.datetime(),
});

export const quickActionsResponse = z.object({
  success: z.boolean(),
  places: z.array(z.object({ id: z.string(), name: z.string(), distance: z.number().int().optional() })),
  goals: z.array(availableGoalSchema),
  commands: z.array(
    z.object({
      command: z.string(),
      label: z.string(),
      message: z.string(),
      available: z.boolean(),
      reason: z.string().optional(),
    }),
  ),
});

export const mappingResponse = z.object({
  agentId: z.string(),
  characterId: z.string().nullable(),
  accountId: z.string(),
  name: z.string(),
});

export const agentSummary = z.object({
  agentId: z.string(),
  characterId: z.string().nullable(),
  name: z.string(),
  goal: goalSchema.nullable(),
  goalsPaused: z.boolean(),
  online: z.boolean(),
});

/**
 * Loads an agent the caller may read or control: 404 when it does not exist, 403 when another
 * account owns it. Administrators may read and control any agent.
 */
export async function controlledAgent(
  service: AgentService,
  auth: AuthContext,
  id: string,
): Promise<AgentRow> {
  const row = await service.get(id);
  if (!row) throw new HttpError('not_found', `agent ${id} does not exist`);
  if (row.accountId !== auth.accountId && !auth.isAdmin) {
    throw new HttpError('forbidden', 'this agent belongs to another account');
  }
  return row;
}
