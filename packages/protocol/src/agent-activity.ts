import { z } from 'zod';
import { GOAL_TYPES } from './agent-goals';

/**
 * The kinds of lines in an agent's activity log (kept in the game's database by the agent runtime,
 * docs/agent-runtime.md): `goal` a goal change or the owner's control, `action` what a behaviour
 * did, `xp` experience gained or a level, `error` a failure, `chat` the owner's lines and the
 * agent's answers, `reasoning` the LLM's words on why it chose a goal, `system` connection and
 * session events.
 */
export const AGENT_ACTIVITY_KINDS = ['goal', 'action', 'xp', 'error', 'chat', 'reasoning', 'system'] as const;
export type AgentActivityKind = (typeof AGENT_ACTIVITY_KINDS)[number];
export const agentActivityKindSchema = z.enum(AGENT_ACTIVITY_KINDS);

/** The longest activity message kept (longer ones are cut by the runtime, refused by the server). */
export const AGENT_ACTIVITY_MESSAGE_MAX = 500;

/** One activity line as the runtime appends it. */
export const agentActivityInputSchema = z.strictObject({
  at: z.iso.datetime({ offset: true }),
  kind: agentActivityKindSchema,
  message: z.string().min(1).max(AGENT_ACTIVITY_MESSAGE_MAX),
  /** Small structured details (a skill and amount, the goal chosen...): at most 2,000 characters as JSON. */
  data: z
    .record(z.string(), z.union([z.string().max(300), z.number(), z.boolean(), z.null()]))
    .refine((d) => JSON.stringify(d).length <= 2000, 'data is too large')
    .optional(),
});
export type AgentActivityInput = z.infer<typeof agentActivityInputSchema>;

/** A goal change as the runtime records it: a goal starts (ending the one before) or the agent stops pursuing any. */
export const agentGoalEventSchema = z.discriminatedUnion('event', [
  z.strictObject({
    event: z.literal('start'),
    at: z.iso.datetime({ offset: true }),
    type: z.enum(GOAL_TYPES),
    reason: z.string().max(AGENT_ACTIVITY_MESSAGE_MAX),
    setBy: z.enum(['agent', 'owner']),
    /** The game tick it started at. */
    tick: z.number().int().nonnegative(),
  }),
  z.strictObject({
    event: z.literal('end'),
    at: z.iso.datetime({ offset: true }),
    tick: z.number().int().nonnegative().optional(),
  }),
]);
export type AgentGoalEvent = z.infer<typeof agentGoalEventSchema>;

/** The most lines or goals one read answers. */
export const AGENT_ACTIVITY_PAGE_MAX = 200;

const before = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/**
 * The query of an activity read (`GET …/agents/:agentId/activity`): `kind` one kind or several
 * separated by commas, `text` words every line must contain (case-insensitive), `before` the cursor
 * of the previous page (`nextBefore`), `limit` 1-200 (default 50).
 */
export const agentActivityQuerySchema = z.strictObject({
  kind: z
    .string()
    .max(100)
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(z.array(agentActivityKindSchema))
    .optional(),
  text: z.string().max(100).optional(),
  before,
  limit: z.coerce.number().int().min(1).max(AGENT_ACTIVITY_PAGE_MAX).default(50),
});
export type AgentActivityQuery = z.infer<typeof agentActivityQuerySchema>;

/** The query of a goal history read: `before` (cursor) and `limit` 1-200 (default 50). */
export const agentGoalsQuerySchema = z.strictObject({
  before,
  limit: z.coerce.number().int().min(1).max(AGENT_ACTIVITY_PAGE_MAX).default(50),
});

/** One stored activity line; `id` orders lines and pages them. */
export const agentActivityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: agentActivityKindSchema,
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type AgentActivityEntry = z.infer<typeof agentActivityEntrySchema>;

/** One goal of the history; `endedAt` null while it is the current goal. */
export const agentGoalRecordSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  reason: z.string(),
  setBy: z.enum(['agent', 'owner']),
  startTick: z.number().int(),
  startedAt: z.string(),
  endTick: z.number().int().nullable(),
  endedAt: z.string().nullable(),
});
export type AgentGoalRecord = z.infer<typeof agentGoalRecordSchema>;
