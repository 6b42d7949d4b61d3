import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/app/start-server';
import { realtimeWorld, type RealtimeWorld } from './realtime-harness';

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
