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
    // Public chat is heard within hearing distance: hold the agent still (goals paused), walk the
    // owner up to it, then speak; the agent then follows the owner somewhere else.
    const game = (path: string) => call(live.server.url, 'POST', `/api/agents/${agent.agentId}${path}`, boss);
    expect((await game('/goal/stop')).status).toBe(200);
    await expect.poll(() => runner.current?.type, { timeout: 20_000 }).toBe('idle');
    const agentAt = () => {
      const a = runner.connection?.world.position;
      if (!a) throw new Error('the agent is not in the world');
      return { x: a.x, z: a.z };
    };
    const me = await GameClient.connect({
      url: wsUrl(live.server),
      token: boss,
      characterId: bossId,
      reconnect: false,
    });
    try {
      const ownerAt = async () =>
        z
          .object({ position: z.object({ x: z.number(), z: z.number() }) })
          .parse((await call(live.server.url, 'GET', `/api/characters/${bossId}/position`, boss)).json)
          .position;
      /** Walks the owner towards a tile and waits until it has stood still for a while (arrived or blocked). */
      const walk = async (x: number, tz: number) => {
        await me.request('player:move', { x, z: tz });
        let last = { x: NaN, z: NaN };
        let still = 0;
        await expect
          .poll(
            async () => {
              const at = await ownerAt();
              still = at.x === last.x && at.z === last.z ? still + 1 : 0;
              last = at;
              return still;
            },
            { timeout: 30_000, interval: 300 },
          )
          .toBeGreaterThanOrEqual(3);
        return last;
      };
      // The pause stops the agent where it is (a walk it had begun ends too).
      let lastAgent = agentAt();
      let agentStill = 0;
      await expect
        .poll(
          () => {
            const at = agentAt();
            agentStill = at.x === lastAgent.x && at.z === lastAgent.z ? agentStill + 1 : 0;
            lastAgent = at;
            return agentStill;
          },
          { timeout: 20_000, interval: 300 },
        )
        .toBeGreaterThanOrEqual(3);
      const target = agentAt();
      const there = await walk(target.x, target.z);
      expect(Math.max(Math.abs(there.x - target.x), Math.abs(there.z - target.z))).toBeLessThanOrEqual(5);
      await me.request('player:chat', { message: 'follow me' });
      await expect.poll(() => runner.command, { timeout: 10_000 }).toEqual({ kind: 'follow' });
      const dest = await walk(there.x + 6, there.z);
      const near = () => {
        const a = runner.connection?.world.position;
        return a ? Math.max(Math.abs(a.x - dest.x), Math.abs(a.z - dest.z)) : Infinity;
      };
      await expect.poll(near, { timeout: 20_000 }).toBeLessThanOrEqual(2);
      await me.request('player:chat', { message: 'stop' });
      await expect.poll(() => runner.command, { timeout: 10_000 }).toEqual({ kind: 'stop' });
    } finally {
      await me.close();
    }
  }, 120_000);
});
