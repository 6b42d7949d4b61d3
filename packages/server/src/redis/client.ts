import { Redis } from 'ioredis';
import type { Log } from '../app/logger';

/** How long one Redis command may take before it fails (a world never waits longer on Redis). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Longest pause between reconnection attempts while Redis is away. */
export const REDIS_MAX_RETRY_DELAY_MS = 2000;

/**
 * An ioredis connection for the bus and the shared limits, made to never hold a world up: a
 * command fails at once while disconnected (no offline queue) and within
 * {@link REDIS_COMMAND_TIMEOUT_MS} otherwise; the connection retries forever in the background.
 * Errors are logged once per outage (ioredis would otherwise raise an unhandled 'error' event, and
 * a retry every two seconds would flood the log), and the return is logged too.
 */
export function createRedis(url: string, logger: Log, name: string): Redis {
  const redis = new Redis(url, {
    connectionName: `tilerealm-${name}`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS * 2,
    retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_MAX_RETRY_DELAY_MS),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return; // already reported for this outage
    down = true;
    logger.warn(
      { err: err.message, connection: name },
      'Redis unreachable: cross-world features unavailable',
    );
  });
  redis.on('ready', () => {
    if (down) logger.info({ connection: name }, 'Redis reachable again');
    down = false;
  });
  return redis;
}

/** Closes a connection without waiting on a Redis that does not answer. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  } catch {
    // quit failed half-way (Redis went away meanwhile): drop the socket instead.
    redis.disconnect();
  }
}
