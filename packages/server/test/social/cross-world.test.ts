import { CLOSE_CODES } from '@tilerealm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutEvent } from '../../src/sim/core/types';
import type { SocialBus } from '../../src/social/bus';
import { MemorySocialBus, MemorySocialHub } from '../../src/social/bus-memory';
import { RedisSocialBus } from '../../src/social/bus-redis';
import { payloadsOf } from '../../src/social/test-setup';
import { createRepositories, type Repositories } from '../../src/storage';
import type { Database } from '../../src/storage/types';
import { createTestDatabase } from '../db-helpers';
import { eventually } from '../fault-helpers';
import { haveRedisServer, startTestRedis, type TestRedis } from '../support/redis';
import { newCharacter, worldNode, type TestWorldNode } from './two-worlds';
import { silentLog } from '../support/memory-log';

const quiet = silentLog();

interface Buses {
  make(worldId: number): SocialBus;
  dispose(): Promise<void>;
  redis?: TestRedis;
}

const kinds: Array<{ name: string; skip: boolean; open(): Promise<Buses> }> = [
  {
    name: 'in-process bus (two worlds in one process)',
    skip: false,
    open: () => {
      const hub = new MemorySocialHub();
      return Promise.resolve({
        make: (id) => new MemorySocialBus(id, hub),
        dispose: () => Promise.resolve(),
      });
    },
  },
  {
    name: 'Redis bus (real redis-server, a connection per world)',
    skip: !haveRedisServer,
    open: async () => {
      const redis = await startTestRedis();
      const made: RedisSocialBus[] = [];
      return {
        redis,
        make: (id) => {
          const bus = new RedisSocialBus(id, redis.url, quiet);
          made.push(bus);
          return bus;
        },
        dispose: async () => {
          for (const b of made) await b.close();
          await redis.dispose();
        },
      };
    },
  },
];

/** Waits until both worlds' buses can reach each other (Redis connects in the background). */
async function connected(...worlds: TestWorldNode[]): Promise<void> {
  await eventually('the buses connected', () => worlds.every((w) => w.bus.available));
}

describe.each(kinds)('cross-world social: $name', ({ skip, open }) => {
  let database: Database;
  let repos: Repositories;
  let buses: Buses;
  let w1: TestWorldNode;
  let w2: TestWorldNode;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    repos = createRepositories(database);
    buses = await open();
    w1 = await worldNode(1, buses.make(1), repos);
    w2 = await worldNode(2, buses.make(2), repos);
    await connected(w1, w2);
  });
  afterAll(async () => {
    w1?.host.stop();
    w2?.host.stop();
    await buses?.dispose();
    await database?.close();
  });

  it.skipIf(skip)(
    'shows friends online on their world, and carries messages and requests between worlds',
    async () => {
      const ann = await newCharacter(repos, 'Ann');
      const ben = await newCharacter(repos, 'Ben');
      const cid = await newCharacter(repos, 'Cid');
      await repos.social.addFriendship(ann.id, ben.id);
      await w2.login(ben);
      await w1.login(ann);
      // Ann's lists show Ben online on world 2; Ben hears Ann came online on world 1.
      const annState = payloadsOf(w1.gateway.take(ann.id), 'social:state');
      expect(annState[0]?.friends).toEqual([{ id: ben.id, name: 'Ben', online: true, world: 2 }]);
      await eventually('the presence notice on world 2', () =>
        w2.gateway.takeOf(ben.id, 'friends:presence').find((p) => p.playerId === ann.id),
      ).then((p) => expect(p).toEqual({ playerId: ann.id, name: 'Ann', online: true, world: 1 }));

      // A private message from world 1 reaches Ben on world 2 before Ann's ack.
      const sent = await w1.ask(ann, {
        event: 'pm:send',
        data: { toPlayerId: ben.id, message: 'hello from w1' },
      });
      expect(sent).toMatchObject({
        ok: true,
        result: { toPlayerId: ben.id, name: 'Ben', message: 'hello from w1' },
      });
      expect(w2.gateway.takeOf(ben.id, 'pm:message')).toEqual([
        { from: { id: ann.id, name: 'Ann' }, message: 'hello from w1' },
      ]);
      // A dropped connection on the other world (reconnect grace) is not reachable.
      w2.gateway.dropped.add(ben.id);
      expect(
        await w1.ask(ann, { event: 'pm:send', data: { toPlayerId: ben.id, message: 'there?' } }),
      ).toMatchObject({
        ok: false,
        code: 'player_offline',
      });
      w2.gateway.dropped.delete(ben.id);

      // A friend request from world 2 to Cid on world 1: the notice and the fresh lists reach world 1.
      await w1.login(cid);
      w1.gateway.take(cid.id);
      expect(await w2.ask(ben, { event: 'friends:request', data: { name: 'Cid' } })).toMatchObject({
        ok: true,
        result: { status: 'requested' },
      });
      const cidGot: OutEvent[] = [];
      await eventually('the request and the lists on world 1', () => {
        cidGot.push(...w1.gateway.take(cid.id));
        return cidGot.length >= 2;
      });
      expect(payloadsOf(cidGot, 'friends:requestReceived')).toEqual([{ from: { id: ben.id, name: 'Ben' } }]);
      expect(payloadsOf(cidGot, 'social:state')[0]?.incoming).toEqual([{ id: ben.id, name: 'Ben' }]);

      // Ben's session ends on world 2: Ann hears it, and her lists show him offline.
      w2.gateway.online.delete(ben.id);
      await w2.social.sessionEnded(ben.id);
      await eventually('the offline notice on world 1', () =>
        w1.gateway.takeOf(ann.id, 'friends:presence').some((p) => p.playerId === ben.id && !p.online),
      );
      expect((await w1.social.stateOf(ann)).friends).toEqual([
        { id: ben.id, name: 'Ben', online: false, world: null },
      ]);
      expect(
        await w1.ask(ann, { event: 'pm:send', data: { toPlayerId: ben.id, message: 'gone?' } }),
      ).toMatchObject({
        ok: false,
        code: 'player_offline',
      });
    },
  );

  it.skipIf(skip)(
    'carries /broadcast to every world, /kick and takeovers to the world that holds the character',
    async () => {
      const boss = await newCharacter(repos, 'Boss');
      const far = await newCharacter(repos, 'Far');
      const near = await newCharacter(repos, 'Near');
      await w1.login(boss);
      await w2.login(far);
      await w2.login(near);
      w1.host.enqueue({ type: 'elevate', playerId: boss.id });
      const chat = (message: string, rid: number) =>
        w1.host.enqueue({
          type: 'client',
          playerId: boss.id,
          rid,
          message: { event: 'player:chat', data: { message } },
        });

      chat('/broadcast the castle opens', 11);
      w1.host.tick();
      const heard = (node: TestWorldNode, id: string) =>
        (node.received.get(id) ?? []).filter(
          (e) => e.event === 'chat:message' && (e.data as { channel: string }).channel === 'broadcast',
        );
      expect(heard(w1, boss.id)).toHaveLength(1);
      // On world 2 it is a command in the input log: heard at its next tick.
      await eventually('the broadcast queued on world 2', () => {
        w2.host.tick();
        return heard(w2, far.id).length === 1;
      });
      expect(heard(w2, near.id)).toEqual([
        {
          event: 'chat:message',
          data: expect.objectContaining({ channel: 'broadcast', from: null, message: 'the castle opens' }),
        },
      ]);

      chat('/kick far', 12);
      w1.host.tick();
      await eventually('the kick on world 2', () => w2.gateway.disconnects.some((d) => d.id === far.id));
      expect(w2.gateway.disconnects).toEqual([
        { id: far.id, code: CLOSE_CODES.kicked, reason: 'kicked by an administrator' },
      ]);
      await eventually('the ack', () =>
        (w1.received.get(boss.id) ?? []).some((e) => e.event === 'ack' && e.rid === 12),
      );
      expect((w1.received.get(boss.id) ?? []).find((e) => e.rid === 12)?.data).toEqual({
        event: 'player:chat',
        result: { kicked: 'far', world: 2 },
      });
      chat('/kick Nobody At All', 13);
      w1.host.tick();
      await eventually('the refusal', () => (w1.received.get(boss.id) ?? []).some((e) => e.rid === 13));
      expect((w1.received.get(boss.id) ?? []).find((e) => e.rid === 13)).toMatchObject({
        event: 'error',
        data: { code: 'invalid_command', message: 'no player named Nobody At All is online' },
      });

      expect(await w1.bus.requestLogout(near.id, 2)).toBe('done');
      expect(w2.gateway.disconnects.at(-1)).toMatchObject({ id: near.id, code: CLOSE_CODES.replaced });
      expect(await w1.bus.requestLogout(near.id, 2)).toBe('offline');
    },
  );
});

describe.skipIf(!haveRedisServer)('cross-world social while Redis is away (real redis-server)', () => {
  let database: Database;
  let repos: Repositories;
  let redis: TestRedis;
  const buses: RedisSocialBus[] = [];
  let w1: TestWorldNode;
  let w2: TestWorldNode;

  beforeAll(async () => {
    database = await createTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    repos = createRepositories(database);
    redis = await startTestRedis();
    for (const id of [1, 2]) buses.push(new RedisSocialBus(id, redis.url, quiet));
    const [b1, b2] = buses;
    if (!b1 || !b2) throw new Error('buses missing');
    w1 = await worldNode(1, b1, repos);
    w2 = await worldNode(2, b2, repos);
    await connected(w1, w2);
  });
  afterAll(async () => {
    w1?.host.stop();
    w2?.host.stop();
    for (const b of buses) await b.close();
    await redis?.dispose();
    await database?.close();
  });

  it('answers unavailable across worlds, keeps local play working, and recovers when Redis is back', async () => {
    const [eve, fay, gus, hal, boss] = await Promise.all(
      ['Eve', 'Fay', 'Gus', 'Hal', 'Chief'].map((n) => newCharacter(repos, n)),
    );
    if (!eve || !fay || !gus || !hal || !boss) throw new Error('characters missing');
    await repos.social.addFriendship(eve.id, fay.id);
    await repos.social.addFriendship(eve.id, gus.id);
    await w1.login(eve);
    await w1.login(gus);
    await w1.login(boss);
    await w2.login(fay);
    await w2.login(hal);
    w1.host.enqueue({ type: 'elevate', playerId: boss.id });
    const pm = (to: string, message: string) =>
      w1.ask(eve, { event: 'pm:send', data: { toPlayerId: to, message } });
    expect(await pm(fay.id, 'before')).toMatchObject({ ok: true });

    await redis.stop();
    await eventually('the buses to notice', () => !w1.bus.available && !w2.bus.available);
    expect(await pm(fay.id, 'during')).toMatchObject({ ok: false, code: 'unavailable' });
    // Same world: delivered as ever.
    expect(await pm(gus.id, 'local')).toMatchObject({ ok: true });
    expect(w1.gateway.takeOf(gus.id, 'pm:message').map((m) => m.message)).toEqual(['local']);
    // A friend request that might have to reach another world is refused, and nothing is written.
    expect(await w1.ask(eve, { event: 'friends:request', data: { name: 'Hal' } })).toMatchObject({
      ok: false,
      code: 'unavailable',
    });
    expect(await repos.social.hasFriendRequest(eve.id, hal.id)).toBe(false);
    // A kick of a character on another world cannot be made.
    w1.host.enqueue({
      type: 'client',
      playerId: boss.id,
      rid: 21,
      message: { event: 'player:chat', data: { message: '/kick Hal' } },
    });
    w1.host.tick();
    await eventually('the kick refusal', () => (w1.received.get(boss.id) ?? []).some((e) => e.rid === 21));
    expect((w1.received.get(boss.id) ?? []).find((e) => e.rid === 21)).toMatchObject({
      event: 'error',
      data: { code: 'unavailable' },
    });
    expect(w2.gateway.online.has(hal.id)).toBe(true);
    // Both worlds keep ticking.
    const ticks = [w1.host.world.tick, w2.host.world.tick];
    w1.host.tick();
    w2.host.tick();
    expect([w1.host.world.tick, w2.host.world.tick]).toEqual([(ticks[0] ?? 0) + 1, (ticks[1] ?? 0) + 1]);

    // A fresh server: presence comes back from the worlds' re-announcement, messages flow again.
    await redis.start();
    await eventually('the buses back', () => w1.bus.available && w2.bus.available, 30_000);
    await eventually(
      'Fay present on world 2 again',
      async () => (await w1.bus.worldsOf([fay.id]))?.get(fay.id) === 2,
    );
    expect(await pm(fay.id, 'after')).toMatchObject({ ok: true });
    expect(w2.gateway.takeOf(fay.id, 'pm:message').map((m) => m.message)).toEqual(['before', 'after']);
    expect((await w1.social.stateOf(eve)).friends).toEqual([
      { id: fay.id, name: 'Fay', online: true, world: 2 },
      { id: gus.id, name: 'Gus', online: true, world: 1 },
    ]);
  });
});
