import type { ServerPayload } from '@tilerealm/protocol';
import { GameClient, LoggedInElsewhereError } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually } from '../fault-helpers';
import { wsOf, type ServerProcess } from './server-process-harness';
import { canRunWorlds, startWorlds, type Worlds } from './two-worlds-harness';

const WAIT = 20_000;

/**
 * Two real worlds (WORLD_ID 1 and 2) on one PostgreSQL and one redis-server, players connected
 * with the SDK: friends see each other on their world, private messages cross, an admin's
 * /broadcast reaches both worlds and /kick finds a player on the other; with Redis stopped, a
 * message across worlds answers `unavailable` while both worlds keep playing, and all of it works
 * again once Redis is back. Each world is its own process; PostgreSQL only (two processes cannot share the embedded database).
 */
/** The world's current tick, from its /status. */
async function tickOf(world: ServerProcess | undefined): Promise<number> {
  if (!world) throw new Error('no world');
  const res = await fetch(`${world.url}/status`);
  return z.object({ tick: z.object({ tick: z.number() }) }).parse(await res.json()).tick.tick;
}

describe.skipIf(!canRunWorlds)('two world processes over Redis (SDK clients)', () => {
  let worlds: Worlds;
  const servers: ServerProcess[] = [];
  const clients: GameClient[] = [];

  const CONNECT_TIMEOUT = 30_000;
  beforeAll(async () => {
    worlds = await startWorlds({ DISABLE_RATE_LIMIT: 'true', RECONNECT_GRACE_MS: '1500' });
    servers.push(...(await Promise.all([worlds.launch(1), worlds.launch(2)])));
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await worlds?.cleanup();
  }, 60_000);

  async function join(server: ServerProcess | undefined) {
    if (!server) throw new Error('no server');
    const states: Array<ServerPayload<'social:state'>> = [];
    // Two world processes, PostgreSQL and Redis share CI's two cores: a login may take a while.
    const client = await GameClient.connect({ url: wsOf(server.url), connectTimeoutMs: CONNECT_TIMEOUT });
    client.on('social:state', (s) => states.push(s));
    clients.push(client);
    const welcome = client.welcome;
    if (!welcome) throw new Error('no welcome');
    return { client, id: welcome.playerId, name: welcome.name, states };
  }

  /** A second login of `player`'s character on `server`, logging it out of its world first. */
  async function takeOver(server: ServerProcess | undefined, player: { client: GameClient; id: string }) {
    if (!server) throw new Error('no server');
    const client = await GameClient.connect({
      url: wsOf(server.url),
      token: player.client.welcome?.token ?? '',
      characterId: player.id,
      takeover: true,
      reconnect: false,
      connectTimeoutMs: CONNECT_TIMEOUT,
    });
    clients.push(client);
    return client;
  }

  it('carries presence, messages, broadcasts and kicks between worlds, through a Redis outage', async () => {
    const [one, two] = servers;
    const ann = await join(one);
    const ben = await join(two);
    const boss = await join(one);
    const far = await join(two);

    // Ann asks Ben, across worlds; Ben accepts.
    const asked = ben.client.waitFor('friends:requestReceived', (r) => r.from.id === ann.id, WAIT);
    await ann.client.request('friends:request', { name: ben.name });
    await asked;
    await ben.client.request('friends:respond', { playerId: ann.id, accept: true });
    await eventually('Ann sees Ben online on world 2', () =>
      ann.states.some((s) => s.friends.some((f) => f.id === ben.id && f.online && f.world === 2)),
    );

    const pm = ben.client.waitFor('pm:message', (m) => m.message === 'hi from world 1', WAIT);
    await ann.client.request('pm:send', { toPlayerId: ben.id, message: 'hi from world 1' });
    expect((await pm).from).toEqual({ id: ann.id, name: ann.name });

    await boss.client.request('player:chat', { message: '/admin let-me-in-please' });
    const heardHere = ann.client.waitFor('chat:message', (m) => m.message === 'hello worlds', WAIT);
    const heardThere = ben.client.waitFor('chat:message', (m) => m.message === 'hello worlds', WAIT);
    await boss.client.request('player:chat', { message: '/broadcast hello worlds' });
    expect((await heardHere).channel).toBe('broadcast');
    expect((await heardThere).channel).toBe('broadcast');

    const kicked = await boss.client.request('player:chat', { message: `/kick ${far.name}` });
    expect(kicked).toMatchObject({ result: { kicked: far.name, world: 2 } });
    await eventually('Far disconnected from world 2', () => far.client.state === 'closed');

    // A login with takeover=1 on world 2 logs Cal out of world 1 (over Redis), then enters.
    const cal = await join(one);
    const moved = await takeOver(two, cal);
    expect(moved.welcome?.playerId).toBe(cal.id);
    await eventually('Cal logged out of world 1', () => cal.client.state === 'closed');
    const dee = await join(one);

    await worlds.redis.stop();
    await eventually('the worlds to notice', async () => {
      const res = await ann.client.request('pm:send', { toPlayerId: ben.id, message: 'during' }).then(
        () => 'sent',
        (err: unknown) => (err as { code?: string }).code,
      );
      return res === 'unavailable';
    });
    // Each world keeps playing: messages within a world and ticks go on.
    const ticks = await Promise.all(servers.map(tickOf));
    await eventually('both worlds ticking', async () =>
      (await Promise.all(servers.map(tickOf))).every((t, i) => t > (ticks[i] ?? 0) + 3),
    );
    // A takeover cannot reach world 1: refused, saying so, and Dee plays on there.
    const refused = await takeOver(two, dee).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(LoggedInElsewhereError);
    expect(refused).toMatchObject({ world: 1, reason: expect.stringContaining('unavailable') as unknown });
    expect(dee.client.state).not.toBe('closed');
    const local = boss.client.waitFor('chat:message', (m) => m.message === 'still here', WAIT);
    await ann.client.request('player:chat', { message: 'still here' });
    await local;

    await worlds.redis.start();
    const after = ben.client.waitFor('pm:message', (m) => m.message === 'after', WAIT);
    await eventually('a message across worlds again', () =>
      ann.client.request('pm:send', { toPlayerId: ben.id, message: 'after' }).then(
        () => true,
        () => false,
      ),
    );
    await after;
  }, 180_000);
});
