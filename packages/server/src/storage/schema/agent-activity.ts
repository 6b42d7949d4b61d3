import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { JsonValue } from './items';
import { agents } from './progress';

/**
 * An agent's activity log, appended by the agent runtime in batches (docs/agent-runtime.md): what
 * it did, decided and gained, and the LLM's reasoning. `id` orders the lines and is the paging
 * cursor. Each agent keeps its newest {@link AGENT_ACTIVITY_RETENTION} lines (older ones are
 * deleted as new ones arrive); the rows go with the agent's mapping.
 */
export const agentActivity = pgTable(
  'agent_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: text('agentId')
      .notNull()
      .references(() => agents.agentId, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, JsonValue>>(),
  },
  (t) => [
    index('agent_activity_agent_idx').on(t.agentId, t.id),
    check(
      'agent_activity_kind',
      sql`${t.kind} IN ('goal', 'action', 'xp', 'error', 'chat', 'reasoning', 'system')`,
    ),
  ],
);

/**
 * An agent's goal history: one row per goal it pursued, from the goal change that started it to
 * the one that ended it (`endedAt` null while it is the current goal). Each agent keeps its newest
 * {@link AGENT_GOAL_RETENTION} rows.
 */
export const agentGoals = pgTable(
  'agent_goals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: text('agentId')
      .notNull()
      .references(() => agents.agentId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    setBy: text('setBy').notNull(),
    startTick: integer('startTick').notNull(),
    startedAt: timestamp('startedAt', { withTimezone: true }).notNull(),
    endTick: integer('endTick'),
    endedAt: timestamp('endedAt', { withTimezone: true }),
  },
  (t) => [
    index('agent_goals_agent_idx').on(t.agentId, t.id),
    check('agent_goals_set_by', sql`${t.setBy} IN ('agent', 'owner')`),
  ],
);

/** Activity lines kept per agent. */
export const AGENT_ACTIVITY_RETENTION = 5000;
/** Goal history rows kept per agent. */
export const AGENT_GOAL_RETENTION = 1000;
