import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, createTestApp, type TestApp } from '../http-harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true' } });
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<typeof anonymous>>;

async function createAgent(who: Who, name: string, agentId?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agents',
    headers: who.headers,
    payload: agentId === undefined ? { name } : { name, agentId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ agentId: string; characterId: string; name: string; token: string }>();
}

/** Every agent endpoint but create and list, as [method, path of agent id]. */
const ENDPOINTS = [
  ['GET', (id: string) => `/api/agents/${id}/goal`, undefined],
  ['POST', (id: string) => `/api/agents/${id}/goal`, { type: 'idle' }],
  ['POST', (id: string) => `/api/agents/${id}/goal/stop`, undefined],
  ['POST', (id: string) => `/api/agents/${id}/goal/resume`, undefined],
  ['POST', (id: string) => `/api/agents/${id}/message`, { message: 'hello' }],
  ['GET', (id: string) => `/api/agents/${id}/quick-actions`, undefined],
  ['GET', (id: string) => `/api/agents/mapping/${id}`, undefined],
  ['DELETE', (id: string) => `/api/agents/${id}`, undefined],
] as const;

describe('/api/agents: create, list, mapping, delete', () => {
  it("creates the agent's character in the owner's account, with a token that works for the owner", async () => {
    const owner = await anonymous(t.app);
    const created = await createAgent(owner, 'Woody', 'ag_woody');
    expect(created).toMatchObject({ agentId: 'ag_woody', name: 'Woody' });
    const character = await t.repos.characters.findById(created.characterId);
    expect(character?.accountId).toBe(owner.accountId);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${created.token}` },
    });
    expect(me.json()).toMatchObject({ accountId: owner.accountId });

    const generated = await createAgent(owner, 'Fisher');
    expect(generated.agentId).toMatch(/^ag_[A-Za-z0-9_-]+$/);

    const list = await t.app.inject({ url: '/api/agents', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      agents: [
        {
          agentId: 'ag_woody',
          characterId: created.characterId,
          name: 'Woody',
          goal: null,
          goalsPaused: false,
          online: false,
        },
        {
          agentId: generated.agentId,
          characterId: generated.characterId,
          name: 'Fisher',
          goal: null,
          goalsPaused: false,
          online: false,
        },
      ],
    });
    const mapping = await t.app.inject({ url: '/api/agents/mapping/ag_woody', headers: owner.headers });
    expect(mapping.json()).toEqual({
      agentId: 'ag_woody',
      characterId: created.characterId,
      accountId: owner.accountId,
      name: 'Woody',
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/agents/ag_woody',
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.repos.agents.get('ag_woody')).toBeNull();
    expect(await t.repos.characters.findById(created.characterId)).not.toBeNull();
  });

  it('follows the character rules and refuses a taken agent id', async () => {
    const owner = await anonymous(t.app);
    await createAgent(owner, 'Taken Name', 'ag_taken');
    const sameId = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.headers,
      payload: { name: 'Another', agentId: 'ag_taken' },
    });
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().error.code).toBe('agent_exists');
    const sameName = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.headers,
      payload: { name: 'taken name' },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.code).toBe('name_taken');
    for (const name of ['Agent 2', 'Agent 3', 'Agent 4', 'Agent 5']) await createAgent(owner, name);
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.headers,
      payload: { name: 'Agent 6' },
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe('character_limit');
  });

  it('rejects bad create bodies with 400 and the JSON error body', async () => {
    const owner = await anonymous(t.app);
    const bodies: object[] = [
      {},
      { name: '' },
      { name: 'Way too long a name' },
      { name: 'Admin' },
      { name: 'Okay', extra: true },
      { name: 'Okay', agentId: 'not ok!' },
      { name: 'Okay', agentId: 'mapping' },
      { name: 42 },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/agents', headers: owner.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{name:',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('invalid_json');
  });

  it('needs a token to create or list', async () => {
    for (const [method, url] of [
      ['POST', '/api/agents'],
      ['GET', '/api/agents'],
    ] as const) {
      const none = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { name: 'Nobody' } } : {}),
      });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('unauthorized');
      const bad = await t.app.inject({ method, url, headers: { authorization: 'Bearer not.a.token' } });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().error.code).toBe('invalid_token');
    }
  });
});

describe('the auth matrix of every agent endpoint', () => {
  it('401 without a token, 403 for another account, 404 for an unknown agent, 400 for a bad id; admins may', async () => {
    const stranger = await anonymous(t.app);
    const admin = await anonymous(t.app);
    await t.repos.users.setAdmin(admin.accountId, true);
    for (const [method, path, payload] of ENDPOINTS) {
      const owner = await anonymous(t.app);
      const { agentId } = await createAgent(owner, `Matrix ${ENDPOINTS.findIndex((e) => e[1] === path)}`);
      const send = (url: string, headers?: Record<string, string>) =>
        t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
      const label = `${method} ${path(':agentId')}`;

      const none = await send(path(agentId));
      expect(none.statusCode, label).toBe(401);
      expect(none.json().error.code, label).toBe('unauthorized');
      const bad = await send(path(agentId), { authorization: 'Bearer not.a.token' });
      expect(bad.statusCode, label).toBe(401);
      const foreign = await send(path(agentId), stranger.headers);
      expect(foreign.statusCode, label).toBe(403);
      expect(foreign.json().error.code, label).toBe('forbidden');
      const unknown = await send(path('ag_nobody'), owner.headers);
      expect(unknown.statusCode, label).toBe(404);
      expect(unknown.json().error.code, label).toBe('not_found');
      const invalid = await send(path('bad%20id!'), owner.headers);
      expect(invalid.statusCode, label).toBe(400);
      expect(invalid.json().error.code, label).toBe('validation_failed');

      const byAdmin = await send(path(agentId), admin.headers);
      expect(byAdmin.statusCode, label).toBe(method === 'DELETE' ? 204 : 200);
      const byOwner = await send(path(agentId), owner.headers);
      expect(byOwner.statusCode, label).toBe(method === 'DELETE' ? 404 : 200);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every agent endpoint with its schemas (the runtime proxy is left out)', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths).filter((p) =>
      p.startsWith('/api/agent'),
    );
    expect(paths.sort()).toEqual(
      [
        '/api/agents',
        '/api/agents/{agentId}',
        '/api/agents/mapping/{agentId}',
        '/api/agents/{agentId}/goal',
        '/api/agents/{agentId}/goal/stop',
        '/api/agents/{agentId}/goal/resume',
        '/api/agents/{agentId}/message',
        '/api/agents/{agentId}/quick-actions',
      ].sort(),
    );
  });
});
