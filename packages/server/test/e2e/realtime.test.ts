import { applyMove, CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient, type ConnectionClosedError } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/start-server';
import { realtimeWorld, wsUrl, type RealtimeWorld } from './realtime-harness';

const noReconnect = { reconnect: false } as const;

describe('real-time world over WebSocket (SDK clients)', () => {
  let rw: RealtimeWorld;
  let server: RunningServer;

  beforeAll(async () => {
    rw = await realtimeWorld();
    server = await rw.start();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await rw?.cleanup();
  });

  it('two anonymous players join, see each other walk and chat', async () => {
    const alice = await GameClient.connect({ url: wsUrl(server), ...noReconnect });
    const bob = await GameClient.connect({ url: wsUrl(server), ...noReconnect });
    try {
      expect(alice.welcome?.token).toBeTruthy();
      expect(alice.welcome?.playerId).not.toBe(bob.welcome?.playerId);
      const bobId = bob.welcome?.playerId ?? '';
      // both spawn at the starter point, so each sees the other enter
      // a full sync re-sends everything in view as entered, so nothing is missed by waiting late
      const seenP = alice.waitFor(
        'world:update',
        (u) => (u.entered ?? []).some((e) => e.id === bobId),
        5_000,
      );
      await alice.request('player:requestSync', {});
      const seen = await seenP;
      const bobSeen = seen.entered?.find((e) => e.id === bobId);
      if (!bobSeen) throw new Error('Bob not seen');
      // Alice follows Bob's moves from where he entered her view (short steps from the last place).
      let bobAt = { x: bobSeen.x, z: bobSeen.z, y: bobSeen.y };
      const arrived = alice.waitFor(
        'world:update',
        (u) => {
          for (const m of u.moved ?? []) if (m[0] === bobSeen.idx) bobAt = applyMove(bobAt, m);
          return bobAt.x === 3 && bobAt.z === 1;
        },
        5_000,
      );
      const ack = await bob.request('player:move', { x: 3, z: 1 });
      expect(ack).toMatchObject({ event: 'player:move', result: { reachedTarget: true } });
      await arrived;
      const heard = alice.waitFor('chat:message', (m) => m.from?.id === bobId, 5_000);
      bob.send('player:chat', { message: 'hello\u0000 alice' });
      expect((await heard).message).toBe('hello alice');
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  it('answers every bad request with an error that changes nothing', async () => {
    const c = await GameClient.connect({ url: wsUrl(server), ...noReconnect });
    try {
      // Where the player arrived: a free tile by the spawn point (someone may stand on it).
      const start = (await c.request('player:requestSync', {})) as { player: { position: unknown } };
      await expect(c.request('player:move', { x: 500, z: 0 })).rejects.toMatchObject({
        code: 'path_too_far',
      });
      const sync = await c.request('player:requestSync', {});
      expect(sync).toMatchObject({ player: { position: start.player.position } });
      await expect(c.request('inventory:use', { slot: 0, targetSlot: 1 })).rejects.toMatchObject({
        code: 'not_usable',
      });
      await expect(c.request('inventory:use', { slot: 0 })).rejects.toMatchObject({ code: 'not_usable' });
      await expect(c.request('player:chat', { message: '/tele 1 1' })).rejects.toMatchObject({
        code: 'not_admin',
      });
      await expect(c.request('player:chat', { message: '/admin wrong-code' })).rejects.toMatchObject({
        code: 'admin_code_invalid',
      });
      await c.request('player:chat', { message: '/admin let-me-in-please' });
      const tele = await c.request('player:chat', { message: '/tele 4 4' });
      expect(tele).toMatchObject({ event: 'player:chat', result: { x: 4, z: 4 } });
    } finally {
      await c.close();
    }
  });

  it('refuses an invalid token with close 4001', async () => {
    await expect(
      GameClient.connect({ url: wsUrl(server), token: 'not.a.token', ...noReconnect }),
    ).rejects.toMatchObject({
      code: CLOSE_CODES.unauthorized,
    } satisfies Partial<ConnectionClosedError>);
  });

  it('a second login takes over the character; the first connection gets 4000', async () => {
    const first = await GameClient.connect({ url: wsUrl(server), ...noReconnect });
    const token = first.token ?? '';
    const closed = new Promise<number>((resolve) =>
      first.lifecycle.on('disconnected', (i) => resolve(i.code)),
    );
    const second = await GameClient.connect({ url: wsUrl(server), token, ...noReconnect });
    try {
      expect(await closed).toBe(CLOSE_CODES.replaced);
      expect(second.welcome).toMatchObject({ playerId: first.welcome?.playerId, resumed: true });
      await second.request('player:requestSync', {});
    } finally {
      await second.close();
    }
  });

  it('a reconnect within the grace period resumes the same in-world player', async () => {
    const a = await GameClient.connect({ url: wsUrl(server), ...noReconnect });
    await a.request('player:move', { x: 2, z: 2 });
    await a.waitFor('world:update', (u) => u.self?.x === 2 && u.self.z === 2 && !u.self.moving, 5_000);
    const token = a.token ?? '';
    await a.close();
    const b = await GameClient.connect({ url: wsUrl(server), token, ...noReconnect });
    try {
      expect(b.welcome).toMatchObject({ playerId: a.welcome?.playerId, resumed: true });
      const sync = await b.request('player:requestSync', {});
      expect(sync).toMatchObject({ player: { position: { x: 2, z: 2 } } });
    } finally {
      await b.close();
    }
  });

  it('speaks msgpack on request', async () => {
    const c = await GameClient.connect({ url: wsUrl(server), format: 'msgpack', ...noReconnect });
    try {
      expect(c.format).toBe('msgpack');
      const pong = await c.request('ping', { t: 42 });
      expect(pong).toMatchObject({ t: 42 });
    } finally {
      await c.close();
    }
  });

  it('records a playerSessions row per login and keeps a dropped player online during the grace period', async () => {
    const c = await GameClient.connect({ url: wsUrl(server), ...noReconnect });
    const id = c.welcome?.playerId ?? '';
    await c.close();
    // The row is closed as the connection drops, well inside the 1.5 s reconnect grace.
    await expect
      .poll(async () => (await server.repos.sessions.listByCharacter(id))[0]?.logoutAt ?? null, {
        timeout: 1_000,
        interval: 20,
      })
      .not.toBeNull();
    const rows = await server.repos.sessions.listByCharacter(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ characterId: id, reason: 'disconnected' });
    expect(rows[0]?.logoutAt).not.toBeNull();
    const res = await fetch(`${server.url}/api/characters/${id}/position`, {
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { online: boolean }).online).toBe(true); // still in the grace period
  });
});
