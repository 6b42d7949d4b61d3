import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { characters } from './characters';
import type { ItemStack, JsonValue } from './items';
import { users } from './users';

/**
 * Audit log of completed trades, written in the same transaction that swaps
 * the items. No foreign keys: the audit outlives deleted characters.
 */
export const tradeLog = pgTable(
  'trade_log',
  {
    id: text('id').primaryKey(),
    characterAId: text('characterAId').notNull(),
    characterBId: text('characterBId').notNull(),
    itemsFromA: jsonb('itemsFromA').$type<ItemStack[]>().notNull().default([]),
    itemsFromB: jsonb('itemsFromB').$type<ItemStack[]>().notNull().default([]),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_log_a_idx').on(t.characterAId, t.createdAt),
    index('trade_log_b_idx').on(t.characterBId, t.createdAt),
  ],
);

/** Quest state per character: stage number, status and quest-specific data. */
export const questProgress = pgTable(
  'quest_progress',
  {
    characterId: text('characterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    questId: text('questId').notNull(),
    stage: integer('stage').notNull().default(0),
    status: text('status').notNull().default('not_started'),
    data: jsonb('data').$type<Record<string, JsonValue>>().notNull().default({}),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'quest_progress_pk', columns: [t.characterId, t.questId] }),
    check('quest_progress_status', sql`${t.status} IN ('not_started', 'in_progress', 'completed')`),
  ],
);

/**
 * Agents: maps an agent id to the account that owns it and the character it
 * plays, with its current goal and whether autonomous goal setting is paused.
 */
export const agents = pgTable(
  'agents',
  {
    agentId: text('agentId').primaryKey(),
    accountId: text('accountId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: text('characterId').references(() => characters.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    goal: jsonb('goal').$type<JsonValue>(),
    goalsPaused: boolean('goalsPaused').notNull().default(false),
    /**
     * The world the agent runtime plays the agent on; null when no runtime plays it (its owner plays
     * it with a program of their own). Set with `running` by the runtime (docs/agent-runtime.md).
     */
    worldId: integer('worldId'),
    /** Whether the runtime should be playing it (its start/stop), so any runtime resumes it. */
    running: boolean('running').notNull().default(false),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agents_account_idx').on(t.accountId),
    index('agents_character_idx').on(t.characterId),
    index('agents_world_idx').on(t.worldId),
  ],
);
