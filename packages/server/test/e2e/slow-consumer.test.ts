import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayStack, type GatewayStack } from './gateway-stack';
import { rawClient, type RawClient } from './raw-client';

/**
 * The server listens on a Unix socket here: loopback TCP buffers several megabytes in the kernel
 * before the server's socket holds a byte (the TCP case is in connection.test.ts), a Unix socket
 * a couple of hundred kilobytes, so a client that stops reading is noticed within a few hundred
 * ticks of the world's ordinary traffic.
 */
const LIMITS = { maxBufferedBytes: 64 * 1024, maxStalledTicks: 1_000 };

let stack: GatewayStack;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tilerealm-slow-'));
  stack = await gatewayStack({ listen: { path: join(dir, 'ws.sock') }, outbound: LIMITS });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The client's TCP (here: Unix) socket under its WebSocket, to stop and restart reading. */
function socketOf(client: RawClient): Socket {
  const socket: unknown = Reflect.get(client.ws, '_socket');
  if (socket instanceof Socket) return socket;
  throw new Error('no underlying socket');
}

describe('a client that stops reading', () => {
  it('is closed with 4008 with its unsent bytes bounded, stays in the world for the grace, and a reading client is unaffected', async () => {
    const slow = await rawClient(stack.url);
    const normal = await rawClient(stack.url);
    const slowId = String(slow.welcome['playerId']);
    const normalId = String(normal.welcome['playerId']);
    await stack.until(() => stack.enqueued.filter((c) => c.type === 'login').length >= 2, 'both logins');
    stack.tick();
    await slow.waitFor('player:sync');
    socketOf(slow).pause();

    // Each tick the world sends both players a full sync (their state and everything in view).
    const fullSync = (playerId: string) =>
      stack.host.enqueue({
        type: 'client',
        playerId,
        message: { event: 'player:requestSync', data: {} },
        rid: undefined,
      });
    let closedAfter: number | undefined;
    for (let t = 1; t <= 2_000 && closedAfter === undefined; t++) {
      fullSync(slowId);
      fullSync(normalId);
      const seen = normal.messages.filter((m) => m.event === 'player:sync').length;
      stack.tick();
      // The reading client gets every tick's frame (and the event loop does its I/O meanwhile).
      await stack.until(
        () => normal.messages.filter((m) => m.event === 'player:sync').length > seen,
        `the reading client's sync of tick ${t}`,
      );
      if (!stack.gateway.isConnected(slowId)) closedAfter = t;
    }
    expect(closedAfter).toBeDefined();

    // Closed like a drop: the session row says why, the player stays for the reconnect grace.
    expect(stack.gateway.isOnline(slowId)).toBe(true);
    expect(stack.host.isOnline(slowId)).toBe(true);
    await stack.until(
      () => stack.logs.some((r) => String(r['msg']).includes('(4008)')),
      'the slow-consumer log line',
    );
    const record = stack.logs.find((r) => String(r['msg']).includes('(4008)'));
    expect(record).toMatchObject({ characterId: slowId });
    // Never more than the limit waited on the server, plus the closing notice and close frame.
    expect(Number(record?.['unsentBytes'])).toBeGreaterThan(0);
    expect(Number(record?.['unsentBytes'])).toBeLessThanOrEqual(LIMITS.maxBufferedBytes + 512);
    let reason: string | null | undefined;
    await stack.until(() => {
      void stack.repos.sessions.listByCharacter(slowId).then((rows) => (reason = rows[0]?.reason));
      return reason === 'too_slow';
    }, 'the session row closed as too_slow');

    // The reading client was left alone, and gets the next ticks as usual.
    expect(stack.gateway.isConnected(normalId)).toBe(true);
    fullSync(normalId);
    stack.tick();
    await normal.waitFor('player:sync', (m) => Number(m.data['tick']) === stack.host.world.tick);

    // Reading again, the slow client gets its backlog, the reason, then the close code.
    socketOf(slow).resume();
    expect(await slow.closed).toBe(CLOSE_CODES.tooSlow);
    expect(slow.messages.at(-1)).toMatchObject({
      event: 'session:closing',
      data: { code: CLOSE_CODES.tooSlow },
    });

    // A reconnect within the grace resumes the same player.
    const back = await rawClient(stack.url, String(slow.welcome['token']));
    expect(back.welcome).toMatchObject({ playerId: slowId, resumed: true });
    back.ws.close();
    normal.ws.close();
  }, 120_000);
});
