import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { WebSocket } from 'ws';
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
 * A login that fails half-way because the database went away (the character's items could not be
 * read) is refused with 4009 and leaves nothing behind: the next login, once the database answers,
 * loads the character into the world as a fresh login.
 */
describe('a login failing half-way on the database', () => {
  let database: Database;
  let failing = false;
  let host: WorldHost;
  let saves: SaveQueue;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    const repos = createRepositories(database);
    // Reading a character's inventory fails as with an unreachable database while `failing` is set.
    const flaky: Repositories = {
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
    };
    const content = await bundledContent();
    const logger = pino({ level: 'silent' });
    const { config } = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
    const sessions = new SessionTokens(config.jwtSecret ?? '', 3600);
    const authenticator = new Authenticator(sessions, undefined, accountStore(repos));
    saves = new SaveQueue(repos, logger);
    host = new WorldHost({ content, seed: 3, tickMs: 20, saves, logger });
    const gateway = new Gateway({
      host,
      repos: flaky,
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
      await saves.flush();
      await database.close();
    };
  }, 60_000);
  afterAll(() => close());

  it('is refused with 4009 and the next login starts clean', async () => {
    const first = await GameClient.connect({ url, reconnect: false });
    const id = first.welcome?.playerId ?? '';
    const token = first.token ?? '';
    await first.close();
    // The grace period (50 ms) ends and the logout's save commits.
    for (let i = 0; i < 250 && (host.isOnline(id) || saves.isPending(id)); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(host.isOnline(id) || saves.isPending(id)).toBe(false);

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
