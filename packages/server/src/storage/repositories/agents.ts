import { and, asc, eq, sql } from 'drizzle-orm';
import { agents } from '../schema';
import type { AppDatabase } from '../types';
import type { AgentRepository, AgentRow } from './ports';

/** Drizzle implementation of {@link AgentRepository}. */
export function createAgentRepository(db: AppDatabase): AgentRepository {
  const patch = async (
    agentId: string,
    set: Partial<typeof agents.$inferInsert>,
  ): Promise<AgentRow | null> => {
    const rows = await db
      .update(agents)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(agents.agentId, agentId))
      .returning();
    return rows[0] ?? null;
  };

  return {
    async get(agentId) {
      const rows = await db.select().from(agents).where(eq(agents.agentId, agentId));
      return rows[0] ?? null;
    },

    async findByCharacter(characterId) {
      const rows = await db
        .select()
        .from(agents)
        .where(eq(agents.characterId, characterId))
        .orderBy(asc(agents.createdAt), asc(agents.agentId))
        .limit(1);
      return rows[0] ?? null;
    },

    async upsert(input) {
      const values = {
        agentId: input.agentId,
        accountId: input.accountId,
        characterId: input.characterId ?? null,
        name: input.name,
      };
      const rows = await db
        .insert(agents)
        .values(values)
        .onConflictDoUpdate({
          target: agents.agentId,
          set: {
            accountId: values.accountId,
            characterId: values.characterId,
            name: values.name,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('INSERT ... RETURNING returned no row');
      return row;
    },

    setGoal: (agentId, goal) => patch(agentId, { goal }),

    setGoalsPaused: (agentId, paused) => patch(agentId, { goalsPaused: paused }),

    async listByAccount(accountId) {
      return db
        .select()
        .from(agents)
        .where(eq(agents.accountId, accountId))
        .orderBy(asc(agents.createdAt), asc(agents.agentId));
    },

    async delete(agentId) {
      const rows = await db
        .delete(agents)
        .where(eq(agents.agentId, agentId))
        .returning({ agentId: agents.agentId });
      return rows.length > 0;
    },

    async listByWorld(worldId) {
      return db
        .select()
        .from(agents)
        .where(eq(agents.worldId, worldId))
        .orderBy(asc(agents.createdAt), asc(agents.agentId));
    },

    async setRuntimeState(agentId, accountId, state) {
      const rows = await db
        .update(agents)
        .set({ worldId: state.worldId, running: state.running, updatedAt: sql`now()` })
        .where(and(eq(agents.agentId, agentId), eq(agents.accountId, accountId)))
        .returning();
      return rows[0] ?? null;
    },
  };
}
