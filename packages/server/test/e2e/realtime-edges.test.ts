import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/start-server';
import { realtimeWorld, wsUrl, type RealtimeWorld } from './realtime-harness';

interface RawClient {
  ws: WebSocket;
  frames: Array<{ event: string; data: Record<string, unknown>; rid?: unknown }>;
  closed: Promise<number>;
  next(
    event: string,
    pred?: (d: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
}

/** A bare WebSocket client that records every frame, for sending what the SDK never would. */
async function raw(server: RunningServer, token?: string): Promise<RawClient> {
  const ws = new WebSocket(`${wsUrl(server)}${token ? `?token=${token}` : ''}`);
  const frames: RawClient['frames'] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    // One envelope, or an array of them (one tick's messages).
    const value: unknown = JSON.parse(data.toString());
    frames.push(...(Array.isArray(value) ? value : [value]));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next: RawClient['next'] = (event, pred, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        const i = frames.findIndex((f) => f.event === event && (!pred || pred(f.data)));
        if (i >= 0) {
          clearTimeout(timer);
          resolve(frames.splice(i, 1)[0]!.data);
        } else waiters.push(check);
      };
      check();
    });
  await next('session:welcome');
  return { ws, frames, closed, next };
}

describe('bad frames of every kind', () => {
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

  it('answers not-JSON, bad envelopes, unknown events and wrong types with errors, echoing rid', async () => {
    const c = await raw(server);
    // Where the player arrived (a free tile by the spawn point: someone may stand on it).
    c.ws.send(JSON.stringify({ event: 'player:requestSync', data: {}, rid: 1 }));
    const start = z
      .object({ player: z.object({ position: z.object({ x: z.number(), z: z.number() }) }) })
      .parse(await c.next('player:sync')).player.position;
    c.ws.send('this is not json');
    expect(await c.next('error')).toMatchObject({ code: 'bad_frame' });
    c.ws.send(JSON.stringify({ hello: 'world' }));
    expect(await c.next('error')).toMatchObject({ code: 'bad_envelope' });
    c.ws.send(JSON.stringify({ event: 'player:teleport', data: {}, rid: 5 }));
    expect(await c.next('error')).toMatchObject({ code: 'unknown_event', rid: 5 });
    c.ws.send(JSON.stringify({ event: 'player:move', data: { x: 'one', z: 2 }, rid: 'r-6' }));
    const wrong = await c.next('error');
    expect(wrong).toMatchObject({ code: 'invalid_payload', rid: 'r-6' });
    expect(String(wrong['message'])).toContain('data.x');
    c.ws.send(JSON.stringify({ event: 'player:move', data: { x: 1.5, z: 2, extra: true }, rid: 7 }));
    expect(await c.next('error')).toMatchObject({ code: 'invalid_payload', rid: 7 });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next('error')).toMatchObject({ code: 'bad_frame' });
    c.ws.send(JSON.stringify({ event: 'player:move', data: { x: 201, z: 0 }, rid: 8 }));
    expect(await c.next('error')).toMatchObject({ code: 'path_too_far', rid: 8 });
    // none of it moved the player
    c.ws.send(JSON.stringify({ event: 'player:requestSync', data: {}, rid: 9 }));
    expect(await c.next('player:sync')).toMatchObject({ player: { position: { x: start.x, z: start.z } } });
    c.ws.close();
  });

  it('closes the connection on a frame over 32 KiB (1009)', async () => {
    const c = await raw(server);
    c.ws.send(JSON.stringify({ event: 'player:chat', data: { message: 'x'.repeat(40_000) } }));
    expect(await c.closed).toBe(1009);
  });

  it('blocks a flood over 60 messages per second, then closes it (4002)', async () => {
    const c = await raw(server);
    for (let i = 0; i < 61; i++) c.ws.send(JSON.stringify({ event: 'ping', data: {} }));
    expect(await c.next('error', (d) => d['code'] === 'rate_limited')).toMatchObject({
      code: 'rate_limited',
    });
    for (let i = 0; i < 70; i++) c.ws.send(JSON.stringify({ event: 'ping', data: {} }));
    expect(await c.closed).toBe(CLOSE_CODES.rateLimited);
    expect(c.frames.some((f) => f.event === 'session:closing')).toBe(true);
  });
});

describe('restart and restore', () => {
  let rw: RealtimeWorld;
  beforeAll(async () => {
    rw = await realtimeWorld();
  });
  afterAll(async () => {
    await rw?.cleanup();
  });

  it('a graceful restart puts the player back where it was with the same state', async () => {
    let server = await rw.start();
    const c = await GameClient.connect({ url: wsUrl(server), reconnect: false });
    const id = c.welcome?.playerId;
    const token = c.token ?? '';
    await c.request('player:move', { x: 5, z: 3, run: true });
    const arrived = await c.waitFor(
      'world:update',
      (u) => u.self?.x === 5 && u.self.z === 3 && !u.self.moving,
      5_000,
    );
    const energy = arrived.self?.runEnergy ?? 0;
    // the default template wears a sword and shield; take the shield off before the restart
    const before = await c.request('player:requestSync', {});
    expect(before.player.equipment.map((e) => e.slot).sort()).toEqual(['shield', 'weapon']);
    await c.request('equipment:unequip', { slot: 'shield' });
    expect(energy).toBeLessThan(10_000);
    const closing = c.waitFor('session:closing', undefined, 10_000);
    await server.close();
    expect(await closing).toMatchObject({ code: CLOSE_CODES.goingAway });

    server = await rw.start();
    try {
      const again = await GameClient.connect({ url: wsUrl(server), token, reconnect: false });
      expect(again.welcome).toMatchObject({ playerId: id, resumed: false });
      const sync = await again.request('player:requestSync', {});
      expect(sync.player.position).toMatchObject({ x: 5, z: 3 });
      expect(Math.abs(sync.player.position.runEnergy - energy)).toBeLessThanOrEqual(100);
      expect(sync.player.equipment.map((e) => e.slot)).toEqual(['weapon']);
      expect(sync.player.inventory.some((i) => i.itemId === 'wooden_shield')).toBe(true);
      expect(await server.repos.equipment.get(id ?? '')).toHaveLength(1);
      const row = await server.repos.characters.findById(id ?? '');
      expect(row).toMatchObject({ positionX: 5, positionZ: 3 });
      await again.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
