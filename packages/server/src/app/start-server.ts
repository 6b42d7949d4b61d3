import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { Authenticator } from '../auth/authenticator';
import { IdentityProviderVerifier } from '../auth/identity-provider';
import { SessionTokens } from '../auth/session-tokens';
import { openDatabase } from '../storage/database';
import { startLocalPostgres } from '../storage/local-postgres';
import {
  acquireWorldOwnership,
  stillOwner,
  createRepositories,
  embeddedWorldOwnership,
  type Repositories,
  type WorldOwnership,
} from '../storage';
import { buildServer } from './build-server';
import { loadConfig, type Config } from './config';
import { itemRowsFromContent } from './item-rows';
import { prepareContent } from './manifests';
import { DEFAULT_PUBLIC_DIR, worldPaths } from './paths';
import { resolveJwtSecret } from './secrets';
import { VERSION } from './version';
import { randomInt, randomUUID } from 'node:crypto';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { AUTH_COUNTER_TABLE } from '../transport/http/plugins/rate-limit';
import { Gateway } from '../transport/ws/gateway';
import { SocialService } from '../social/service';
import { crossWorldAdmin } from '../social/admin-relay';
import { busReceiver, openCrossWorld } from './cross-world';
import { AgentService } from '../agents/service';
import { worldAgentLink } from '../agents/world-link';
import { InputRecorder } from '../world/input-recorder';
import { LeaseKeeper } from '../world/lease-keeper';
import { SaveQueue } from '../world/save-queue';
import { WorldHost } from '../world/world-host';
import { heartbeatInterval, WorldRegistry } from '../world/world-registry';
import { accountStore } from './account-store';
import { EXCHANGED_TOKEN_TTL_SECONDS } from '../transport/http/routes/auth';
import { createLogger, type Log } from './logger';
import { Lifecycle, type LifecyclePhase } from './lifecycle';
import { ShutdownBudget, beginHttpClose, type ShutdownReport } from './shutdown';
import { failpointTrigger, restoreFeatureRecords, settlesWithin, withTimeout } from './start-steps';
import { ServerMetrics, startMetricsListener } from '../metrics';

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  url: string;
  logger: Log;
  repos: Repositories;
  host: WorldHost;
  /** This process's ownership of the world in its database: saves are written only while it is held. */
  ownership: WorldOwnership;
  /** The id naming this process in the database (world list, world ownership, character leases). */
  instance: string;
  /** This world's row in the world list. */
  registry: WorldRegistry;
  /** The WebSocket gateway: sessions, and the per-address limits of `/ws`. */
  gateway: Gateway;
  /** Starting, ready or draining: what `GET /ready` reports. */
  phase(): LifecyclePhase;
  /** Graceful shutdown within `config.shutdownTimeoutMs` (see docs/architecture.md). Idempotent. */
  close(): Promise<ShutdownReport>;
}

/** The reason every session and refused login is given when the server shuts down (close 1001). */
export const SHUTTING_DOWN = 'server shutting down';

/** A resource's release, run by `close()` in reverse order within the shutdown's budget. */
type Cleanup = (budget: ShutdownBudget) => Promise<void> | void;

/** Names a cleanup for the shutdown's log. */
function step(name: string, fn: Cleanup): Cleanup {
  return Object.defineProperty(fn, 'name', { value: name });
}

/**
 * The composition root: configuration, content, storage, auth and HTTP, wired in that order. Every
 * resource opened is closed by `close()`, in reverse order, each step bounded so that the whole
 * finishes within SHUTDOWN_TIMEOUT_MS whatever the database, the clients or the log output do.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  options: {
    publicDir?: string;
    logger?: Log;
    /** Where the server's own logger writes (standard output when absent); ignored with `logger`. */
    logDestination?: DestinationStream;
    /**
     * Called when the server asks to be stopped (an administrator's system update reached zero):
     * the process entry point shuts down and exits, so its supervisor starts the new version. Without
     * it the server closes itself; `close()` then returns that shutdown's report.
     */
    onShutdownRequested?: (reason: string) => void;
    /** Called once HTTP listens, before the world ticks (readiness still says `starting`). */
    onListening?: (url: string) => Promise<void> | void;
    /** Called after each step of the drain, which waits for it (tests observe the drain with it). */
    onDrainStep?: (step: string) => Promise<void> | void;
  } = {},
): Promise<RunningServer> {
  const { config, warnings } = loadConfig(env);
  const logger =
    options.logger ??
    createLogger({
      level: config.logLevel,
      ...(options.logDestination ? { destination: options.logDestination } : {}),
    });
  for (const w of warnings) logger.warn(w);
  const paths = worldPaths(config.worldDir);
  await mkdir(paths.root, { recursive: true });
  const cleanups: Cleanup[] = [];
  const lifecycle = new Lifecycle();
  let unsaved = 0;
  let closing: Promise<ShutdownReport> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const budget = new ShutdownBudget(config.shutdownTimeoutMs, logger);
      for (const fn of cleanups.reverse()) await budget.run(fn.name || 'cleanup', () => fn(budget));
      const report = budget.report(unsaved);
      logger.info(report, 'shutdown finished');
      return report;
    })());
  const requestShutdown = (reason: string) => {
    logger.info({ reason }, 'shutdown requested');
    if (options.onShutdownRequested) options.onShutdownRequested(reason);
    else void close();
  };

  try {
    const { content, dir: manifestsDir } = await prepareContent(config, paths.manifests, (msg, extra) =>
      logger.info(extra ?? {}, msg),
    );

    let databaseUrl = config.databaseUrl;
    if (config.useLocalPostgres) {
      const local = await startLocalPostgres({ dataDir: paths.localPostgres, logger });
      cleanups.push(step('stop local postgres', () => local.stop()));
      databaseUrl = local.url;
    }
    const database = await openDatabase({
      url: databaseUrl,
      dataDir: paths.database,
      logger,
      timeouts: config.databaseTimeouts,
    });
    cleanups.push(step('close database', () => database.close()));
    logger.info({ kind: database.kind }, 'database ready');
    // One server process per world (docs/decisions/0013, 0015): taken before anything is written.
    const worldId = config.world.id;
    const ownership = databaseUrl
      ? await acquireWorldOwnership({ url: databaseUrl, worldId, logger, timeouts: config.databaseTimeouts })
      : embeddedWorldOwnership();
    cleanups.push(() => ownership.release());
    // This process owns the world number now: what its previous run left open is closed and released.
    const instance = ownership.instance ?? randomUUID();
    // World-scoped rows (chunks, stock, ground, death locks, sessions) are this world's only.
    const repos = createRepositories(database, { worldId });
    const orphaned = await repos.sessions.closeAllOpen('server_restart');
    if (orphaned > 0) logger.warn({ sessions: orphaned }, 'closed sessions left open by an unclean stop');
    const staleLeases = await repos.leases.releaseLeftBy(config.world.id, instance);
    if (staleLeases > 0)
      logger.warn({ leases: staleLeases }, 'released character leases left by an unclean stop');
    const itemSync = await repos.items.syncDefinitions(itemRowsFromContent(content));
    logger.info(itemSync, 'items table in step with the item manifests');

    const sessions = new SessionTokens(await resolveJwtSecret(config), {
      anonymous: config.anonymousTokenTtlSeconds,
      account: EXCHANGED_TOKEN_TTL_SECONDS,
    });
    const idp = config.idp ? new IdentityProviderVerifier(config.idp) : undefined;
    const authenticator = new Authenticator(sessions, idp, accountStore(repos));

    const seed = config.worldSeed ?? randomInt(0, 2 ** 32);
    // Names this start: saved ids (death locks, trades) carry it, as the tick counter restarts at 0.
    const runId = randomInt(0, 36 ** 8)
      .toString(36)
      .padStart(8, '0');
    const saves = new SaveQueue(repos, logger, {
      failpoint: failpointTrigger(config.failpoints, logger),
      tickMs: config.tickMs,
      runId,
      // Saves are written only while this process owns the world, checked again in each transaction.
      writable: () => ownership.held(),
      fence: (tx) => stillOwner(ownership, tx),
      // Each character save also checks this world holds the character's lease; final saves end it.
      leases: { instance },
    });
    const recorder = config.inputLogPath ? new InputRecorder(config.inputLogPath) : undefined;
    // Presence, private messages, broadcasts and kicks across worlds, and the shared limits.
    const crossWorld = openCrossWorld(config, logger);
    cleanups.push(step('close social bus', () => crossWorld.close()));
    const host = new WorldHost({
      content,
      seed,
      runId,
      tickMs: config.tickMs,
      settings: {
        autosaveTicks: Math.max(1, Math.round((config.saveIntervalSeconds * 1000) / config.tickMs)),
        viewCrowd: config.world.viewCrowd,
      },
      viewThreadFrom: config.world.viewThreadFrom,
      saves,
      logger,
      npcKills: repos.npcKills,
      crossWorld: crossWorldAdmin(repos, crossWorld.bus),
      ...(recorder ? { recorder } : {}),
      onSystemUpdate: () => requestShutdown('system update'),
    });
    // Items still in a death's custody when this world's last run ended come back as gravestones.
    const deathLocks = await repos.deaths.listActive();
    host.restoreDeaths(deathLocks);
    logger.info({ deathLocks: deathLocks.length }, 'restored active death locks');
    await restoreFeatureRecords(host, repos, content, logger);
    const shared = crossWorld.shared;
    const social = new SocialService({
      repos,
      world: host,
      logger,
      bus: crossWorld.bus,
      ...(shared ? { pmLimiter: shared.pm } : {}),
    });
    const agents = new AgentService({ repos, content, logger });
    const leases = new LeaseKeeper({
      leases: repos.leases,
      worldId: config.world.id,
      instance,
      ttlMs: config.world.leaseTtlMs,
      logger,
    });
    const gateway = new Gateway({
      social,
      agents,
      host,
      world: { id: config.world.id, capacity: config.world.capacity },
      leases,
      repos,
      content,
      authenticator,
      sessions,
      saves,
      anonymousMode: !config.idp,
      adminCode: config.adminCode,
      logger,
      reconnectGraceMs: config.reconnectGraceMs,
      rateLimitEnabled: config.rateLimitEnabled,
      connectionsPerAddress: config.wsConnectionsPerAddress,
      agentRuntimeSecret: config.agentRuntimeSecret, // the runtime's sockets are exempt from the cap
      // Refused tokens count in the authentication limit's table, under a key apart from the sign-ins'.
      authAttempts: crossWorld.rateLimitCounters(AUTH_COUNTER_TABLE),
      ...(shared ? { newIdentities: shared.newIdentities } : {}),
      // A login with takeover=1 of a character another world holds asks that world over the bus.
      crossWorld: crossWorld.bus,
    });
    await crossWorld.start(busReceiver({ social, gateway, host }));
    agents.attach(worldAgentLink(host, gateway));
    const registration = {
      name: config.world.name,
      address: config.publicWsUrl,
      capacity: config.world.capacity,
      activity: config.world.activity,
      instance,
    };
    const registry = new WorldRegistry({
      repo: repos.worlds,
      world: registration,
      population: () => host.playersOnline(),
      intervalMs: heartbeatInterval(config.world.leaseTtlMs),
      logger,
    });
    // Runs after the drain below: a clean stop leaves the world listed offline.
    cleanups.push(step('world list: offline', () => registry.stop()));
    // Another process took the world for good: nothing played here can be saved any more, so the
    // players are sent away (to log in where the world now lives) and no one else is let in.
    ownership.onChange((state) => {
      if (state !== 'lost') return;
      logger.error({}, 'this process lost the world to another: closing every session');
      void gateway.closeAll(
        CLOSE_CODES.serviceUnavailable,
        'this server no longer owns the world: log in again',
      );
    });

    const build = { version: VERSION, commit: config.commitHash };
    const metrics = new ServerMetrics({ world: host, gateway, saves, database, build });
    const app = await buildServer(
      {
        metrics,
        config,
        lifecycle,
        version: VERSION,
        startedAt: new Date(),
        authenticator,
        sessions,
        repos,
        database: {
          kind: database.kind,
          ping: (ms) => withTimeout(database.ping(), ms, false),
          ownership: () => ownership.state(),
        },
        content,
        world: host,
        gateway,
        social,
        rateLimitCounters: crossWorld.rateLimitCounters,
        crossWorld: { kind: config.redisUrl ? 'redis' : 'in-process', bus: crossWorld.bus },
        saves,
        agents,
        manifestsDir,
        publicDir: options.publicDir ?? DEFAULT_PUBLIC_DIR,
      },
      { logger },
    );
    if (config.metrics.listener) {
      const listener = await startMetricsListener(metrics, config.metrics.listener, logger);
      cleanups.push(step('close metrics listener', () => listener.close()));
      logger.info({ address: listener.url }, 'metrics listening');
    }
    // Shutdown, in order (docs/operations.md): not ready; no new login; every session told
    // (session:closing) and closed; the world stopped with every player handed to the save queue;
    // the saves flushed; HTTP closed; then (the cleanups before this one) the database. All of it
    // within the budget, with a share left for the database.
    cleanups.push(
      step('drain', async (shutdown) => {
        // The budget's steps, each followed by the drain's observer.
        const budget = {
          share: (f: number) => shutdown.share(f),
          remaining: () => shutdown.remaining(),
          run: async (...args: Parameters<ShutdownBudget['run']>) => {
            const outcome = await shutdown.run(...args);
            await options.onDrainStep?.(args[0]);
            return outcome;
          },
        };
        await budget.run('not ready', () => lifecycle.drain());
        // The world list's status is advisory: its write is not a step of its own (the offline
        // step below waits for it), so a slow database cannot make the shutdown unclean for it.
        void registry.drain();
        await budget.run('refuse logins', () => gateway.refuseLogins(SHUTTING_DOWN));
        // Each connection gets session:closing, then its close (1001); the rows are written below.
        let sessionRows: Promise<void> = Promise.resolve();
        await budget.run('close sessions', () => {
          sessionRows = gateway.closeAll(CLOSE_CODES.goingAway, SHUTTING_DOWN);
        });
        await budget.run('stop the world', () => host.stop());
        await budget.run('close session rows', () => sessionRows, { capMs: budget.share(0.1) });
        await budget.run('social and agent queues', () => Promise.all([social.idle(), agents.idle()]), {
          capMs: budget.share(0.1),
        });
        await budget.run('flush saves', async () => {
          const left = await saves.flushWithin(Math.max(0, budget.remaining() - budget.share(0.3)));
          unsaved = left.characters.length + left.records.length;
          if (unsaved > 0)
            logger.error(
              { unsavedCharacters: left.characters, unsavedRecords: left.records, unsaved },
              'saves not written at shutdown: the next start does not have them',
            );
        });
        // Only now: the final saves ended the leases of everyone they wrote; the rest expire after the TTL.
        await budget.run('stop lease renewal', () => leases.stop(), { capMs: budget.share(0.05) });
        // HTTP served until here (a login tried meanwhile is refused with 1001; /ready says draining).
        const http = beginHttpClose(app);
        await budget.run(
          'close http',
          async () => {
            const grace = budget.share(0.1);
            if (!(await settlesWithin(http.closed, grace))) {
              logger.warn({ graceMs: grace }, 'cutting the connections still open after the grace');
              http.force();
            }
            await http.closed;
          },
          { capMs: budget.share(0.15) },
        );
        await budget.run('close input log', () => recorder?.close(), { capMs: budget.share(0.05) });
      }),
    );
    const address = await app.listen({ port: config.port, host: config.host });
    // Without PUBLIC_WS_URL the world list names the port really listened on (PORT=0 picks one).
    if (!env['PUBLIC_WS_URL']?.trim()) registration.address = `ws://localhost:${new URL(address).port}/ws`;
    await options.onListening?.(address);
    host.start();
    leases.start();
    await registry.start();
    // Readiness: 503 `starting` from the first request until here.
    lifecycle.ready();
    logger.info(
      { seed, runId, tickMs: config.tickMs, worldId, name: config.world.name, instance },
      'world ticking',
    );
    logger.info({ address, authMode: config.idp ? 'identity-provider' : 'anonymous' }, 'server listening');
    const parts = { app, config, url: address, logger, repos, host, ownership, instance, registry, gateway };
    return { ...parts, phase: () => lifecycle.phase(), close };
  } catch (err) {
    await close();
    throw err;
  }
}

export { loadConfig };
