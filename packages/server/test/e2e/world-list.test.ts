import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/app/start-server';
import { realtimeWorld, useRealtimeServer, wsUrl, type RealtimeWorld } from './realtime-harness';

interface Listed {
  id: number;
  name: string;
  address: string;
  population: number;
  capacity: number;
  activity: string;
  status: string;
  current?: boolean;
}

const list = async (server: RunningServer) =>
  (await server.app.inject('/api/v1/worlds')).json<{ worlds: Listed[] }>().worlds;

describe('a world in the world list', () => {
  let world: RealtimeWorld;
  let server: RunningServer;
  beforeAll(async () => {
    world = await realtimeWorld({
      WORLD_ID: '3',
      WORLD_NAME: 'Skillers',
      WORLD_ACTIVITY: 'Skill total 500',
      WORLD_CAPACITY: '50',
      PUBLIC_WS_URL: 'wss://w3.example.org/ws',
    });
    server = await world.start();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await world?.cleanup();
  });

  it('registers at start under its number, with its address, and answers as the current world', async () => {
    expect(await list(server)).toEqual([
      {
        id: 3,
        name: 'Skillers',
        address: 'wss://w3.example.org/ws',
        population: 0,
        capacity: 50,
        activity: 'Skill total 500',
        status: 'online',
        current: true,
      },
    ]);
    expect((await server.app.inject('/status')).json()).toMatchObject({ world: { id: 3, name: 'Skillers' } });
    if (server.ownership.instance !== undefined) expect(server.instance).toBe(server.ownership.instance);
  });
});

describe('a world at its capacity', () => {
  // A 3 s lease TTL: the world list is renewed every second.
  const live = useRealtimeServer({ WORLD_CAPACITY: '1', CHARACTER_LEASE_TTL_MS: '3000' });

  it('refuses a new login with 4012 world_full, lets its player back in, and is listed full', async () => {
    const url = wsUrl(live.server);
    const first = await GameClient.connect({ url, reconnect: false });
    let again: GameClient | undefined;
    try {
      await expect(GameClient.connect({ url, reconnect: false })).rejects.toMatchObject({
        code: CLOSE_CODES.worldFull,
      });
      const id = first.welcome?.playerId ?? '';
      await expect.poll(() => live.server.host.isOnline(id), { timeout: 15_000 }).toBe(true);
      // The player already in the world takes its own session over.
      again = await GameClient.connect({ url, token: first.token ?? '', reconnect: false });
      expect(again.welcome).toMatchObject({ playerId: id, resumed: true });
      await expect
        .poll(() => list(live.server), { timeout: 15_000 })
        .toMatchObject([{ id: 1, population: 1, capacity: 1, status: 'full' }]);
    } finally {
      await again?.close();
      await first.close();
    }
  });
});

describe.skipIf(!process.env['DATABASE_URL'])('two worlds on one PostgreSQL database', () => {
  let first: RealtimeWorld;
  let one: RunningServer;
  let two: RunningServer | undefined;
  let secondDir: string;
  const logger = pino({ level: 'silent' });
  beforeAll(async () => {
    first = await realtimeWorld({ WORLD_ID: '1' });
    one = await first.start();
    secondDir = await mkdtemp(join(tmpdir(), 'tilerealm-e2e-'));
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await first?.cleanup();
    await rm(secondDir, { recursive: true, force: true });
  });

  it('runs both, lists both; a second process of world 2 is refused; a stopped world shows offline', async () => {
    const env = { ...first.env, WORLD: secondDir, WORLD_ID: '2', WORLD_NAME: 'Second' };
    two = await startServer(env, { logger });
    const fromOne = await list(one);
    expect(fromOne.map((w) => [w.id, w.status, w.current ?? false])).toEqual([
      [1, 'online', true],
      [2, 'online', false],
    ]);
    expect((await list(two)).map((w) => [w.id, w.current ?? false])).toEqual([
      [1, false],
      [2, true],
    ]);
    const otherDir = await mkdtemp(join(tmpdir(), 'tilerealm-e2e-'));
    try {
      await expect(startServer({ ...env, WORLD: otherDir }, { logger })).rejects.toThrow(
        'world 2 in this database is owned by another server process',
      );
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
    await two.close();
    two = undefined;
    expect((await list(one)).map((w) => [w.id, w.status])).toEqual([
      [1, 'online'],
      [2, 'offline'],
    ]);
  }, 60_000);
});
