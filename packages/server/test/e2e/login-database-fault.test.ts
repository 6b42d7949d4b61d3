import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayStack, type GatewayStack } from './gateway-stack';

/**
 * A login that fails half-way because the database went away (the character's items could not be
 * read) is refused with 4009 and leaves nothing behind: the next login, once the database answers,
 * loads the character into the world as a fresh login.
 */
describe('a login failing half-way on the database', () => {
  let failing = false;
  let stack: GatewayStack;

  beforeAll(async () => {
    stack = await gatewayStack({
      listen: { port: 0, host: '127.0.0.1' },
      ticking: { tickMs: 20 },
      reconnectGraceMs: 50,
      // Reading a character's inventory fails as with an unreachable database while `failing` is set.
      gatewayRepos: (repos) => ({
        ...repos,
        inventory: {
          ...repos.inventory,
          get: (id) =>
            failing
              ? Promise.reject(
                  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
                )
              : repos.inventory.get(id),
        },
      }),
    });
  }, 60_000);
  afterAll(() => stack.close());

  it('is refused with 4009 and the next login starts clean', async () => {
    const { url, host, saves, gateway } = stack;
    const first = await GameClient.connect({ url, reconnect: false });
    const id = first.welcome?.playerId ?? '';
    const token = first.token ?? '';
    await stack.until(() => host.isOnline(id), 'the first login to reach the world');
    await first.close();
    // The grace period (50 ms) ends, the player leaves the world and its logout save commits.
    await stack.until(
      () => !gateway.isOnline(id) && !host.isOnline(id) && !saves.isPending(id),
      'the first session to end and be saved',
    );

    failing = true;
    // The welcome may already be out when the items are read: the close code tells the outcome.
    const refused = new WebSocket(`${url}?token=${encodeURIComponent(token)}`);
    refused.on('error', () => undefined);
    const code = await new Promise<number>((resolve) => refused.once('close', (c) => resolve(c)));
    expect(code).toBe(CLOSE_CODES.serviceUnavailable);
    failing = false;

    const again = await GameClient.connect({ url, token, reconnect: false });
    try {
      expect(again.welcome).toMatchObject({ playerId: id, resumed: false });
      const sync = await again.request('player:requestSync', {});
      expect(sync.player.id).toBe(id);
    } finally {
      await again.close();
    }
  });
});
