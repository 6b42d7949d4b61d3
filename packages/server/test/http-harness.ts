import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../src/transport/http/deps';
import { buildServer } from '../src/app/build-server';
import type { Log } from '../src/app/logger';
import { loadConfig, type Config } from '../src/app/config';
import { accountStore } from '../src/app/account-store';
import { itemRowsFromContent } from '../src/app/item-rows';
import { BUNDLED_MANIFESTS_DIR } from '../src/app/paths';
import { noWorld, type WorldView } from '../src/app/world-view';
import { Authenticator } from '../src/auth/authenticator';
import { IdentityProviderVerifier } from '../src/auth/identity-provider';
import { SessionTokens } from '../src/auth/session-tokens';
import { loadContent, type Content } from '../src/content/load';
import { createRepositories, type Repositories } from '../src/storage';
import { EXCHANGED_TOKEN_TTL_SECONDS } from '../src/transport/http/routes/auth';
import type { Database } from '../src/storage/types';
import { createTestDatabase } from './db-helpers';

export const TEST_JWT_SECRET = 'test-secret-for-signing-tokens-0123456789';

let contentPromise: Promise<Content> | undefined;
/** The bundled default world, loaded once per test file. */
export function bundledContent(): Promise<Content> {
  contentPromise ??= loadContent(BUNDLED_MANIFESTS_DIR);
  return contentPromise;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  repos: Repositories;
  database: Database;
  sessions: SessionTokens;
  content: Content;
  close(): Promise<void>;
}

/**
 * A fully wired HTTP app on a fresh test database (PostgreSQL when the run has DATABASE_URL,
 * otherwise a PGlite clone) with the bundled content. Driven with `app.inject()`.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    world?: WorldView;
    publicDir?: string;
    manifestsDir?: string;
    saves?: HttpDeps['saves'];
    /** Rate limit counters (Redis tables, to share limits between apps). */
    rateLimitCounters?: HttpDeps['rateLimitCounters'];
    /** Another app whose database and token keys this one shares (a second world); it closes them. */
    share?: TestApp;
    /** Starting, ready or draining (readiness); ready when absent. */
    lifecycle?: HttpDeps['lifecycle'];
    /** Replaces the database's ping and ownership as the probes see them (outages, lost ownership). */
    probe?: Partial<Pick<HttpDeps['database'], 'ping' | 'ownership'>>;
    /** How often event-loop pressure is measured (1 s by default). */
    pressureSampleIntervalMs?: number;
    /** The app's logger (default none: nothing is logged). */
    logger?: Log;
  } = {},
): Promise<TestApp> {
  const { config } = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const database =
    opts.share?.database ?? (await createTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite'));
  const repos = createRepositories(database, { worldId: config.world.id });
  const content = await bundledContent();
  if (!opts.share) await repos.items.syncDefinitions(itemRowsFromContent(content));
  // The lifetimes start-server gives them, so tests see the configured ANONYMOUS_TOKEN_TTL_SECONDS.
  const sessions =
    opts.share?.sessions ??
    new SessionTokens(config.jwtSecret ?? TEST_JWT_SECRET, {
      anonymous: config.anonymousTokenTtlSeconds,
      account: EXCHANGED_TOKEN_TTL_SECONDS,
    });
  const idp = config.idp ? new IdentityProviderVerifier(config.idp) : undefined;
  const app = await buildServer(
    {
      config,
      version: '0.0.0-test',
      startedAt: new Date(),
      authenticator: new Authenticator(sessions, idp, accountStore(repos)),
      sessions,
      repos,
      database: { kind: database.kind, ping: () => database.ping(), ...opts.probe },
      content,
      world: opts.world ?? noWorld,
      manifestsDir: opts.manifestsDir ?? BUNDLED_MANIFESTS_DIR,
      publicDir: opts.publicDir,
      ...(opts.saves ? { saves: opts.saves } : {}),
      ...(opts.rateLimitCounters ? { rateLimitCounters: opts.rateLimitCounters } : {}),
      ...(opts.lifecycle ? { lifecycle: opts.lifecycle } : {}),
    },
    {
      ...(opts.logger ? { logger: opts.logger } : {}),
      ...(opts.pressureSampleIntervalMs ? { pressureSampleIntervalMs: opts.pressureSampleIntervalMs } : {}),
    },
  );
  await app.ready();
  return {
    app,
    config,
    repos,
    database,
    sessions,
    content,
    close: async () => {
      await app.close();
      if (!opts.share) await database.close();
    },
  };
}

/** Creates an anonymous identity and returns its bearer header. */
export async function anonymous(
  app: FastifyInstance,
): Promise<{ accountId: string; token: string; headers: { authorization: string } }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/anonymous' });
  if (res.statusCode !== 201) throw new Error(`anonymous sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ token: string; accountId: string }>();
  return { accountId: body.accountId, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}

/** Creates an account with a player named `name`; returns its auth and character id. */
export async function playerWith(app: FastifyInstance, name: string) {
  const who = await anonymous(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/player',
    headers: who.headers,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`player creation failed: ${res.statusCode} ${res.body}`);
  return { ...who, characterId: res.json<{ player: { id: string } }>().player.id };
}
