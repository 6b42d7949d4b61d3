import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { buildServer } from '../../src/app/build-server';
import { loadConfig } from '../../src/app/config';
import { accountStore } from '../../src/app/account-store';
import { BUNDLED_MANIFESTS_DIR } from '../../src/app/paths';
import { Authenticator } from '../../src/auth/authenticator';
import { SessionTokens } from '../../src/auth/session-tokens';
import type { Command } from '../../src/sim/core/types';
import { SocialService } from '../../src/social/service';
import { createRepositories, type Repositories } from '../../src/storage';
import type { Database } from '../../src/storage/types';
import { Gateway, type CrossWorld } from '../../src/transport/ws/gateway';
import type { OutboundLimits } from '../../src/transport/ws/limits';
import { LeaseKeeper } from '../../src/world/lease-keeper';
import { SaveQueue } from '../../src/world/save-queue';
import { WorldHost } from '../../src/world/world-host';
import { createTestDatabase } from '../db-helpers';
import { bundledContent } from '../http-harness';

export const STACK_ADMIN_CODE = 'stack-admin-code';

/**
 * The real HTTP server, WebSocket gateway, social service and world host, but a world that only
 * ticks when the test calls `tick()`: what reaches the world before a tick, and what each socket
 * receives after it, is then exact. Every command the gateway hands the world is kept in
 * `enqueued`; log records in `logs`. `holdSocial()` makes the social service wait before reading
 * the acting character, until the returned release is called.
 */
export interface GatewayStack {
  url: string;
  host: WorldHost;
  saves: SaveQueue;
  gateway: Gateway;
  repos: Repositories;
  /** The world's character leases (world 1 by default; the instance is random per stack). */
  leases: LeaseKeeper;
  enqueued: Command[];
  logs: Array<Record<string, unknown>>;
  tick(): void;
  /** Resolves once `pred` holds (polled), or fails after `timeoutMs`. */
  until(pred: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  holdSocial(): () => void;
  close(): Promise<void>;
}

export async function gatewayStack(options: {
  /** `{ path }` listens on a Unix socket (its kernel buffers are small: see the slow-consumer test). */
  listen: { path: string } | { port: 0; host: '127.0.0.1' };
  outbound?: OutboundLimits;
  reconnectGraceMs?: number;
  /** The world ticks by itself every `tickMs` (default: only when the test calls `tick()`). */
  ticking?: { tickMs: number };
  /** Wraps the repositories the gateway uses (e.g. a read that fails like an unreachable database). */
  gatewayRepos?: (repos: Repositories) => Repositories;
  /** Wraps the repositories the save queue uses (e.g. transactions held by the test). */
  saveRepos?: (repos: Repositories) => Repositories;
  /** The world's number and capacity (default 1 and 2000). */
  world?: { id: number; capacity: number };
  /** CHARACTER_LEASE_TTL_MS (default 30 s); renewal runs only when the test calls `leases.renew()`. */
  leaseTtlMs?: number;
  /** The cross-world takeover requests (default: none, so a `takeover=1` login gets 4011). */
  crossWorld?: CrossWorld;
  /** A database shared with other stacks (other worlds); left open by `close()`. Default: a fresh one. */
  database?: Database;
}): Promise<GatewayStack> {
  const database: Database =
    options.database ?? (await createTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite'));
  const repos = createRepositories(database);
  let held: Promise<void> | undefined;
  const socialRepos: Repositories = {
    ...repos,
    characters: {
      ...repos.characters,
      findById: async (id) => {
        await held;
        return repos.characters.findById(id);
      },
    },
  };
  const content = await bundledContent();
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const { config } = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
  const sessions = new SessionTokens(config.jwtSecret ?? '', 3600);
  const authenticator = new Authenticator(sessions, undefined, accountStore(repos));
  const world = options.world ?? { id: 1, capacity: 2000 };
  const instance = `stack-${randomUUID()}`;
  const leases = new LeaseKeeper({
    leases: repos.leases,
    worldId: world.id,
    instance,
    ttlMs: options.leaseTtlMs ?? 30_000,
    logger,
  });
  const saves = new SaveQueue(options.saveRepos?.(repos) ?? repos, logger, { leases: { instance } });
  const host = new WorldHost({ content, seed: 5, tickMs: options.ticking?.tickMs ?? 50, saves, logger });
  const enqueued: Command[] = [];
  const enqueue = host.enqueue.bind(host);
  host.enqueue = (command) => {
    enqueued.push(command);
    enqueue(command);
  };
  const social = new SocialService({ repos: socialRepos, world: host, logger });
  const gateway = new Gateway({
    host,
    world,
    leases,
    ...(options.crossWorld ? { crossWorld: options.crossWorld } : {}),
    repos: options.gatewayRepos?.(repos) ?? repos,
    content,
    authenticator,
    sessions,
    saves,
    social,
    anonymousMode: true,
    adminCode: STACK_ADMIN_CODE,
    logger,
    reconnectGraceMs: options.reconnectGraceMs ?? 60_000,
    ...(options.outbound ? { outbound: options.outbound } : {}),
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
  await app.listen(options.listen);
  const url =
    'path' in options.listen
      ? `ws+unix://${options.listen.path}:/ws`
      : `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  if (options.ticking) host.start();
  return {
    url,
    host,
    saves,
    gateway,
    repos,
    leases,
    enqueued,
    logs,
    tick: () => void host.tick(),
    async until(pred, what, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    holdSocial() {
      let release: () => void = () => undefined;
      held = new Promise<void>((r) => (release = r));
      return () => {
        held = undefined;
        release();
      };
    },
    async close() {
      host.stop();
      await gateway.closeAll(1001, 'test over');
      await social.idle();
      await app.close();
      await saves.flush();
      if (!options.database) await database.close();
    },
  };
}
