import { GameClient, RestClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from '../../server/test/e2e/realtime-harness';
import { runBenchmark } from '../src/bench';
import { GameApi } from '../src/game-api';
import {
  call,
  loadPlaces,
  removeDir,
  RUNTIME_SERVER_ENV,
  startRuntime,
  type TestRuntime,
} from './runtime-harness';

const created = z.object({ agentId: z.string(), characterId: z.string(), name: z.string() });
const AXES = ['bronze_axe', 'iron_axe', 'steel_axe'];

/**
 * The runtime against a real game server with fast ticks: agents created through the runtime's
 * REST API (which creates the character through the game server), playing over the WebSocket.
 */
describe('agent runtime end to end', () => {
  const live = useRealtimeServer({ TICK_MS: '10', RECONNECT_GRACE_MS: '500', ...RUNTIME_SERVER_ENV });
  let rt: TestRuntime;
  let ownerToken = '';

  beforeAll(async () => {
    rt = await startRuntime(live.server.url);
    const rest = new RestClient(live.server.url);
    ownerToken = (await rest.anonymous()).token;
  });
  afterAll(async () => {
    await rt?.close();
    await removeDir(rt.dataDir);
  });

  /** Creates a stopped agent through the REST API. */
  async function createAgent(name: string) {
    const res = await call(rt.url, 'POST', '/api/agent/agents', ownerToken, { name, start: false });
    expect(res.status).toBe(201);
    return created.parse(res.json);
  }

  it('on woodcutting without an axe: buys one, chops, banks when full, gains woodcutting xp', async () => {
    const agent = await createAgent('Woody');
    const runner = rt.runtime.get(agent.agentId);
    if (!runner) throw new Error('no runner');
    onTestFailed(() => console.log(runner.activity.recent(40), runner.connection?.world.player));
    // Take the starter axe away: the character's own session drops it, then leaves.
    const c = await GameClient.connect({
      url: wsUrl(live.server),
      // A token minted on demand, as the runtime connects its agents with.
      token: (await rt.directory.sessionToken(agent.agentId)).token,
      characterId: agent.characterId,
      reconnect: false,
    });
    const sync = await c.request('player:requestSync', {});
    const axe = sync.player.inventory.find((s) => AXES.includes(s.itemId));
    if (axe) await c.request('inventory:drop', { slot: axe.slot });
    await c.close();

    expect((await call(rt.url, 'POST', `/api/agent/agents/${agent.agentId}/start`, ownerToken)).status).toBe(
      200,
    );
    runner.onOwnerText('chop trees');
    const world = () => runner.connection?.world;
    await expect.poll(() => world()?.has(...AXES), { timeout: 60_000, interval: 100 }).toBe(true);
    const bought = await call(rt.url, 'GET', `/api/agent/agents/${agent.agentId}/activity`, ownerToken);
    expect(JSON.stringify(bought.json)).toContain('bought bronze_axe');
    await expect
      .poll(() => world()?.xp('woodcutting') ?? 0, { timeout: 60_000, interval: 100 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => runner.activity.recent().some((e) => e.message.startsWith('deposited')), {
        timeout: 120_000,
        interval: 200,
      })
      .toBe(true);
    expect(world()?.count('logs')).toBeLessThan(21);
    expect(world()?.has(...AXES)).toBe(true);
  }, 300_000);

  it('on combat training: gains attack xp and eats when hurt', async () => {
    const agent = await createAgent('Fighter');
    const runner = rt.runtime.get(agent.agentId);
    if (!runner) throw new Error('no runner');
    onTestFailed(() => console.log(runner.activity.recent(40), runner.connection?.world.player));
    await rt.runtime.start(agent.agentId);
    const world = () => runner.connection?.world;
    const food = () => (world()?.count('shrimps') ?? 0) + (world()?.count('bread') ?? 0);
    const startingFood = food();
    expect(startingFood).toBeGreaterThan(0);
    runner.onOwnerText('fight');
    await expect
      .poll(() => world()?.xp('attack') ?? 0, { timeout: 120_000, interval: 100 })
      .toBeGreaterThan(0);

    // An administrator hurts the agent (unless its fights already made it eat everything): below
    // half health it eats.
    const admin = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    try {
      if (food() > 0) {
        await admin.request('player:chat', { message: '/admin let-me-in-please' });
        await admin.request('player:chat', { message: `/hit 60 ${agent.name}` });
      }
      await expect
        .poll(() => runner.activity.recent().some((e) => e.message.startsWith('ate ')), {
          timeout: 30_000,
          interval: 50,
        })
        .toBe(true);
      expect(food()).toBeLessThan(startingFood);
    } finally {
      await admin.close();
    }
  }, 200_000);

  it('firemaking: chops logs and lights fires; fishing then cooking: nets shrimps and cooks them', async () => {
    const stoker = await createAgent('Stoker');
    const angler = await createAgent('Angler');
    const fire = rt.runtime.get(stoker.agentId);
    const fish = rt.runtime.get(angler.agentId);
    if (!fire || !fish) throw new Error('no runner');
    onTestFailed(() => console.log(fish.activity.recent(8), JSON.stringify(fish.connection?.world.player)));
    await rt.runtime.start(stoker.agentId);
    await rt.runtime.start(angler.agentId);
    fire.onOwnerText('make a fire');
    fish.onOwnerText('go fishing');
    await expect
      .poll(() => fire.connection?.world.xp('firemaking') ?? 0, { timeout: 120_000, interval: 100 })
      .toBeGreaterThan(0);
    // Ten, so that not all of them burn at cooking level 1 (about half do).
    await expect
      .poll(() => fish.connection?.world.count('raw_shrimps') ?? 0, { timeout: 120_000, interval: 100 })
      .toBeGreaterThanOrEqual(10);
    fish.onOwnerText('cook them');
    await expect
      .poll(() => fish.connection?.world.xp('cooking') ?? 0, { timeout: 120_000, interval: 100 })
      .toBeGreaterThan(0);
  }, 300_000);

  it('benchmark mode: runs several agents at once and reports xp per game hour', async () => {
    const report = await runBenchmark({
      api: new GameApi(live.server.url),
      serverUrl: live.server.url,
      places: await loadPlaces(),
      agents: 6,
      durationMs: 5_000,
      goal: 'woodcutting',
    });
    expect(report).toMatchObject({ agents: 6, connected: 6, tickMs: 10 });
    expect(report.perAgent).toHaveLength(6);
    expect(report.gameHours).toBeGreaterThan(0);
    // 500 fast ticks are plenty for some of them to land a log.
    expect(report.perAgent.some((a) => (a.xpGained['woodcutting'] ?? 0) > 0)).toBe(true);
    expect(report.totalXpPerGameHour).toBeGreaterThan(0);
  }, 60_000);
});
