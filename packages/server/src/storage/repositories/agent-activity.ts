import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { and, desc, eq, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { agentActivity, agentGoals, AGENT_ACTIVITY_RETENTION, AGENT_GOAL_RETENTION } from '../schema';
import type { JsonValue } from '../schema/items';
import type { AppDatabase } from '../types';

export type AgentActivityRow = typeof agentActivity.$inferSelect;
export type AgentGoalRow = typeof agentGoals.$inferSelect;

/** One line to append. */
export interface AgentActivityAppend {
  at: Date;
  kind: string;
  message: string;
  data?: Record<string, JsonValue> | undefined;
}

/** A goal change: a goal starts (ending the open one) or the open one ends. */
export type AgentGoalChange =
  | { event: 'start'; at: Date; type: string; reason: string; setBy: 'agent' | 'owner'; tick: number }
  | { event: 'end'; at: Date; tick?: number | undefined };

/** Which lines to read: newest first, older than `before` (an id), of these kinds, containing every word of `text`. */
export interface AgentActivityQuery {
  kinds?: readonly string[] | undefined;
  text?: string | undefined;
  before?: number | undefined;
  limit: number;
}

/** One page, newest first; `more` when older lines match too. */
export interface Page<T> {
  rows: T[];
  more: boolean;
}

/**
 * An agent's activity log and goal history (docs/agent-runtime.md). Appends prune the agent's
 * oldest rows beyond {@link AGENT_ACTIVITY_RETENTION} lines and {@link AGENT_GOAL_RETENTION} goals.
 */
export interface AgentActivityRepository {
  /** Appends lines in order; returns how many. */
  append(agentId: string, entries: readonly AgentActivityAppend[]): Promise<number>;
  list(agentId: string, query: AgentActivityQuery): Promise<Page<AgentActivityRow>>;
  /** Applies goal changes in order, in one transaction. */
  recordGoals(agentId: string, changes: readonly AgentGoalChange[]): Promise<void>;
  listGoals(
    agentId: string,
    query: { before?: number | undefined; limit: number },
  ): Promise<Page<AgentGoalRow>>;
}

/** `%`, `_` and `\` stand for themselves in an ILIKE pattern. */
const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Drizzle implementation of {@link AgentActivityRepository}. */
export function createAgentActivityRepository(db: AppDatabase): AgentActivityRepository {
  return {
    async append(agentId, entries) {
      if (entries.length === 0) return 0;
      await db
        .insert(agentActivity)
        .values(
          entries.map((e) => ({ agentId, at: e.at, kind: e.kind, message: e.message, data: e.data ?? null })),
        );
      await db.execute(
        keepNewest(agentActivity, agentActivity.agentId, agentActivity.id, agentId, AGENT_ACTIVITY_RETENTION),
      );
      return entries.length;
    },

    async list(agentId, query) {
      const where: SQL[] = [eq(agentActivity.agentId, agentId)];
      if (query.kinds && query.kinds.length > 0) where.push(inArray(agentActivity.kind, [...query.kinds]));
      if (query.before !== undefined) where.push(lt(agentActivity.id, query.before));
      for (const word of (query.text ?? '').split(/\s+/).filter(Boolean))
        where.push(ilike(agentActivity.message, `%${likeEscape(word)}%`));
      const rows = await db
        .select()
        .from(agentActivity)
        .where(and(...where))
        .orderBy(desc(agentActivity.id))
        .limit(query.limit + 1);
      return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
    },

    async recordGoals(agentId, changes) {
      if (changes.length === 0) return;
      await db.transaction(async (tx) => {
        for (const c of changes) {
          await tx
            .update(agentGoals)
            .set({ endedAt: c.at, endTick: c.tick ?? null })
            .where(and(eq(agentGoals.agentId, agentId), isNull(agentGoals.endedAt)));
          if (c.event === 'start')
            await tx.insert(agentGoals).values({
              agentId,
              type: c.type,
              reason: c.reason,
              setBy: c.setBy,
              startTick: c.tick,
              startedAt: c.at,
            });
        }
        await tx.execute(
          keepNewest(agentGoals, agentGoals.agentId, agentGoals.id, agentId, AGENT_GOAL_RETENTION),
        );
      });
    },

    async listGoals(agentId, query) {
      const where: SQL[] = [eq(agentGoals.agentId, agentId)];
      if (query.before !== undefined) where.push(lt(agentGoals.id, query.before));
      const rows = await db
        .select()
        .from(agentGoals)
        .where(and(...where))
        .orderBy(desc(agentGoals.id))
        .limit(query.limit + 1);
      return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
    },
  };
}

/** Deletes an agent's rows older than its newest `keep` (by id) from `table`. */
function keepNewest(table: PgTable, agentCol: PgColumn, idCol: PgColumn, agentId: string, keep: number): SQL {
  return sql`
    DELETE FROM ${table}
    WHERE ${agentCol} = ${agentId}
      AND ${idCol} < (
        SELECT ${idCol} FROM ${table}
        WHERE ${agentCol} = ${agentId}
        ORDER BY ${idCol} DESC
        OFFSET ${keep - 1} LIMIT 1
      )`;
}
