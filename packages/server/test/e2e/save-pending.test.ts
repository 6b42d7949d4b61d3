import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveQueue } from '../../src/world/save-queue';
import type { WorldHost } from '../../src/world/world-host';
import { gatewayStack, type GatewayStack } from './gateway-stack';

/**
 * A login must wait for the previous session's save: with the save held in its transaction, the
 * character's next login is refused with 4004; once the save commits, the login succeeds and
 * finds the saved state.
 */
describe('login while the previous save is pending', () => {
  let release: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();
  let stack: GatewayStack;
  let saves: SaveQueue;
  let host: WorldHost;
  let url: string;

  beforeAll(async () => {
    stack = await gatewayStack({
      listen: { port: 0, host: '127.0.0.1' },
      ticking: { tickMs: 20 },
      reconnectGraceMs: 50,
      // The save queue's transactions wait for the gate while it is held.
      saveRepos: (repos) => ({
        ...repos,
        transaction: async (fn) => {
          await held;
          return repos.transaction(fn);
        },
      }),
    });
    ({ url, saves, host } = stack);
  }, 60_000);
  afterAll(async () => {
    release();
    await stack.close();
  });

  it('refuses with 4004 until the save commits', async () => {
    const first = await GameClient.connect({ url, reconnect: false });
    const id = first.welcome?.playerId ?? '';
    const token = first.token ?? '';
    await first.request('player:move', { x: 2, z: 1 });
    await first.waitFor('world:update', (u) => u.self?.x === 2 && u.self.z === 1 && !u.self.moving, 5_000);
    held = new Promise<void>((r) => (release = r));
    await first.close();
    // grace period (50 ms) ends, the logout hands the snapshot to the held save queue
    await stack.until(() => saves.isPending(id), 'the logout save to be handed to the held queue');
    expect(saves.isPending(id)).toBe(true);
    expect(host.isOnline(id)).toBe(false);

    await expect(GameClient.connect({ url, token, reconnect: false })).rejects.toMatchObject({
      code: CLOSE_CODES.savePending,
    });

    release();
    await saves.flush();
    expect(saves.isPending(id)).toBe(false);
    const again = await GameClient.connect({ url, token, reconnect: false });
    try {
      expect(again.welcome).toMatchObject({ playerId: id, resumed: false });
      const sync = await again.request('player:requestSync', {});
      expect(sync.player.position).toMatchObject({ x: 2, z: 1 });
    } finally {
      await again.close();
    }
  });

  it('refuses to delete a character in a session (409 character_online) or with a save pending (409 save_pending)', async () => {
    const http = url.replace(/^ws/, 'http').replace(/\/ws$/, '');
    const del = (id: string, token: string) =>
      fetch(`${http}/api/character/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    const client = await GameClient.connect({ url, reconnect: false });
    const id = client.welcome?.playerId ?? '';
    const token = client.token ?? '';
    // Right after session:welcome, before the tick that puts the character in the world.
    const inSession = await del(id, token);
    expect(inSession.status).toBe(409);
    expect(await inSession.json()).toMatchObject({ error: { code: 'character_online' } });

    held = new Promise<void>((r) => (release = r));
    await client.close();
    await stack.until(() => saves.isPending(id), 'the logout save to be handed to the held queue');
    expect(saves.isPending(id)).toBe(true);
    const pending = await del(id, token);
    expect(pending.status).toBe(409);
    expect(await pending.json()).toMatchObject({ error: { code: 'save_pending' } });

    release();
    await saves.flush();
    expect((await del(id, token)).status).toBe(204);
    await expect(GameClient.connect({ url, token, characterId: id, reconnect: false })).rejects.toMatchObject(
      {
        code: CLOSE_CODES.characterUnavailable,
      },
    );
  });
});
