import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import type { Database } from '../types';
import { createRepositories } from './index';
import type { WorldRegistration } from './worlds';

const TTL_MS = 30_000;

describe.each(availableBackends())('world list repository on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const worldsOf = (worldId: number) => createRepositories(database, { worldId }).worlds;
  const registration = (worldId: number, extra: Partial<WorldRegistration> = {}): WorldRegistration => ({
    name: `World ${worldId}`,
    address: `ws://127.0.0.1:${5000 + worldId}/ws`,
    capacity: 100,
    activity: '',
    instance: `p${worldId}`,
    ...extra,
  });
  const statusOf = async (worldId: number) => (await worldsOf(1).list(TTL_MS)).find((w) => w.id === worldId);

  it('registers a world, renews its heartbeat and population, and lists every world by number', async () => {
    await worldsOf(2).register(registration(2, { activity: 'Trade' }));
    await worldsOf(1).register(registration(1));
    expect(await worldsOf(2).heartbeat('p2', 40)).toBe(true);
    expect(await worldsOf(1).list(TTL_MS)).toEqual([
      {
        id: 1,
        name: 'World 1',
        address: 'ws://127.0.0.1:5001/ws',
        population: 0,
        capacity: 100,
        activity: '',
        status: 'online',
      },
      {
        id: 2,
        name: 'World 2',
        address: 'ws://127.0.0.1:5002/ws',
        population: 40,
        capacity: 100,
        activity: 'Trade',
        status: 'online',
      },
    ]);
  });

  it('renews and sets the status only while the row names the calling process', async () => {
    await worldsOf(3).register(registration(3));
    expect(await worldsOf(3).heartbeat('someone-else', 99)).toBe(false);
    expect(await worldsOf(3).setStatus('someone-else', 'offline')).toBe(false);
    expect(await worldsOf(9).heartbeat('p9', 1)).toBe(false); // never registered
    expect(await statusOf(3)).toMatchObject({ status: 'online', population: 0 });
    // A new process of the world registers over the old row and takes it.
    await worldsOf(3).register(registration(3, { instance: 'p3-again', name: 'Renamed' }));
    expect(await worldsOf(3).heartbeat('p3', 5)).toBe(false);
    expect(await worldsOf(3).heartbeat('p3-again', 5)).toBe(true);
    expect(await statusOf(3)).toMatchObject({ name: 'Renamed', population: 5 });
  });

  it('derives full, draining and offline; a stale heartbeat (the database clock) is offline', async () => {
    await worldsOf(4).register(registration(4, { capacity: 3 }));
    await worldsOf(4).heartbeat('p4', 3);
    expect(await statusOf(4)).toMatchObject({ status: 'full', population: 3 });
    await worldsOf(4).setStatus('p4', 'draining');
    expect(await statusOf(4)).toMatchObject({ status: 'draining' });
    await worldsOf(4).setStatus('p4', 'offline');
    expect(await statusOf(4)).toMatchObject({ status: 'offline', population: 0 });

    await worldsOf(5).register(registration(5));
    await worldsOf(5).heartbeat('p5', 7);
    await database.db.execute(
      sql`UPDATE worlds SET "heartbeatAt" = now() - interval '20 seconds' WHERE id = 5`,
    );
    expect(await statusOf(5)).toMatchObject({ status: 'online', population: 7 });
    expect((await worldsOf(1).list(10_000)).find((w) => w.id === 5)).toMatchObject({
      status: 'offline',
      population: 0,
    });
    // Its process comes back to life: the next heartbeat lists it online again.
    await worldsOf(5).heartbeat('p5', 8);
    expect((await worldsOf(1).list(10_000)).find((w) => w.id === 5)).toMatchObject({
      status: 'online',
      population: 8,
    });
  });
});
