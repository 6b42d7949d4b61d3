import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRepositories } from '../../src/storage';
import { createTestApp, type TestApp } from '../http-harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { WORLD_ID: '2', WORLD_NAME: 'Trade world', CHARACTER_LEASE_TTL_MS: '30000' },
  });
});
afterAll(() => t.close());

const register = (worldId: number, extra: { capacity?: number; activity?: string } = {}) =>
  createRepositories(t.database, { worldId }).worlds.register({
    name: `World ${worldId}`,
    address: `wss://w${worldId}.example.org/ws`,
    capacity: extra.capacity ?? 2000,
    activity: extra.activity ?? '',
    instance: `instance-${worldId}`,
  });

describe('GET /api/v1/worlds', () => {
  it('lists every registered world by number, marking the one that answered; no token needed', async () => {
    expect((await t.app.inject('/api/v1/worlds')).json()).toEqual({ worlds: [] });

    await register(3, { capacity: 2, activity: 'Skill total 500' });
    await register(1);
    await createRepositories(t.database, { worldId: 2 }).worlds.register({
      name: 'Trade world',
      address: 'wss://w2.example.org/ws',
      capacity: 2000,
      activity: 'Trade',
      instance: 'instance-2',
    });
    const world1 = createRepositories(t.database, { worldId: 1 }).worlds;
    const world3 = createRepositories(t.database, { worldId: 3 }).worlds;
    expect(await world1.heartbeat('instance-1', 57)).toBe(true);
    expect(await world3.heartbeat('instance-3', 2)).toBe(true);

    const res = await t.app.inject('/api/v1/worlds');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      worlds: [
        {
          id: 1,
          name: 'World 1',
          address: 'wss://w1.example.org/ws',
          population: 57,
          capacity: 2000,
          activity: '',
          status: 'online',
        },
        {
          id: 2,
          name: 'Trade world',
          address: 'wss://w2.example.org/ws',
          population: 0,
          capacity: 2000,
          activity: 'Trade',
          status: 'online',
          current: true,
        },
        {
          id: 3,
          name: 'World 3',
          address: 'wss://w3.example.org/ws',
          population: 2,
          capacity: 2,
          activity: 'Skill total 500',
          status: 'full',
        },
      ],
    });
  });

  it('shows a world whose heartbeat is older than the lease TTL offline, and a stopping one draining', async () => {
    await register(4);
    await register(5);
    await createRepositories(t.database, { worldId: 4 }).worlds.heartbeat('instance-4', 12);
    // World 4's process died 31 s ago (the TTL is 30 s): its last heartbeat is stale.
    await t.database.db.execute(
      sql`UPDATE worlds SET "heartbeatAt" = now() - interval '31 seconds' WHERE id = 4`,
    );
    await createRepositories(t.database, { worldId: 5 }).worlds.setStatus('instance-5', 'draining');
    const listed = res(await t.app.inject('/api/v1/worlds'));
    expect(listed.find((w) => w.id === 4)).toMatchObject({ status: 'offline', population: 0 });
    expect(listed.find((w) => w.id === 5)).toMatchObject({ status: 'draining' });
  });

  it('counts against the REST rate limit of the caller', async () => {
    const r = await t.app.inject('/api/v1/worlds');
    expect(r.headers['x-ratelimit-limit']).toBe('100');
  });
});

function res(r: { json: () => unknown }): Array<{ id: number; status: string; population: number }> {
  return (r.json() as { worlds: Array<{ id: number; status: string; population: number }> }).worlds;
}
