import {
  agentActivityEntrySchema,
  agentActivityInputSchema,
  agentActivityQuerySchema,
  agentGoalEventSchema,
  agentGoalRecordSchema,
  agentGoalsQuerySchema,
} from '@tilerealm/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AgentActivityRow, AgentGoalRow } from '../../../storage/repositories/agent-activity';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';
import { agentParams } from '../resources/agent';

/** The most lines, and goal changes, one append carries. */
export const ACTIVITY_BATCH_MAX = 200;

const appendBody = z.strictObject({
  entries: z.array(agentActivityInputSchema).max(ACTIVITY_BATCH_MAX),
  goals: z.array(agentGoalEventSchema).max(ACTIVITY_BATCH_MAX).default([]),
});

const entryOf = (r: AgentActivityRow) => ({
  id: r.id,
  at: r.at.toISOString(),
  kind: agentActivityEntrySchema.shape.kind.parse(r.kind),
  message: r.message,
  ...(r.data ? { data: r.data } : {}),
});

const goalOf = (r: AgentGoalRow) => ({
  id: r.id,
  type: r.type,
  reason: r.reason,
  setBy: r.setBy === 'owner' ? ('owner' as const) : ('agent' as const),
  startTick: r.startTick,
  startedAt: r.startedAt.toISOString(),
  endTick: r.endTick,
  endedAt: r.endedAt?.toISOString() ?? null,
});

/**
 * The agent runtime's activity endpoints (docs/agent-runtime.md), registered inside the scope whose
 * hook checks the runtime secret: batched appends of an agent's activity lines and goal changes,
 * and filtered, paged reads of both (newest first, `nextBefore` the cursor of the next page).
 */
export function agentActivityRoutes(scope: FastifyInstance, deps: HttpDeps, prefix: string): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['agent runtime'], hide: true };
  const config = { rateLimit: false };
  const mustExist = async (agentId: string): Promise<void> => {
    if (!(await deps.repos.agents.get(agentId))) throw new HttpError('not_found', `no agent ${agentId}`);
  };

  r.post(
    `${prefix}/agents/:agentId/activity`,
    {
      config,
      schema: {
        ...base,
        summary: "Append an agent's activity lines and goal changes",
        params: agentParams,
        body: appendBody,
        response: { 200: z.object({ appended: z.number().int(), goals: z.number().int() }) },
      },
    },
    async (request) => {
      const { agentId } = request.params;
      const { entries, goals } = request.body;
      await mustExist(agentId);
      const activity = deps.repos.agentActivity;
      const appended = await activity.append(
        agentId,
        entries.map((e) => ({ at: new Date(e.at), kind: e.kind, message: e.message, data: e.data })),
      );
      await activity.recordGoals(
        agentId,
        goals.map((g) => ({ ...g, at: new Date(g.at) })),
      );
      return { appended, goals: goals.length };
    },
  );

  r.get(
    `${prefix}/agents/:agentId/activity`,
    {
      config,
      schema: {
        ...base,
        summary: "An agent's activity lines, newest first, filtered by kind and text",
        params: agentParams,
        querystring: agentActivityQuerySchema,
        response: {
          200: z.object({
            entries: z.array(agentActivityEntrySchema),
            nextBefore: z.number().int().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const { agentId } = request.params;
      await mustExist(agentId);
      const q = request.query;
      const page = await deps.repos.agentActivity.list(agentId, {
        kinds: q.kind,
        text: q.text,
        before: q.before,
        limit: q.limit,
      });
      return {
        entries: page.rows.map(entryOf),
        nextBefore: page.more ? (page.rows.at(-1)?.id ?? null) : null,
      };
    },
  );

  r.get(
    `${prefix}/agents/:agentId/goals`,
    {
      config,
      schema: {
        ...base,
        summary: "An agent's goal history, newest first",
        params: agentParams,
        querystring: agentGoalsQuerySchema,
        response: {
          200: z.object({ goals: z.array(agentGoalRecordSchema), nextBefore: z.number().int().nullable() }),
        },
      },
    },
    async (request) => {
      const { agentId } = request.params;
      await mustExist(agentId);
      const page = await deps.repos.agentActivity.listGoals(agentId, request.query);
      return { goals: page.rows.map(goalOf), nextBefore: page.more ? (page.rows.at(-1)?.id ?? null) : null };
    },
  );
}
