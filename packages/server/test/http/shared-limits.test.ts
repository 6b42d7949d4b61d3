import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis } from '../../src/redis/client';
import { RedisKeyedLimiter } from '../../src/redis/keyed-limiter';
import { RedisCounterTable } from '../../src/redis/rate-limit-counters';
import { Counters } from '../../src/transport/http/plugins/rate-limit-store';
import { AUTH_COUNTER_TABLE } from '../../src/transport/http/plugins/rate-limit';
import { AddressLimits } from '../../src/transport/ws/address-limits';
import { AttemptLimiter } from '../../src/transport/ws/attempt-limiter';
import type { Connection } from '../../src/transport/ws/connection';
import { eventually } from '../fault-helpers';
import { anonymous, createTestApp, type TestApp } from '../http-harness';
import { haveRedisServer, startTestRedis, type TestRedis } from '../support/redis';
import { memoryLog } from '../support/memory-log';

/** Two worlds' HTTP apps on one database, each with its own Redis connection for the limits. */
describe.skipIf(!haveRedisServer)('limits shared by every world over Redis (real redis-server)', () => {
  let redis: TestRedis;
  const connections: Redis[] = [];
  const memory = memoryLog();
  const logger = memory.log;
  let world1: TestApp;
  let world2: TestApp;

  const connect = async () => {
    const c = createRedis(redis.url, logger, `test-${connections.length}`);
    connections.push(c);
    await eventually('Redis connected', () => c.status === 'ready');
    return c;
  };

  beforeAll(async () => {
    redis = await startTestRedis();
    const r1 = await connect();
    const r2 = await connect();
    world1 = await createTestApp({
      rateLimitCounters: (name) => new RedisCounterTable(r1, name, new Counters(), logger),
    });
    world2 = await createTestApp({
      share: world1,
      rateLimitCounters: (name) => new RedisCounterTable(r2, name, new Counters(), logger),
    });
  });
  afterAll(async () => {
    await world2?.close();
    await world1?.close();
    for (const c of connections) await closeRedis(c);
    await redis?.dispose();
  });

  it('holds the REST limit (100 a minute per account) across both worlds together', async () => {
    const a = await anonymous(world1.app);
    const b = await anonymous(world2.app);
    for (let i = 0; i < 100; i++) {
      const app = i % 2 === 0 ? world1.app : world2.app;
      const res = await app.inject({
        url: '/api/auth/me',
        headers: a.headers,
        remoteAddress: `10.9.0.${i % 7}`,
      });
      expect(res.statusCode).toBe(200);
    }
    for (const t of [world1, world2]) {
      const blocked = await t.app.inject({
        url: '/api/auth/me',
        headers: a.headers,
        remoteAddress: '10.9.1.1',
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: { code: 'rate_limited' } });
    }
    // Another account keeps its own budget on both.
    expect((await world2.app.inject({ url: '/api/auth/me', headers: b.headers })).statusCode).toBe(200);
  });

  it('holds the sign-in limit (10 a minute per address) across both worlds together', async () => {
    const from = '10.9.2.1';
    for (let i = 0; i < 10; i++) {
      const app = i < 5 ? world1.app : world2.app;
      const res = await app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: from });
      expect(res.statusCode).toBe(201);
    }
    for (const t of [world1, world2]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: from });
      expect(res.statusCode).toBe(429);
    }
  });

  it('counts refused WebSocket tokens across every world, apart from the sign-ins (AddressLimits on the Redis table)', async () => {
    const [r1, r2] = connections;
    if (!r1 || !r2) throw new Error('connections missing');
    const socketLimits = (c: Redis) =>
      new AddressLimits({
        rateLimitEnabled: true,
        authAttempts: new RedisCounterTable(c, AUTH_COUNTER_TABLE, new Counters(), logger),
      });
    const [ws1, ws2] = [socketLimits(r1), socketLimits(r2)];
    const from = '10.9.5.1';
    const login = {
      remoteAddress: from,
      agentRuntime: false,
      close: () => undefined,
    } as unknown as Connection;
    const signIn = (app: TestApp['app']) =>
      app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: from });
    // The address's sign-ins over HTTP use up their limit on both worlds: the sockets are not concerned.
    for (let i = 0; i < 10; i++)
      expect((await signIn(i % 2 === 0 ? world1.app : world2.app)).statusCode).toBe(201);
    expect((await signIn(world1.app)).statusCode).toBe(429);
    expect(await ws1.closeIfOverAuthLimit(login)).toBe(false);
    // 4 refused tokens on world 1's socket, 6 on world 2's: the sockets' budget is spent on both.
    for (let i = 0; i < 10; i++) {
      const ws = i < 4 ? ws1 : ws2;
      expect(await ws.closeIfOverAuthLimit(login)).toBe(false);
      await ws.tokenRefused(login);
    }
    expect(await ws1.closeIfOverAuthLimit(login)).toBe(true);
    expect(await ws2.closeIfOverAuthLimit(login)).toBe(true);
    // And refused tokens never use up an address's sign-ins.
    const other = {
      remoteAddress: '10.9.5.2',
      agentRuntime: false,
      close: () => undefined,
    } as unknown as Connection;
    for (let i = 0; i < 10; i++) await ws2.tokenRefused(other);
    expect(await ws1.closeIfOverAuthLimit(other)).toBe(true);
    const res = await world1.app.inject({
      method: 'POST',
      url: '/api/auth/anonymous',
      remoteAddress: '10.9.5.2',
    });
    expect(res.statusCode).toBe(201);
  });

  it('shares keyed limits (new identities, private messages) and falls back to each world alone without Redis', async () => {
    const [r1, r2] = connections;
    if (!r1 || !r2) throw new Error('connections missing');
    const limiter = (c: Redis) =>
      new RedisKeyedLimiter(c, {
        name: 'test-identities',
        max: 3,
        windowMs: 60_000,
        fallback: new AttemptLimiter(3, 60_000),
        logger,
      });
    const one = limiter(r1);
    const two = limiter(r2);
    expect([await one.take('1.2.3.4'), await two.take('1.2.3.4'), await one.take('1.2.3.4')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await two.take('1.2.3.4')).toBe(false);
    expect(await one.take('1.2.3.4')).toBe(false);
    expect(await two.take('5.6.7.8')).toBe(true);

    await redis.stop();
    await eventually('the connections to notice', () => connections.every((c) => c.status !== 'ready'));
    // Not locked out, not unlimited: each world counts alone, and says so once.
    memory.lines.length = 0;
    expect([await one.take('1.2.3.4'), await one.take('1.2.3.4'), await one.take('1.2.3.4')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await one.take('1.2.3.4')).toBe(false);
    expect(memory.messages('warn').filter((w) => w.startsWith('shared limit unavailable'))).toHaveLength(1);
    // The REST limit too: requests are still counted and answered.
    const during = await world1.app.inject({ url: '/api/template', remoteAddress: '10.9.3.1' });
    expect(during.statusCode).toBe(200);
    expect(during.headers['x-ratelimit-remaining']).toBe('99');

    await redis.start();
    await eventually('the connections back', () => connections.every((c) => c.status === 'ready'), 30_000);
    // A fresh Redis has no counters: the shared limit starts again from zero.
    expect(await two.take('1.2.3.4')).toBe(true);
    expect(await one.take('1.2.3.4')).toBe(true);
  });
});
