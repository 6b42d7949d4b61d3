import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/app/build-server';
import { loadConfig } from '../../src/app/config';
import { accountStore } from '../../src/app/account-store';
import { BUNDLED_MANIFESTS_DIR } from '../../src/app/paths';
import { Authenticator } from '../../src/auth/authenticator';
import { SessionTokens } from '../../src/auth/session-tokens';
import { createRepositories, type Repositories } from '../../src/storage';
import type { Database } from '../../src/storage/types';
import { Gateway } from '../../src/transport/ws/gateway';
import { SaveQueue } from '../../src/world/save-queue';
import { WorldHost } from '../../src/world/world-host';
import { createTestDatabase } from '../db-helpers';
import { bundledContent } from '../http-harness';

/**
 * A login must wait for the previous session's save: with the save held in its transaction, the
 * character's next login is refused with 4004; once the save commits, the login succeeds and
 * finds the saved state.
 */
describe('login while the previous save is pending', () => {
  let database: Database;
  let release: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();
  let saves: SaveQueue;
  let host: WorldHost;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    const repos = createRepositories(database);
    // The save queue's transactions wait for the gate while it is held.
    const gated: Repositories = {
      ...repos,
      transaction: async (fn) => {
        await held;
        return repos.transaction(fn);
      },
    };
    const content = await bundledContent();
    const logger = pino({ level: 'silent' });
    const { config } = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
    const sessions = new SessionTokens(config.jwtSecret ?? '', 3600);
    const authenticator = new Authenticator(sessions, undefined, accountStore(repos));
    saves = new SaveQueue(gated, logger);
    host = new WorldHost({ content, seed: 3, tickMs: 20, saves, logger });
    const gateway = new Gateway({
      host,
      repos,
      content,
      authenticator,
      sessions,
      saves,
      anonymousMode: true,
      adminCode: undefined,
      logger,
      reconnectGraceMs: 50,
    });
    const app = await buildServer({
      config,
      version: 'test',
      startedAt: new Date(),
      authenticator,
      sessions,
      repos,
      database: { kind: database.kind, ping: () => database.ping() },
      content,
      world: host,
      manifestsDir: BUNDLED_MANIFESTS_DIR,
      publicDir: undefined,
      gateway,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
    host.start();
    close = async () => {
      host.stop();
      await app.close();
      release();
      await saves.flush();
      await database.close();
    };
  }, 60_000);
  afterAll(() => close());

  it('refuses with 4004 until the save commits', async () => {
    const first = await GameClient.connect({ url, reconnect: false });
    const id = first.welcome?.playerId ?? '';
    const token = first.token ?? '';
    await first.request('player:move', { x: 2, z: 1 });
    await first.waitFor('world:update', (u) => u.self?.x === 2 && u.self.z === 1 && !u.self.moving, 5_000);
    held = new Promise<void>((r) => (release = r));
    await first.close();
    // grace period (50 ms) ends, the logout hands the snapshot to the held save queue
    for (let i = 0; i < 100 && !saves.isPending(id); i++) await new Promise((r) => setTimeout(r, 20));
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
    for (let i = 0; i < 100 && !saves.isPending(id); i++) await new Promise((r) => setTimeout(r, 20));
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
