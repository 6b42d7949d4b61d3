import type { ServerPayload } from '@tilerealm/protocol';
import { DEFAULT_FOOD, GameClient, RestClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from '../../server/test/e2e/realtime-harness';
import { call, removeDir, RUNTIME_SERVER_ENV, startRuntime, type TestRuntime } from './runtime-harness';

const created = z.object({ agentId: z.string(), characterId: z.string(), name: z.string() });

/**
 * The planner trains combat on a real game server with fast ticks, gets killed for real (an
 * administrator's `/hit`, a hit from no one that a player dies of like any other) and recovers
 * unaided: it runs back to its gravestone, takes its items back, wears again what it wore and
 * goes on training.
 */
describe('agent death and recovery end to end', () => {
  const live = useRealtimeServer({ TICK_MS: '10', ...RUNTIME_SERVER_ENV });
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

  it('after dying in its field it reclaims its gravestone, re-equips and trains on', async () => {
    const res = await call(rt.url, 'POST', '/api/agent/agents', ownerToken, { name: 'Brawler', start: true });
    expect(res.status).toBe(201);
    const agent = created.parse(res.json);
    const runner = rt.runtime.get(agent.agentId);
    if (!runner) throw new Error('no runner');
    onTestFailed(() => console.log(runner.activity.recent(60), runner.connection?.world.player));
    const said = (prefix: string) => runner.activity.recent().some((e) => e.message.startsWith(prefix));
    await expect.poll(() => runner.status, { timeout: 30_000 }).toBe('running');
    runner.onOwnerText('train combat');
    const world = () => runner.connection?.world;

    // It reaches the field and kills something there.
    await expect.poll(() => said('killed '), { timeout: 120_000, interval: 100 }).toBe(true);
    const worn = (world()?.player?.equipment ?? []).map((e) => e.itemId).sort();
    expect(worn).toContain('bronze_sword');
    const client = runner.connection?.client;
    if (!client) throw new Error('not connected');
    const died = client.waitFor('player:died', undefined, 60_000);

    // An administrator deals it far more than its health.
    const admin = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    try {
      await admin.request('player:chat', { message: '/admin let-me-in-please' });
      await admin.request('player:chat', { message: `/hit 1000 ${agent.name}` });
    } finally {
      await admin.close();
    }
    const death: ServerPayload<'player:died'> = await died;
    const grave = death.gravestone;
    expect(grave).not.toBeNull();
    expect(death.lost.length).toBeGreaterThan(0);
    // It respawned in town, well away from the gravestone in the field.
    expect(
      Math.max(Math.abs(death.respawn.x - (grave?.x ?? 0)), Math.abs(death.respawn.z - (grave?.z ?? 0))),
    ).toBeGreaterThan(10);
    const attackAtDeath = world()?.xp('attack') ?? 0;

    // It goes back, takes everything back, and wears what it wore.
    await expect.poll(() => said('reclaimed '), { timeout: 120_000, interval: 100 }).toBe(true);
    const has = (itemId: string) =>
      (world()?.has(itemId) ?? false) ||
      (world()?.player?.equipment.some((e) => e.itemId === itemId) ?? false);
    // Every item it lost but food (which it may have eaten again by then) is back.
    const lostKept = death.lost.filter((s) => !(DEFAULT_FOOD as readonly string[]).includes(s.itemId));
    expect(lostKept.length).toBeGreaterThan(0);
    await expect
      .poll(() => lostKept.every((s) => has(s.itemId)), { timeout: 30_000, interval: 100 })
      .toBe(true);
    await expect
      .poll(() => (world()?.player?.equipment ?? []).map((e) => e.itemId).sort(), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual(worn);
    expect(said('died: lost ')).toBe(true);

    // And trains on.
    await expect
      .poll(() => world()?.xp('attack') ?? 0, { timeout: 120_000, interval: 200 })
      .toBeGreaterThan(attackAtDeath);
  }, 420_000);
});
