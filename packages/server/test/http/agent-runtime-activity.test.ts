import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_RUNTIME_SECRET_HEADER } from '../../src/transport/http/routes/agent-runtime';
import { anonymous, createTestApp, type TestApp } from '../http-harness';

const SECRET = 'runtime-secret-runtime-secret-0123456789';
const BASE = '/api/internal/agent-runtime';
const runtime = { [AGENT_RUNTIME_SECRET_HEADER]: SECRET };
const AT = '2026-01-01T00:00:00.000Z';

describe('/api/internal/agent-runtime: activity and goal history', () => {
  let t: TestApp;
  let agentId = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { AGENT_RUNTIME_SECRET: SECRET, DISABLE_RATE_LIMIT: 'true' } });
    const owner = await anonymous(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.headers,
      payload: { name: 'Logger' },
    });
    expect(res.statusCode, res.body).toBe(201);
    agentId = res.json<{ agentId: string }>().agentId;
  });
  afterAll(() => t.close());

  const append = (id: string, payload: object, headers: Record<string, string> = runtime) =>
    t.app.inject({ method: 'POST', url: `${BASE}/agents/${id}/activity`, headers, payload });
  const read = (query: string, what = 'activity') =>
    t.app.inject({ url: `${BASE}/agents/${agentId}/${what}${query}`, headers: runtime });

  it('appends lines and goal changes and reads them back filtered and paged', async () => {
    const res = await append(agentId, {
      entries: [
        { at: AT, kind: 'goal', message: 'goal: woodcutting (woodcutting level 1)' },
        { at: AT, kind: 'reasoning', message: 'The trees are close.', data: { goal: 'woodcutting' } },
        { at: AT, kind: 'xp', message: '+25 woodcutting xp' },
      ],
      goals: [
        {
          event: 'start',
          at: AT,
          type: 'woodcutting',
          reason: 'woodcutting level 1',
          setBy: 'agent',
          tick: 3,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ appended: 3, goals: 1 });

    const reasoning = await read('?kind=reasoning,goal&text=TREES');
    expect(reasoning.statusCode, reasoning.body).toBe(200);
    expect(reasoning.json()).toMatchObject({
      entries: [
        { kind: 'reasoning', message: 'The trees are close.', data: { goal: 'woodcutting' }, at: AT },
      ],
      nextBefore: null,
    });
    const page = (await read('?limit=2')).json<{ entries: { id: number }[]; nextBefore: number }>();
    expect(page.entries).toHaveLength(2);
    expect(page.nextBefore).toBe(page.entries[1]?.id);
    const rest = (await read(`?limit=2&before=${page.nextBefore}`)).json<{ entries: { kind: string }[] }>();
    expect(rest.entries.map((e) => e.kind)).toEqual(['goal']);

    const goals = await read('', 'goals');
    expect(goals.json()).toMatchObject({
      goals: [{ type: 'woodcutting', setBy: 'agent', startTick: 3, startedAt: AT, endedAt: null }],
      nextBefore: null,
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = (await read('?limit=200')).json<{ entries: unknown[] }>().entries.length;
    const line = { at: AT, kind: 'action', message: 'walked' };
    const bad = [
      { entries: [{ ...line, kind: 'gossip' }] },
      { entries: [{ ...line, message: '' }] },
      { entries: [{ ...line, message: 'x'.repeat(501) }] },
      { entries: [{ ...line, at: 'yesterday' }] },
      { entries: [{ ...line, extra: 1 }] },
      { entries: [{ ...line, data: { nested: { a: 1 } } }] },
      { entries: Array.from({ length: 201 }, () => line) },
      {
        entries: [line],
        goals: [{ event: 'start', at: AT, type: 'napping', reason: '', setBy: 'agent', tick: 1 }],
      },
      // A bad goal change refuses the whole batch, its lines too.
      {
        entries: [line],
        goals: [{ event: 'start', at: AT, type: 'mining', reason: '', setBy: 'someone', tick: 1 }],
      },
      {},
    ];
    for (const payload of bad) {
      const res = await append(agentId, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
    }
    for (const q of [
      '?kind=gossip',
      '?limit=0',
      '?limit=201',
      '?before=-1',
      '?before=x',
      `?text=${'a'.repeat(101)}`,
      '?other=1',
    ])
      expect((await read(q)).statusCode, q).toBe(400);
    expect((await read('?limit=0', 'goals')).statusCode).toBe(400);
    expect((await read('?limit=200')).json<{ entries: unknown[] }>().entries).toHaveLength(before);
  });

  it('answers 404 for an unknown agent and 401 without the secret', async () => {
    const line = { at: AT, kind: 'action', message: 'walked' };
    expect((await append('ag_nobody', { entries: [line] })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${BASE}/agents/ag_nobody/goals`, headers: runtime })).statusCode).toBe(
      404,
    );
    expect((await append(agentId, { entries: [line] }, {})).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${BASE}/agents/${agentId}/activity` })).statusCode).toBe(401);
  });
});
