import { CLOSE_CODES } from '@tilerealm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Database } from '../../src/storage/types';
import { createTestDatabase } from '../db-helpers';
import { gatewayStack, type GatewayStack } from './gateway-stack';
import { rawClient } from './raw-client';

/** The close code and reason of a connection to `url` (a refused login closes it). */
function refusal(url: string): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('error', reject);
  });
}

/**
 * Two worlds on one database, in one process: a login with `takeover=1` on world 2 asks world 1
 * (through the cross-world hook the social bus implements) to log the character out, then enters
 * once world 1's logout save has ended the lease.
 */
describe('a takeover across worlds', () => {
  let database: Database;
  let one: GatewayStack;
  let two: GatewayStack;
  const asked: Array<[string, number]> = [];
  /** When set, world 1 cannot be asked (the cross-world link is down). */
  let linkDown = false;
  /** Asks answered `offline` without reaching world 1 (its listener not up yet). */
  let deafAsks = 0;

  beforeAll(async () => {
    database = await createTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    const common = { listen: { port: 0, host: '127.0.0.1' } as const, ticking: { tickMs: 20 }, database };
    one = await gatewayStack({ ...common, world: { id: 1, capacity: 100 } });
    two = await gatewayStack({
      ...common,
      world: { id: 2, capacity: 100 },
      crossWorld: {
        requestLogout: (characterId, worldId) => {
          asked.push([characterId, worldId]);
          if (linkDown) return Promise.resolve('unavailable');
          if (deafAsks > 0) {
            deafAsks--;
            return Promise.resolve('offline');
          }
          return Promise.resolve(
            worldId === 1 && one.gateway.logoutForTakeover(characterId) ? 'done' : 'offline',
          );
        },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await database?.close();
  });

  it('refuses a plain login on the other world, and moves the character with takeover=1', async () => {
    const first = await rawClient(one.url);
    const id = String(first.welcome['playerId']);
    const token = String(first.welcome['token']);
    await first.waitFor('player:sync');

    expect(await refusal(`${two.url}?token=${token}`)).toEqual({
      code: CLOSE_CODES.loggedInElsewhere,
      reason: 'logged_in_elsewhere: world 1',
    });
    expect(asked).toEqual([]);
    expect(await one.repos.leases.holder(id, 30_000)).toMatchObject({ worldId: 1 });

    const moved = await rawClient(two.url, `${token}&takeover=1`);
    expect(moved.welcome).toMatchObject({ playerId: id, resumed: false });
    expect(asked).toEqual([[id, 1]]);
    expect(await first.closed).toBe(CLOSE_CODES.replaced);
    expect(one.host.isOnline(id)).toBe(false);
    expect(await two.repos.leases.holder(id, 30_000)).toMatchObject({
      worldId: 2,
      instance: two.leases.instance,
    });
    const sessions = await two.repos.sessions.listByCharacter(id);
    expect(sessions.filter((s) => s.logoutAt === null)).toMatchObject([{ worldId: 2 }]);
    expect(sessions.find((s) => s.worldId === 1)).toMatchObject({ reason: 'logged in on another world' });
    // World 1 no longer has the character: asked again, it says so.
    expect(one.gateway.logoutForTakeover(id)).toBe(false);
    moved.ws.close();
  });

  it('refuses a takeover it cannot ask the other world for, saying the takeover is unavailable', async () => {
    const first = await rawClient(one.url);
    const id = String(first.welcome['playerId']);
    const token = String(first.welcome['token']);
    await first.waitFor('player:sync');
    linkDown = true;
    try {
      expect(await refusal(`${two.url}?token=${token}&takeover=1`)).toEqual({
        code: CLOSE_CODES.loggedInElsewhere,
        reason:
          'logged_in_elsewhere: world 1; takeover unavailable: that world cannot be reached now, try again shortly',
      });
    } finally {
      linkDown = false;
    }
    expect(asked.at(-1)).toEqual([id, 1]);
    // Nothing changed: the character plays on world 1, which holds its lease.
    expect(one.host.isOnline(id)).toBe(true);
    expect(await one.repos.leases.holder(id, 30_000)).toMatchObject({ worldId: 1 });
    first.ws.close();
  });

  it('asks again while the world holding the lease answers that it does not have the character', async () => {
    const first = await rawClient(one.url);
    const id = String(first.welcome['playerId']);
    const token = String(first.welcome['token']);
    await first.waitFor('player:sync');
    deafAsks = 1;
    const before = asked.length;
    const moved = await rawClient(two.url, `${token}&takeover=1`);
    expect(moved.welcome).toMatchObject({ playerId: id });
    expect(asked.slice(before)).toEqual([
      [id, 1],
      [id, 1],
    ]);
    expect(await first.closed).toBe(CLOSE_CODES.replaced);
    moved.ws.close();
  });
});
