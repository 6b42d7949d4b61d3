import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from '../../src/app/start-server';
import { eventually } from '../fault-helpers';
import { useRealtimeServer, wsUrl } from './realtime-harness';

/** Another world on the same database, as far as this one can tell: a lease holder. */
const OTHER_WORLD = { id: 2, instance: 'world-2-process' };

/** Opens /ws with `query`; resolves with the close code and reason, or `welcome` once admitted. */
function attempt(
  server: RunningServer,
  query: string,
): Promise<{ code: number; reason: string } | 'welcome'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl(server)}?${query}`);
    ws.on('message', (m) => {
      const { event } = JSON.parse(m.toString()) as { event?: string };
      if (event !== 'session:welcome') return; // session:closing comes before a refusal's close
      resolve('welcome');
      ws.close();
    });
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('error', reject);
  });
}

/** Polls `pred` until it holds (the shared `eventually`, with the predicate first). */
const until = async (pred: () => Promise<boolean>, what: string): Promise<void> => {
  await eventually(what, pred);
};

/** A new anonymous player that logged in once and out again; resolves once its lease has ended. */
async function loggedOutPlayer(server: RunningServer): Promise<{ id: string; token: string }> {
  const client = await GameClient.connect({ url: wsUrl(server), reconnect: false });
  const id = client.welcome?.playerId ?? '';
  const token = client.token ?? '';
  expect(await server.repos.leases.holder(id, 30_000)).toMatchObject({
    worldId: 1,
    instance: server.instance,
  });
  await client.close();
  // The reconnect grace ends, the logout save commits and ends the lease in its transaction.
  await until(
    async () => (await server.repos.leases.holder(id, 30_000)) === null,
    'the logout save to end the lease',
  );
  return { id, token };
}

describe('one login across worlds', () => {
  const live = useRealtimeServer();

  it('refuses a character another world holds (4011 naming it), and admits it once that world let it go', async () => {
    const { server } = live;
    const { id, token } = await loggedOutPlayer(server);
    const [ended] = await server.repos.sessions.listByCharacter(id);
    expect(ended).toMatchObject({ worldId: 1 });
    expect(ended?.logoutAt).toBeInstanceOf(Date);

    expect(await server.repos.leases.take(id, OTHER_WORLD.id, OTHER_WORLD.instance, 30_000)).toMatchObject({
      ok: true,
    });
    expect(await attempt(server, `token=${token}`)).toEqual({
      code: CLOSE_CODES.loggedInElsewhere,
      reason: 'logged_in_elsewhere: world 2',
    });
    // Without a way to ask the other world (no cross-world bus here), a takeover is refused too.
    expect(await attempt(server, `token=${token}&takeover=1`)).toMatchObject({
      code: CLOSE_CODES.loggedInElsewhere,
    });
    expect(await attempt(server, `token=${token}&takeover=yes`)).toMatchObject({
      code: CLOSE_CODES.unauthorized,
    });
    // The refusals changed nothing: the other world still holds it.
    expect(await server.repos.leases.holder(id, 30_000)).toMatchObject({ instance: OTHER_WORLD.instance });

    const headers = { authorization: `Bearer ${token}` };
    const position = await fetch(`${server.url}/api/characters/${id}/position`, { headers });
    expect(await position.json()).toMatchObject({ online: true, world: 2, source: 'saved' });
    const del = await fetch(`${server.url}/api/character/${id}`, { method: 'DELETE', headers });
    expect(del.status).toBe(409);
    expect(await del.json()).toMatchObject({
      error: { code: 'character_online', message: expect.stringContaining('world 2') },
    });

    // The other world's logout save ends its lease: this world admits the character.
    expect(await server.repos.leases.release(id, OTHER_WORLD.instance)).toBe(true);
    const back = await GameClient.connect({ url: wsUrl(server), token, reconnect: false });
    expect(back.welcome?.playerId).toBe(id);
    expect(await server.repos.leases.holder(id, 30_000)).toMatchObject({
      worldId: 1,
      instance: server.instance,
    });
    const [open] = await server.repos.sessions.listByCharacter(id);
    expect(open).toMatchObject({ worldId: 1, logoutAt: null });
    expect((await server.repos.leases.holder(id, 30_000))?.sessionId).toBe(open?.id);
    const offline = await fetch(`${server.url}/api/characters/${id}/position`, { headers });
    expect(await offline.json()).toMatchObject({ online: true, world: 1 });
    await back.close();
    await until(
      async () => (await server.repos.leases.holder(id, 30_000)) === null,
      'the lease to end again',
    );
    expect((await fetch(`${server.url}/api/character/${id}`, { method: 'DELETE', headers })).status).toBe(
      204,
    );
  });
});

describe('a crashed world and a full world', () => {
  const live = useRealtimeServer({ CHARACTER_LEASE_TTL_MS: '1000', WORLD_CAPACITY: '1' });

  it("admits a character once the crashed world's lease expired, closing that world's session", async () => {
    const { server } = live;
    const { id, token } = await loggedOutPlayer(server);
    const character = await server.repos.characters.findById(id);
    // World 2 took the character, opened its session, and died: it renews nothing any more.
    await server.repos.leases.take(id, OTHER_WORLD.id, OTHER_WORLD.instance, 1000);
    const dead = await server.repos.sessions.open({
      characterId: id,
      accountId: character?.accountId ?? '',
      worldId: 2,
    });
    await until(async () => (await server.repos.leases.holder(id, 1000)) === null, 'the lease to expire');
    const client = await GameClient.connect({ url: wsUrl(server), token, reconnect: false });
    expect(client.welcome?.playerId).toBe(id);
    const sessions = await server.repos.sessions.listByCharacter(id);
    expect(sessions.find((s) => s.id === dead.id)).toMatchObject({ reason: 'lease_expired' });
    expect(sessions.filter((s) => s.logoutAt === null)).toMatchObject([{ worldId: 1 }]);
    // The world renews its leases (every third of the TTL): the lease outlives several TTLs.
    const first = await server.repos.leases.holder(id, 1000);
    await until(
      async () =>
        ((await server.repos.leases.holder(id, 1000))?.heartbeatAt ?? 0) > (first?.heartbeatAt ?? Infinity),
      'a renewal',
    );
    await client.close();
    await until(
      async () => (await server.repos.leases.holder(id, 30_000)) === null,
      'the logout save to end the lease',
    );
  });

  it('refuses a new player with 4012 while it holds its capacity, but lets a player here take its session over', async () => {
    const { server } = live;
    const first = await GameClient.connect({ url: wsUrl(server), reconnect: false });
    const token = first.token ?? '';
    expect(await attempt(server, '')).toEqual({
      code: CLOSE_CODES.worldFull,
      reason: 'world_full: this world holds its capacity of players, choose another',
    });
    const again = await GameClient.connect({ url: wsUrl(server), token, reconnect: false });
    expect(again.welcome).toMatchObject({ playerId: first.welcome?.playerId, resumed: true });
    await again.close();
    await first.close();
  });
});
