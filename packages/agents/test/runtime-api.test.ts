import { GameClient, RestClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from '../../server/test/e2e/realtime-harness';
import { call, removeDir, RUNTIME_SERVER_ENV, startRuntime, type TestRuntime } from './runtime-harness';

const summary = z.object({
  agentId: z.string(),
  characterId: z.string(),
  name: z.string(),
  running: z.boolean(),
  status: z.string(),
});
const list = z.object({ agents: z.array(summary) });

/**
 * The runtime's REST API against a real game server: who may do what, bad bodies, persistence
 * across a restart of the runtime, and the game server's goal control reaching a running agent.
 */
describe('agent runtime REST API', () => {
  const live = useRealtimeServer({ TICK_MS: '20', ...RUNTIME_SERVER_ENV });
  let rt: TestRuntime;
  let owner = '';
  let other = '';

  beforeAll(async () => {
    rt = await startRuntime(live.server.url);
    owner = (await new RestClient(live.server.url).anonymous()).token;
    other = (await new RestClient(live.server.url).anonymous()).token;
  });
  afterAll(async () => {
    await rt?.close();
    await removeDir(rt.dataDir);
  });

  it('answers 401 without or with a bad token, 403 for another account, 404 for an unknown agent, 400 for bad bodies', async () => {
    const made = await call(rt.url, 'POST', '/api/agent/agents', owner, { name: 'Rowan', start: false });
    expect(made.status).toBe(201);
    const { agentId } = summary.parse(made.json);

    expect((await call(rt.url, 'GET', '/api/agent/agents')).status).toBe(401);
    expect((await call(rt.url, 'GET', '/api/agent/agents', 'not-a-token')).status).toBe(401);
    expect((await call(rt.url, 'GET', `/api/agent/agents/${agentId}`, other)).status).toBe(403);
    expect((await call(rt.url, 'POST', `/api/agent/agents/${agentId}/start`, other)).status).toBe(403);
    expect((await call(rt.url, 'DELETE', `/api/agent/agents/${agentId}`, other)).status).toBe(403);
    expect((await call(rt.url, 'GET', '/api/agent/agents/ag_nobody', owner)).status).toBe(404);
    expect((await call(rt.url, 'POST', '/api/agent/agents', owner, { name: '' })).status).toBe(400);
    expect((await call(rt.url, 'POST', '/api/agent/agents', owner, { name: 'Ok', extra: 1 })).status).toBe(
      400,
    );
    // The game server's own rules apply: a taken name is refused with its status and code.
    const taken = await call(rt.url, 'POST', '/api/agent/agents', owner, { name: 'Rowan', start: false });
    expect(taken.status).toBe(409);

    // Each owner sees only its own agents.
    expect(list.parse((await call(rt.url, 'GET', '/api/agent/agents', other)).json).agents).toEqual([]);
    expect(
      list.parse((await call(rt.url, 'GET', '/agents', owner)).json).agents.map((a) => a.agentId),
    ).toContain(agentId);
  });

  it('keeps its agents in the database: a runtime started elsewhere resumes the running ones; delete forgets one', async () => {
    const made = summary.parse(
      (await call(rt.url, 'POST', '/api/agent/agents', owner, { name: 'Sage' })).json,
    );
    expect(made).toMatchObject({ running: true, status: 'running' });
    await rt.close();
    await removeDir(rt.dataDir);
    // A new data dir: what the runtime knows comes from the game's database, not from its files.
    rt = await startRuntime(live.server.url);
    await rt.runtime.resume();
    const again = summary.parse((await call(rt.url, 'GET', `/api/agent/agents/${made.agentId}`, owner)).json);
    expect(again).toMatchObject({
      agentId: made.agentId,
      characterId: made.characterId,
      running: true,
      status: 'running',
    });

    const stopped = summary.parse(
      (await call(rt.url, 'POST', `/api/agent/agents/${made.agentId}/stop`, owner)).json,
    );
    expect(stopped).toMatchObject({ running: false, status: 'stopped' });
    const activity = await call(rt.url, 'GET', `/api/agent/agents/${made.agentId}/activity?limit=5`, owner);
    expect(JSON.stringify(activity.json)).toContain('stopped');

    expect((await call(rt.url, 'DELETE', `/api/agent/agents/${made.agentId}`, owner)).status).toBe(204);
    expect((await call(rt.url, 'GET', `/api/agent/agents/${made.agentId}`, owner)).status).toBe(404);
  });

  it("obeys the game server's goal control: stop pauses it idle, a message still commands it, resume frees it", async () => {
    const made = summary.parse(
      (await call(rt.url, 'POST', '/api/agent/agents', owner, { name: 'Willow' })).json,
    );
    const runner = rt.runtime.get(made.agentId);
    if (!runner) throw new Error('no runner');
    const game = (method: string, path: string, body?: unknown) =>
      call(live.server.url, method, `/api/agents/${made.agentId}${path}`, owner, body);

    expect((await game('POST', '/goal/stop')).status).toBe(200);
    await expect.poll(() => runner.control.goalsPaused, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => runner.current?.type, { timeout: 10_000 }).toBe('idle');

    expect((await game('POST', '/message', { message: 'chop trees' })).status).toBe(200);
    await expect
      .poll(() => runner.command, { timeout: 10_000 })
      .toEqual({ kind: 'goal', goal: 'woodcutting' });
    await expect.poll(() => runner.current?.type, { timeout: 10_000 }).toBe('woodcutting');

    expect((await game('POST', '/goal/resume')).status).toBe(200);
    await expect.poll(() => runner.control.goalsPaused, { timeout: 10_000 }).toBe(false);
    expect((await game('POST', '/goal', { type: 'combat_training' })).status).toBe(200);
    await expect.poll(() => runner.control.goal?.type, { timeout: 10_000 }).toBe('combat_training');
    // A new owner goal replaces the chat command.
    await expect.poll(() => runner.current?.type, { timeout: 10_000 }).toBe('combat_training');
  });

  it("obeys its owner's chat: follow me, then stop", async () => {
    const boss = (await new RestClient(live.server.url).anonymous()).token;
    const made = await call(live.server.url, 'POST', '/api/character', boss, { name: 'Boss' });
    const bossId = z.object({ character: z.object({ id: z.string() }) }).parse(made.json).character.id;
    const agent = summary.parse(
      (await call(rt.url, 'POST', '/api/agent/agents', boss, { name: 'Buddy' })).json,
    );
    const runner = rt.runtime.get(agent.agentId);
    if (!runner) throw new Error('no runner');
    expect(runner.ownerCharacterIds.has(bossId)).toBe(true);
    const me = await GameClient.connect({
      url: wsUrl(live.server),
      token: boss,
      characterId: bossId,
      reconnect: false,
    });
    try {
      await me.request('player:move', { x: 4, z: 3 });
      await me.waitFor('world:update', (u) => u.self?.moving === false, 10_000);
      await me.request('player:chat', { message: 'follow me' });
      await expect.poll(() => runner.command, { timeout: 10_000 }).toEqual({ kind: 'follow' });
      const near = () => {
        const a = runner.connection?.world.position;
        return a ? Math.max(Math.abs(a.x - 4), Math.abs(a.z - 3)) : Infinity;
      };
      await expect.poll(near, { timeout: 20_000 }).toBeLessThanOrEqual(2);
      await me.request('player:chat', { message: 'stop' });
      await expect.poll(() => runner.command, { timeout: 10_000 }).toEqual({ kind: 'stop' });
    } finally {
      await me.close();
    }
  });
});
