import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import { AGENT_ACTIVITY_RETENTION } from '../schema';
import type { Database } from '../types';
import { createRepositories, type Repositories } from './index';

describe.each(availableBackends())('agent activity and goal history on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newAgent(): Promise<string> {
    const account = await repos.users.createAnonymous();
    const agentId = `ag_act${(counter += 1)}`;
    await repos.agents.upsert({ agentId, accountId: account.id, name: agentId });
    return agentId;
  }
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

  it('appends lines in order and reads them newest first, filtered by kind and words, paged by id', async () => {
    const agentId = await newAgent();
    const other = await newAgent();
    await repos.agentActivity.append(agentId, [
      { at: at(1), kind: 'goal', message: 'goal: woodcutting (woodcutting level 1)' },
      { at: at(2), kind: 'xp', message: '+25 woodcutting xp', data: { skill: 'woodcutting', amount: 25 } },
      { at: at(3), kind: 'error', message: 'step failed: 100%_done \\ no tree' },
      { at: at(4), kind: 'xp', message: '+25 Woodcutting xp' },
      { at: at(5), kind: 'reasoning', message: 'Logs are close.' },
    ]);
    await repos.agentActivity.append(other, [{ at: at(6), kind: 'xp', message: '+25 woodcutting xp' }]);

    const all = await repos.agentActivity.list(agentId, { limit: 10 });
    expect(all.more).toBe(false);
    expect(all.rows.map((r) => r.kind)).toEqual(['reasoning', 'xp', 'error', 'xp', 'goal']);
    expect(all.rows[3]).toMatchObject({ data: { skill: 'woodcutting', amount: 25 }, at: at(2) });
    expect(all.rows[0]?.data).toBeNull();

    const xp = await repos.agentActivity.list(agentId, { kinds: ['xp'], text: 'WOODCUTTING 25', limit: 10 });
    expect(xp.rows.map((r) => r.message)).toEqual(['+25 Woodcutting xp', '+25 woodcutting xp']);
    const two = await repos.agentActivity.list(agentId, { kinds: ['goal', 'reasoning'], limit: 10 });
    expect(two.rows.map((r) => r.kind)).toEqual(['reasoning', 'goal']);
    // LIKE's wildcards are plain characters in the filter.
    expect((await repos.agentActivity.list(agentId, { text: '%_', limit: 10 })).rows).toHaveLength(1);
    expect((await repos.agentActivity.list(agentId, { text: '\\', limit: 10 })).rows).toHaveLength(1);
    expect((await repos.agentActivity.list(agentId, { text: 'w_odcutting', limit: 10 })).rows).toEqual([]);

    const first = await repos.agentActivity.list(agentId, { limit: 2 });
    expect(first.more).toBe(true);
    const next = await repos.agentActivity.list(agentId, { limit: 2, before: first.rows.at(-1)?.id });
    const last = await repos.agentActivity.list(agentId, { limit: 2, before: next.rows.at(-1)?.id });
    expect([...first.rows, ...next.rows, ...last.rows].map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
    expect(last.more).toBe(false);
  });

  it("keeps each agent's newest lines only, and an agent's rows go with its mapping", async () => {
    const agentId = await newAgent();
    const total = AGENT_ACTIVITY_RETENTION + 30;
    const lines = Array.from({ length: total }, (_, i) => ({
      at: at(0),
      kind: 'action',
      message: `line ${i}`,
    }));
    for (let i = 0; i < total; i += 1000) await repos.agentActivity.append(agentId, lines.slice(i, i + 1000));
    const count = async () => {
      const result = await database.db.execute(
        sql`SELECT count(*)::int AS n FROM agent_activity WHERE "agentId" = ${agentId}`,
      );
      return z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(result).rows[0]?.n;
    };
    expect(await count()).toBe(AGENT_ACTIVITY_RETENTION);
    const newest = await repos.agentActivity.list(agentId, { limit: 1 });
    expect(newest.rows[0]?.message).toBe(`line ${total - 1}`);
    const oldest = await repos.agentActivity.list(agentId, { text: 'line 30', limit: 200 });
    expect(oldest.rows.map((r) => r.message)).toContain('line 30');
    expect(
      (await repos.agentActivity.list(agentId, { text: 'line 29', limit: 200 })).rows.map((r) => r.message),
    ).not.toContain('line 29');

    await repos.agents.delete(agentId);
    expect(await count()).toBe(0);
  });

  it('refuses a kind outside the list at the database level', async () => {
    const agentId = await newAgent();
    await expect(
      repos.agentActivity.append(agentId, [{ at: at(0), kind: 'gossip', message: 'x' }]),
    ).rejects.toThrow();
  });

  it('records goal changes: a start ends the open goal, an end closes it', async () => {
    const agentId = await newAgent();
    await repos.agentActivity.recordGoals(agentId, [
      {
        event: 'start',
        at: at(1),
        type: 'woodcutting',
        reason: 'woodcutting level 1',
        setBy: 'agent',
        tick: 10,
      },
      { event: 'start', at: at(9), type: 'banking', reason: 'inventory full', setBy: 'agent', tick: 25 },
    ]);
    await repos.agentActivity.recordGoals(agentId, [
      { event: 'start', at: at(20), type: 'mining', reason: 'owner command', setBy: 'owner', tick: 40 },
      { event: 'end', at: at(30), tick: 55 },
    ]);
    const page = await repos.agentActivity.listGoals(agentId, { limit: 10 });
    expect(page.rows.map((g) => [g.type, g.setBy, g.startTick, g.endTick, g.endedAt])).toEqual([
      ['mining', 'owner', 40, 55, at(30)],
      ['banking', 'agent', 25, 40, at(20)],
      ['woodcutting', 'agent', 10, 25, at(9)],
    ]);
    const older = await repos.agentActivity.listGoals(agentId, { limit: 1, before: page.rows[0]?.id });
    expect(older).toMatchObject({ more: true, rows: [{ type: 'banking' }] });
    await repos.agentActivity.recordGoals(agentId, [
      { event: 'start', at: at(40), type: 'fishing', reason: 'fishing level 1', setBy: 'agent', tick: 60 },
    ]);
    const current = await repos.agentActivity.listGoals(agentId, { limit: 1 });
    expect(current.rows[0]).toMatchObject({ type: 'fishing', endedAt: null, endTick: null });
  });
});
