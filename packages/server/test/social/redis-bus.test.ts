import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutEvent } from '../../src/sim/core/types';
import type { BusReceiver } from '../../src/social/bus';
import { RedisSocialBus } from '../../src/social/bus-redis';
import { eventually } from '../fault-helpers';
import { haveRedisServer, startTestRedis, type TestRedis } from '../support/redis';
import { silentLog } from '../support/memory-log';

const quiet = silentLog();

/** A world's side of the bus: who has a session here, and what reached it. */
class FakeWorld implements BusReceiver {
  readonly sessions = new Set<string>();
  readonly dropped = new Set<string>();
  readonly delivered: Array<{ to: string; events: OutEvent[] }> = [];
  readonly refreshed: string[] = [];
  readonly broadcasts: string[] = [];
  readonly kicked: string[] = [];
  readonly loggedOut: string[] = [];

  deliver(id: string, events: OutEvent[], connectedOnly: boolean): boolean {
    if (!this.sessions.has(id) || (connectedOnly && this.dropped.has(id))) return false;
    this.delivered.push({ to: id, events });
    return true;
  }
  refresh(id: string): void {
    this.refreshed.push(id);
  }
  broadcast(message: string): void {
    this.broadcasts.push(message);
  }
  kick(id: string): boolean {
    if (!this.sessions.delete(id)) return false;
    this.kicked.push(id);
    return true;
  }
  logoutForTakeover(id: string): Promise<boolean> {
    if (!this.sessions.delete(id)) return Promise.resolve(false);
    this.loggedOut.push(id);
    return Promise.resolve(true);
  }
}

const pm: OutEvent = { event: 'pm:message', data: { from: { id: 'c1', name: 'One' }, message: 'hi' } };

describe.skipIf(!haveRedisServer)('the Redis social bus (real redis-server)', () => {
  let redis: TestRedis;
  const w1 = new FakeWorld();
  const w2 = new FakeWorld();
  let bus1: RedisSocialBus;
  let bus2: RedisSocialBus;

  beforeAll(async () => {
    redis = await startTestRedis();
    bus1 = new RedisSocialBus(1, redis.url, quiet);
    bus2 = new RedisSocialBus(2, redis.url, quiet);
    await bus1.start(w1);
    await bus2.start(w2);
    expect(await bus1.waitUntilAvailable(10_000)).toBe(true);
    expect(await bus2.waitUntilAvailable(10_000)).toBe(true);
  });
  afterAll(async () => {
    await bus1?.close();
    await bus2?.close();
    await redis?.dispose();
  });

  it('keeps presence per world, delivers, refreshes, broadcasts, kicks and asks for takeovers', async () => {
    w2.sessions.add('c2');
    bus2.setPresence('c2');
    w1.sessions.add('c1');
    bus1.setPresence('c1');
    await eventually(
      'presence of both',
      async () => (await bus1.worldsOf(['c1', 'c2', 'nobody']))?.size === 2,
    );
    expect(await bus1.worldsOf(['c1', 'c2', 'nobody'])).toEqual(
      new Map([
        ['c1', 1],
        ['c2', 2],
      ]),
    );

    expect(await bus1.deliver(2, 'c2', [pm], true)).toBe('done');
    expect(w2.delivered).toEqual([{ to: 'c2', events: [pm] }]);
    w2.dropped.add('c2');
    expect(await bus1.deliver(2, 'c2', [pm], true)).toBe('offline');
    expect(await bus1.deliver(2, 'elsewhere', [pm], false)).toBe('offline');
    // A world nobody runs: no subscriber, so nobody is there.
    expect(await bus1.deliver(7, 'c2', [pm], false)).toBe('offline');

    bus1.refresh(2, 'c2');
    await eventually('the refresh', () => w2.refreshed.includes('c2'));

    expect(await bus1.broadcast('server restart soon')).toBe(true);
    await eventually('the broadcast on world 2', () => w2.broadcasts.length === 1);
    expect(w2.broadcasts).toEqual(['server restart soon']);
    expect(w1.broadcasts).toEqual([]); // the sender delivered it itself

    expect(await bus2.kick(1, 'c1')).toBe('done');
    expect(w1.kicked).toEqual(['c1']);
    expect(await bus2.kick(1, 'c1')).toBe('offline');

    expect(await bus1.requestLogout('c2', 2)).toBe('done');
    expect(w2.loggedOut).toEqual(['c2']);
    expect(await bus1.requestLogout('c2', 2)).toBe('offline');

    // Clearing leaves a presence another world set since alone.
    bus1.setPresence('mover');
    await eventually('mover on 1', async () => (await bus2.worldsOf(['mover']))?.get('mover') === 1);
    bus2.setPresence('mover');
    await eventually('mover on 2', async () => (await bus1.worldsOf(['mover']))?.get('mover') === 2);
    bus1.clearPresence('mover');
    bus2.clearPresence('c2');
    await eventually('c2 gone', async () => (await bus1.worldsOf(['c2']))?.has('c2') === false);
    expect((await bus1.worldsOf(['mover']))?.get('mover')).toBe(2);
  });

  it('is available only once it listens: a request sent the moment it says so reaches it', async () => {
    const w3 = new FakeWorld();
    w3.sessions.add('c3');
    const bus3 = new RedisSocialBus(3, redis.url, quiet);
    try {
      await bus3.start(w3);
      // Watch as closely as the event loop allows for the first moment the bus calls itself available.
      await new Promise<void>((resolve) => {
        const look = () => (bus3.available ? resolve() : setImmediate(look));
        look();
      });
      expect(await bus1.requestLogout('c3', 3)).toBe('done');
      expect(w3.loggedOut).toEqual(['c3']);
    } finally {
      await bus3.close();
    }
  });

  it('answers unavailable while Redis is away and re-announces presence when it is back', async () => {
    w1.sessions.clear();
    w2.sessions.clear();
    w2.dropped.clear();
    w2.sessions.add('back');
    bus2.setPresence('back');
    await eventually('presence', async () => (await bus1.worldsOf(['back']))?.get('back') === 2);

    await redis.stop();
    await eventually('the bus to notice', () => !bus1.available && !bus2.available);
    expect(await bus1.worldsOf(['back'])).toBeUndefined();
    expect(await bus1.deliver(2, 'back', [pm], true)).toBe('unavailable');
    expect(await bus1.kick(2, 'back')).toBe('unavailable');
    expect(await bus1.broadcast('lost')).toBe(false);
    expect(await bus1.requestLogout('back', 2)).toBe('unavailable');
    bus2.setPresence('during'); // not written now (nothing thrown): announced on the return

    // A fresh server has no keys at all: presence comes back from the worlds' re-announcement.
    await redis.start();
    await eventually('the bus back', () => bus1.available && bus2.available, 30_000);
    await eventually('presence re-announced', async () => (await bus1.worldsOf(['back']))?.get('back') === 2);
    expect((await bus1.worldsOf(['during']))?.get('during')).toBe(2);
    await eventually('delivery again', async () => (await bus1.deliver(2, 'back', [pm], true)) === 'done');
  });
});
