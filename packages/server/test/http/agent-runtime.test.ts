import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_RUNTIME_SECRET_HEADER } from '../../src/transport/http/routes/agent-runtime';
import { anonymous, createTestApp, type TestApp } from '../http-harness';

const SECRET = 'runtime-secret-runtime-secret-0123456789';
const BASE = '/api/internal/agent-runtime';
const runtime = { [AGENT_RUNTIME_SECRET_HEADER]: SECRET };

type Who = Awaited<ReturnType<typeof anonymous>>;

async function createAgent(t: TestApp, who: Who, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agents',
    headers: who.headers,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ agentId: string; characterId: string }>();
}

describe('/api/internal/agent-runtime: the runtime credential', () => {
  let t: TestApp;
  let owner: Who;
  let agentId = '';
  beforeAll(async () => {
    // The REST limit stays on: the runtime's endpoints are not counted against it.
    t = await createTestApp({ env: { AGENT_RUNTIME_SECRET: SECRET } });
    owner = await anonymous(t.app);
    agentId = (await createAgent(t, owner, 'Runner')).agentId;
  });
  afterAll(() => t.close());

  const requests = () =>
    [
      { method: 'GET', url: `${BASE}/agents?worldId=1` },
      {
        method: 'PUT',
        url: `${BASE}/agents/${agentId}`,
        payload: { accountId: owner.accountId, worldId: 1, running: true },
      },
      { method: 'POST', url: `${BASE}/agents/${agentId}/session` },
      // The check belongs to the matched route, however the path is spelled.
      { method: 'GET', url: '/%61pi/internal/agent-runtime/agents?worldId=1' },
      { method: 'POST', url: `/api/internal/agent-runtime/agents/${agentId}/%73ession` },
    ] as const;

  it('answers 401 without the secret, with a wrong one or with an owner token, and changes nothing', async () => {
    const wrong = [
      {},
      { [AGENT_RUNTIME_SECRET_HEADER]: 'not-the-secret' },
      { [AGENT_RUNTIME_SECRET_HEADER]: `${SECRET}x` },
      owner.headers,
    ];
    for (const headers of wrong) {
      for (const req of requests()) {
        const res = await t.app.inject({ ...req, headers });
        expect(res.statusCode, `${req.method} ${req.url}`).toBe(401);
        expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
      }
    }
    const row = await t.repos.agents.get(agentId);
    expect(row).toMatchObject({ worldId: null, running: false });
  });

  it('lists, updates and mints tokens with the secret; the owner guard and validation hold', async () => {
    const put = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `${BASE}/agents/${id}`, headers: runtime, payload });
    // An agent the runtime does not play yet has no token to mint.
    const early = await t.app.inject({
      method: 'POST',
      url: `${BASE}/agents/${agentId}/session`,
      headers: runtime,
    });
    expect(early.statusCode).toBe(404);

    const other = await anonymous(t.app);
    expect((await put(agentId, { accountId: other.accountId, worldId: 1, running: true })).statusCode).toBe(
      404,
    );
    expect((await put(agentId, { accountId: owner.accountId, worldId: 0, running: true })).statusCode).toBe(
      400,
    );
    expect((await put(agentId, { accountId: owner.accountId, worldId: 1 })).statusCode).toBe(400);
    expect((await t.repos.agents.get(agentId))?.worldId).toBeNull();

    const claimed = await put(agentId, { accountId: owner.accountId, worldId: 2, running: true });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ agentId, accountId: owner.accountId, worldId: 2, running: true });

    const onTwo = await t.app.inject({ url: `${BASE}/agents?worldId=2`, headers: runtime });
    expect(onTwo.json<{ agents: { agentId: string }[] }>().agents.map((a) => a.agentId)).toEqual([agentId]);
    const onOne = await t.app.inject({ url: `${BASE}/agents?worldId=1`, headers: runtime });
    expect(onOne.json()).toEqual({ agents: [] });
    expect((await t.app.inject({ url: `${BASE}/agents?worldId=x`, headers: runtime })).statusCode).toBe(400);

    const minted = await t.app.inject({
      method: 'POST',
      url: `${BASE}/agents/${agentId}/session`,
      headers: runtime,
    });
    expect(minted.statusCode).toBe(200);
    const { token, expiresAt } = minted.json<{ token: string; expiresAt: string }>();
    // Short-lived: an hour, not the anonymous account's 30 days.
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ accountId: owner.accountId, anonymous: true });
  });
});

describe('/api/internal/agent-runtime without AGENT_RUNTIME_SECRET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true' } });
  });
  afterAll(() => t.close());

  it('refuses every request, whatever header is sent', async () => {
    const res = await t.app.inject({ url: `${BASE}/agents?worldId=1`, headers: runtime });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: { message: string } }>().error.message).toContain('not configured');
  });
});
