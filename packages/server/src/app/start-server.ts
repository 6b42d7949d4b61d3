import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { Authenticator } from '../auth/authenticator';
import { IdentityProviderVerifier } from '../auth/identity-provider';
import { SessionTokens } from '../auth/session-tokens';
import { openDatabase } from '../storage/database';
import { startLocalPostgres } from '../storage/local-postgres';
import { createRepositories } from '../storage';
import { buildServer } from './build-server';
import { loadConfig, type Config } from './config';
import { itemRowsFromContent } from './item-rows';
import { prepareContent } from './manifests';
import { DEFAULT_PUBLIC_DIR, worldPaths } from './paths';
import { resolveJwtSecret } from './secrets';
import { VERSION } from './version';
import { noWorld } from './world-view';
import { accountStore } from './account-store';
import { EXCHANGED_TOKEN_TTL_SECONDS } from '../transport/http/routes/auth';

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  url: string;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * The composition root: configuration, content, storage, auth and HTTP, wired in that order. Every
 * resource opened is closed by `close()`, in reverse order.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  options: { publicDir?: string; logger?: Logger } = {},
): Promise<RunningServer> {
  const { config, warnings } = loadConfig(env);
  const logger = options.logger ?? pino({ level: config.logLevel, base: { service: 'tilerealm-server' } });
  for (const w of warnings) logger.warn(w);
  const paths = worldPaths(config.worldDir);
  await mkdir(paths.root, { recursive: true });
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        logger.error({ err }, 'error during shutdown');
      }
    }
  };

  try {
    const { content, dir: manifestsDir } = await prepareContent(config, paths.manifests, (msg, extra) =>
      logger.info(extra ?? {}, msg),
    );

    let databaseUrl = config.databaseUrl;
    if (config.useLocalPostgres) {
      const local = await startLocalPostgres({ dataDir: paths.localPostgres, logger });
      cleanups.push(() => local.stop());
      databaseUrl = local.url;
    }
    const database = await openDatabase({ url: databaseUrl, dataDir: paths.database, logger });
    cleanups.push(() => database.close());
    logger.info({ kind: database.kind }, 'database ready');
    const repos = createRepositories(database);
    const orphaned = await repos.sessions.closeAllOpen('server_restart');
    if (orphaned > 0) logger.warn({ sessions: orphaned }, 'closed sessions left open by an unclean stop');
    const itemSync = await repos.items.syncDefinitions(itemRowsFromContent(content));
    logger.info(itemSync, 'items table in step with the item manifests');

    const sessions = new SessionTokens(await resolveJwtSecret(config), EXCHANGED_TOKEN_TTL_SECONDS);
    const idp = config.idp ? new IdentityProviderVerifier(config.idp) : undefined;
    const authenticator = new Authenticator(sessions, idp, accountStore(repos));

    const app = await buildServer(
      {
        config,
        version: VERSION,
        startedAt: new Date(),
        authenticator,
        sessions,
        repos,
        database: { kind: database.kind, ping: (ms) => withTimeout(database.ping(), ms, false) },
        content,
        world: noWorld,
        manifestsDir,
        publicDir: options.publicDir ?? DEFAULT_PUBLIC_DIR,
      },
      { logger },
    );
    cleanups.push(() => app.close());
    const address = await app.listen({ port: config.port, host: config.host });
    logger.info({ address, authMode: config.idp ? 'identity-provider' : 'anonymous' }, 'server listening');
    return { app, config, url: address, logger, close };
  } catch (err) {
    await close();
    throw err;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

export { loadConfig };
