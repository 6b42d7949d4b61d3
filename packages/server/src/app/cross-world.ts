import { CLOSE_CODES } from '@tilerealm/protocol';
import type { KeyedLimiter } from '../redis/keyed-limiter';
import { RedisKeyedLimiter } from '../redis/keyed-limiter';
import { RedisCounterTable } from '../redis/rate-limit-counters';
import type { BusReceiver, SocialBus } from '../social/bus';
import { MemorySocialBus } from '../social/bus-memory';
import { RedisSocialBus } from '../social/bus-redis';
import { PmRateLimiter } from '../social/limits';
import type { SocialService } from '../social/service';
import {
  Counters,
  sharedCounterTables,
  type CounterTables,
} from '../transport/http/plugins/rate-limit-store';
import { ADMIN_ATTEMPTS_PER_MINUTE } from '../transport/ws/admin-gate';
import { AttemptLimiter } from '../transport/ws/attempt-limiter';
import type { Gateway } from '../transport/ws/gateway';
import type { WorldHost } from '../world/world-host';
import { PM_MAX_PER_WINDOW, PM_WINDOW_MS } from '@tilerealm/protocol';
import type { Log } from './logger';

/** How long start-up waits for Redis before the world opens without it (it connects later). */
export const REDIS_STARTUP_WAIT_MS = 3000;

/** The bus and the limits shared by every world; in-process ones (one world) without REDIS_URL. */
export interface CrossWorld {
  bus: SocialBus;
  /**
   * The rate limits' counter tables, one per name: the HTTP limits and the WebSocket's refused
   * tokens (in the authentication limit's table, under keys of their own) count in the same ones,
   * in Redis for every world with REDIS_URL.
   */
  rateLimitCounters: CounterTables;
  /** Shared limits (REDIS_URL); absent: each keeps its in-memory default. */
  shared?: {
    pm: KeyedLimiter;
    newIdentities: KeyedLimiter;
  };
  /** Connects the bus to this world's gateway, social service and host. */
  start(receiver: BusReceiver): Promise<void>;
  close(): Promise<void>;
}

/** Opens the cross-world services for this world: Redis with REDIS_URL, in-process without. */
export function openCrossWorld(
  config: { world: { id: number }; redisUrl: string | undefined },
  logger: Log,
): CrossWorld {
  if (!config.redisUrl) {
    const bus = new MemorySocialBus(config.world.id);
    const rateLimitCounters = sharedCounterTables();
    return { bus, rateLimitCounters, start: (receiver) => bus.start(receiver), close: () => bus.close() };
  }
  const bus = new RedisSocialBus(config.world.id, config.redisUrl, logger);
  const redis = bus.client;
  return {
    bus,
    rateLimitCounters: sharedCounterTables(
      (name) => new RedisCounterTable(redis, name, new Counters(), logger),
    ),
    shared: {
      pm: new RedisKeyedLimiter(redis, {
        name: 'pm',
        max: PM_MAX_PER_WINDOW,
        windowMs: PM_WINDOW_MS,
        fallback: new PmRateLimiter(),
        logger,
      }),
      newIdentities: new RedisKeyedLimiter(redis, {
        name: 'new-identity',
        max: ADMIN_ATTEMPTS_PER_MINUTE,
        windowMs: 60_000,
        fallback: new AttemptLimiter(ADMIN_ATTEMPTS_PER_MINUTE, 60_000),
        logger,
      }),
    },
    async start(receiver) {
      await bus.start(receiver);
      if (await bus.waitUntilAvailable(REDIS_STARTUP_WAIT_MS))
        logger.info({}, 'cross-world bus connected (Redis)');
      else logger.warn({}, 'Redis not reachable yet: the world opens, cross-world features wait for it');
    },
    close: () => bus.close(),
  };
}

/** What this world does with bus traffic for it: the gateway's sessions, the social service, the world. */
export function busReceiver(parts: {
  social: Pick<SocialService, 'deliverLocal' | 'refreshLocal'>;
  gateway: Pick<Gateway, 'isOnline' | 'disconnect' | 'logoutForTakeover'>;
  host: Pick<WorldHost, 'enqueue'>;
}): BusReceiver {
  const { social, gateway, host } = parts;
  return {
    deliver: (id, events, connectedOnly) => social.deliverLocal(id, events, connectedOnly),
    refresh: (id) => void social.refreshLocal(id),
    // A command, so it is in the input log and a replay hears it too.
    broadcast: (message) => host.enqueue({ type: 'broadcast', message }),
    kick(id) {
      if (!gateway.isOnline(id)) return false;
      gateway.disconnect(id, CLOSE_CODES.kicked, 'kicked by an administrator');
      return true;
    },
    // The logout saves the character; its lease is released with that save.
    logoutForTakeover: (id) => Promise.resolve(gateway.logoutForTakeover(id)),
  };
}
