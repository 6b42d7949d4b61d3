import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Log } from '../app/logger';

/**
 * A limit counted per key (an address, a character): `take` counts one attempt and says whether
 * it was within the limit. The in-process limiters (AttemptLimiter, PmRateLimiter) answer at once.
 */
export interface KeyedLimiter {
  take(key: string): boolean | Promise<boolean>;
}

/**
 * A limit shared by every world (REDIS_URL): all count in the same Redis key, a fixed window of
 * `windowMs` (rate-limiter-flexible's RateLimiterRedis), so N worlds do not multiply the limit.
 *
 * When Redis cannot answer, the limit falls back to this process's own in-memory limiter
 * (`fallback`; logged once per outage): a Redis outage neither locks everyone out (failing
 * closed) nor lifts the limit (failing open); each world enforces it alone until Redis returns.
 */
export class RedisKeyedLimiter implements KeyedLimiter {
  private readonly shared: RateLimiterRedis;
  private fallingBack = false;

  constructor(
    redis: Redis,
    private readonly opts: {
      name: string;
      max: number;
      windowMs: number;
      fallback: { take(key: string): boolean };
      logger: Log;
    },
  ) {
    this.shared = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `tilerealm:limit:${opts.name}`,
      points: opts.max,
      duration: Math.max(1, Math.ceil(opts.windowMs / 1000)),
      rejectIfRedisNotReady: true,
    });
  }

  async take(key: string): Promise<boolean> {
    try {
      await this.shared.consume(key);
      this.fallingBack = false;
      return true;
    } catch (err) {
      // Over the limit: rate-limiter-flexible rejects with the counter's state, not an Error.
      if (err instanceof RateLimiterRes) {
        this.fallingBack = false;
        return false;
      }
      if (!this.fallingBack)
        this.opts.logger.warn(
          { limit: this.opts.name, err: err instanceof Error ? err.message : String(err) },
          'shared limit unavailable (Redis): this world counts it alone until Redis is back',
        );
      this.fallingBack = true;
      return this.opts.fallback.take(key);
    }
  }
}
