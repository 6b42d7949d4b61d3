import { GameClient, RestClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from '../../server/test/e2e/realtime-harness';
import { call, removeDir, RUNTIME_SERVER_ENV, startRuntime, type TestRuntime } from './runtime-harness';

const created = z.object({ agentId: z.string(), characterId: z.string(), name: z.string() });
const said = (rt: TestRuntime, agentId: string, text: string) =>
  rt.runtime
    .get(agentId)
    ?.activity.recent()
    .some((e) => e.message.includes(text)) === true;

/**
 * "Come here" and "follow me" for an owner out of the agent's view: the agent asks the server
 * where the owner is (with its own token) and walks there, or says why it cannot.
 */
describe("an owner's come here / follow me", () => {
  const live = useRealtimeServer({ TICK_MS: '10', RECONNECT_GRACE_MS: '200', ...RUNTIME_SERVER_ENV });
  let rt: TestRuntime;
  let ownerToken = '';

  beforeAll(async () => {
    rt = await startRuntime(live.server.url);
    ownerToken = (await new RestClient(live.server.url).anonymous()).token;
  });
  afterAll(async () => {
    await rt?.close();
    await removeDir(rt.dataDir);
  });

  it('answers "no character", comes to an owner out of view, and answers "offline"', async () => {
    const res = await call(rt.url, 'POST', '/api/agent/agents', ownerToken, { name: 'Comer', start: false });
    expect(res.status).toBe(201);
    const agent = created.parse(res.json);
    const runner = rt.runtime.get(agent.agentId);
    if (!runner) throw new Error('no runner');
    onTestFailed(() => console.log(runner.activity.recent(40), runner.connection?.world.position));
    await rt.runtime.start(agent.agentId);
    runner.onOwnerText('stop');

    // The owner has no character of its own: the agent says so instead of waiting in silence.
    runner.onOwnerText('come here');
    await expect
      .poll(() => said(rt, agent.agentId, 'cannot come: you have no character of your own'), {
        timeout: 20_000,
      })
      .toBe(true);
    // The command ends just after the agent said why (the step returns after logging).
    await expect.poll(() => runner.command, { timeout: 20_000 }).toBeNull();

    // The owner plays a character of its own, far out of the agent's view.
    const player = await call(live.server.url, 'POST', '/api/v1/player', ownerToken, { name: 'Boss' });
    expect(player.status).toBe(201);
    const owner = await GameClient.connect({ url: wsUrl(live.server), token: ownerToken, reconnect: false });
    try {
      expect(owner.welcome?.name).toBe('Boss');
      const moved = await owner.request('player:move', { x: 0, z: 40 });
      expect(Number(moved.result?.['steps'])).toBeGreaterThan(30);
      await owner.waitFor('world:update', (u) => u.self?.moving === false, 20_000);
      const ownerId = String(owner.welcome?.playerId);
      const at = live.server.host.world.players.get(ownerId);
      if (!at) throw new Error('the owner is not in the world');
      expect(runner.connection?.world.entity(ownerId)).toBeUndefined();

      runner.onOwnerText('come here');
      await expect.poll(() => said(rt, agent.agentId, 'came to the owner'), { timeout: 60_000 }).toBe(true);
      const here = runner.connection?.world.position;
      expect(
        Math.max(Math.abs((here?.x ?? 1e9) - at.x), Math.abs((here?.z ?? 1e9) - at.z)),
      ).toBeLessThanOrEqual(1);
      await expect.poll(() => runner.command, { timeout: 20_000 }).toEqual({ kind: 'stop' });
    } finally {
      await owner.close();
    }

    // Once the owner's session has ended (its save committed), "follow me" says the owner is offline.
    const ownerId = String(owner.welcome?.playerId);
    await expect
      .poll(
        async () =>
          JSON.stringify(
            (await call(live.server.url, 'GET', `/api/characters/${ownerId}/position`, ownerToken)).json,
          ),
        { timeout: 20_000 },
      )
      .toContain('"online":false');
    runner.onOwnerText('follow me');
    await expect
      .poll(() => said(rt, agent.agentId, 'cannot follow: you are offline'), { timeout: 20_000 })
      .toBe(true);
    // The command ends just after the agent said why (the step returns after logging).
    await expect.poll(() => runner.command, { timeout: 20_000 }).toBeNull();
  });
});
