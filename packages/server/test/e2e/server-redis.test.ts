import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameClient } from '@tilerealm/sdk';
import { z } from 'zod';
import { startServer, type RunningServer } from '../../src/app/start-server';
import { eventually } from '../fault-helpers';
import { haveRedisServer, startTestRedis, type TestRedis } from '../support/redis';
import { realtimeWorld, wsUrl, type RealtimeWorld } from './realtime-harness';

/**
 * A real server with REDIS_URL: its sessions' presence is in Redis while they last and gone after
 * a clean stop; while Redis is away the world keeps ticking and serving, and presence comes back
 * when Redis does.
 */
/** /status's code and its cross-world link part. */
async function crossWorldStatus(server: RunningServer | undefined) {
  if (!server) throw new Error('no server');
  const res = await fetch(`${server.url}/status`);
  const body = z
    .object({ crossWorld: z.object({ kind: z.string(), available: z.boolean() }).optional() })
    .parse(await res.json());
  return { status: res.status, crossWorld: body.crossWorld };
}

describe.skipIf(!haveRedisServer)('a server with REDIS_URL (real redis-server)', () => {
  let redis: TestRedis;
  let world: RealtimeWorld;
  let server: RunningServer | undefined;
  let probe: Redis;

  beforeAll(async () => {
    redis = await startTestRedis();
    probe = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
    probe.on('error', () => undefined); // the probe is down with Redis in the outage test: polled again
    world = await realtimeWorld({ REDIS_URL: redis.url, WORLD_ID: '3' });
    server = await startServer(world.env);
  });
  afterAll(async () => {
    await server?.close();
    probe?.disconnect();
    await redis?.dispose();
    await world?.cleanup();
  });

  it('keeps presence in Redis, ticks through an outage, re-announces after it, withdraws it at shutdown', async () => {
    if (!server) throw new Error('no server');
    const client = await GameClient.connect({ url: wsUrl(server) });
    const id = client.welcome?.playerId;
    if (!id) throw new Error('no welcome');
    const key = `tilerealm:presence:${id}`;
    await eventually('presence on world 3', async () => (await probe.get(key)) === '3');
    expect(await crossWorldStatus(server)).toEqual({
      status: 200,
      crossWorld: { kind: 'redis', available: true },
    });

    await redis.stop();
    const tick = server.host.world.tick;
    await eventually(
      'the world to keep ticking',
      () => server !== undefined && server.host.world.tick > tick + 3,
    );
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    // /status tells the operator the link is down; the world itself is not degraded.
    await eventually('/status to show Redis unavailable', async () => {
      const seen = await crossWorldStatus(server);
      return seen.status === 200 && seen.crossWorld?.available === false;
    });
    // Signing in still works: the shared limits fall back to this world's own.
    expect((await fetch(`${server.url}/api/auth/anonymous`, { method: 'POST' })).status).toBe(201);

    await redis.start();
    await eventually(
      'presence re-announced',
      async () => (await probe.get(key).catch(() => null)) === '3',
      30_000,
    );
    expect(await crossWorldStatus(server)).toEqual({
      status: 200,
      crossWorld: { kind: 'redis', available: true },
    });

    await client.close();
    await server.close();
    server = undefined;
    expect(await probe.get(key)).toBeNull();
  });
});
