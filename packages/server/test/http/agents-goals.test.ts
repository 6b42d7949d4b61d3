import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, createTestApp, type TestApp } from '../http-harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true' } });
});
afterAll(() => t.close());

let serial = 0;
async function ownedAgent() {
  const owner = await anonymous(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agents',
    headers: owner.headers,
    payload: { name: `Goaly ${++serial}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { agentId, characterId } = res.json<{ agentId: string; characterId: string }>();
  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/agents/${agentId}${path}`,
      headers: owner.headers,
      ...(payload !== undefined ? { payload } : {}),
    });
  return { owner, agentId, characterId, call };
}

describe('goal control without a live world (the agent is offline)', () => {
  it('reads the goal state with goals computed from the saved character', async () => {
    const { call } = await ownedAgent();
    const res = await call('GET', '/goal');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ availableGoals: Array<{ type: string; available: boolean; reason: string }> }>();
    expect(body).toMatchObject({ success: true, goal: null, goalsPaused: false });
    const types = body.availableGoals.map((g) => g.type).sort();
    expect(types).toEqual(
      [
        'banking',
        'combat_training',
        'cooking',
        'exploration',
        'firemaking',
        'fishing',
        'idle',
        'mining',
        'money_making',
        'questing',
        'smithing',
        'woodcutting',
      ].sort(),
    );
    expect(body.availableGoals.find((g) => g.type === 'cooking')).toMatchObject({ available: false });
  });

  it('sets an owner goal, persists it, and refuses an unavailable one with 409 goal_unavailable', async () => {
    const { agentId, call } = await ownedAgent();
    const set = await call('POST', '/goal', { type: 'woodcutting', target: 'oak_tree' });
    expect(set.statusCode).toBe(200);
    const goal = set.json<{ goal: { startedAt: string } }>().goal;
    expect(set.json()).toMatchObject({
      success: true,
      goal: { type: 'woodcutting', target: 'oak_tree', setBy: 'owner' },
      goalsPaused: false,
    });
    expect(new Date(goal.startedAt).toISOString()).toBe(goal.startedAt);
    expect((await t.repos.agents.get(agentId))?.goal).toEqual(set.json<{ goal: unknown }>().goal);
    expect((await call('GET', '/goal')).json()).toMatchObject({
      goal: { type: 'woodcutting', setBy: 'owner' },
    });

    const refused = await call('POST', '/goal', { type: 'cooking' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'goal_unavailable', details: { type: 'cooking' } },
    });
    expect((await call('GET', '/goal')).json()).toMatchObject({ goal: { type: 'woodcutting' } });
  });

  it('stops and resumes, persisting the pause flag', async () => {
    const { agentId, call } = await ownedAgent();
    const stop = await call('POST', '/goal/stop');
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ success: true, goalsPaused: true });
    expect((await t.repos.agents.get(agentId))?.goalsPaused).toBe(true);
    const again = await call('POST', '/goal/stop');
    expect(again.json()).toMatchObject({ goalsPaused: true });
    const resume = await call('POST', '/goal/resume');
    expect(resume.json()).toMatchObject({ success: true, goalsPaused: false });
    expect((await t.repos.agents.get(agentId))?.goalsPaused).toBe(false);
  });

  it('says a message was not delivered when the agent is offline', async () => {
    const { call } = await ownedAgent();
    const res = await call('POST', '/message', { message: 'come here' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, delivered: false, status: 'agent_offline' });
  });

  it('offers the quick-action menu: nearby places first, goals, commands with reasons', async () => {
    const { call } = await ownedAgent();
    const res = await call('GET', '/quick-actions');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      places: Array<{ id: string; distance?: number }>;
      goals: unknown[];
      commands: Array<{ command: string; available: boolean; reason?: string }>;
    }>();
    expect(body.places.length).toBeGreaterThan(0);
    expect(body.places[0]?.distance).toBe(0);
    const distances = body.places.map((p) => p.distance ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.goals.length).toBe(12);
    const command = (c: string) => body.commands.find((x) => x.command === c);
    expect(command('stop')).toMatchObject({ available: true });
    expect(command('resume')).toMatchObject({ available: false, reason: 'goals are running' });
    expect(command('come_here')).toMatchObject({ available: false, reason: 'the agent is offline' });
    expect(command('follow_me')).toMatchObject({ available: false });
    expect(command('chop_trees')).toMatchObject({ available: false });
    await call('POST', '/goal/stop');
    const paused = (await call('GET', '/quick-actions')).json<typeof body>();
    expect(paused.commands.find((c) => c.command === 'resume')).toMatchObject({ available: true });
    expect(paused.commands.find((c) => c.command === 'stop')).toMatchObject({ available: false });
  });
});

describe('bad bodies', () => {
  it('POST goal: unknown type, extra fields, a bad target, no body, not JSON', async () => {
    const { call, owner, agentId } = await ownedAgent();
    for (const payload of [
      {},
      { type: 'flying' },
      { type: 'woodcutting', setBy: 'owner' },
      { type: 'woodcutting', target: '' },
      { type: 'woodcutting', target: 'x'.repeat(65) },
      { type: 7 },
      [],
    ]) {
      const res = await call('POST', '/goal', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const empty = await call('POST', '/goal');
    expect(empty.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/agents/${agentId}/goal`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('invalid_json');
  });

  it('POST message: empty, blank, too long, extra fields, wrong type', async () => {
    const { call } = await ownedAgent();
    for (const payload of [
      {},
      { message: '' },
      { message: '   ' },
      { message: 'x'.repeat(501) },
      { message: 'hi', to: 'x' },
      { message: 5 },
    ]) {
      const res = await call('POST', '/message', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });
});
