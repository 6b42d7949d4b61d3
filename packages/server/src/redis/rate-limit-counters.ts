import type { Redis } from 'ioredis';
import type { CounterTable, WindowCount } from '../transport/http/plugins/rate-limit-store';
import type { Log } from '../app/logger';

/** Counts one request in a fixed window: the window starts with the key's first request. */
const WINDOW_INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** A key's count and the milliseconds left in its window, without counting (0, 0 when none). */
const WINDOW_PEEK = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if current == 0 or ttl < 0 then return {current, 0} end
return {current, ttl}`;

type WithWindowScripts = Redis & {
  windowIncr(key: string, windowMs: number): Promise<[number, number]>;
  windowPeek(key: string): Promise<[number, number]>;
};

/**
 * The REST and sign-in counters shared by every world (REDIS_URL): one Redis key per client and
 * table, a fixed window like the in-memory table's. While Redis cannot answer, this world counts
 * in its own in-memory table (`fallback`; logged once per outage), so an outage neither blocks
 * every request nor lifts the limit.
 */
export class RedisCounterTable implements CounterTable {
  private fallingBack = false;

  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly fallback: CounterTable,
    private readonly logger: Log,
  ) {
    if (!('windowIncr' in redis)) redis.defineCommand('windowIncr', { numberOfKeys: 1, lua: WINDOW_INCR });
    if (!('windowPeek' in redis)) redis.defineCommand('windowPeek', { numberOfKeys: 1, lua: WINDOW_PEEK });
  }

  incr(key: string, timeWindowMs: number): Promise<WindowCount> {
    // Defined above with defineCommand, which ioredis adds to the instance untyped.
    const redis = this.redis as WithWindowScripts;
    return this.shared(
      () => redis.windowIncr(this.redisKey(key), timeWindowMs),
      () => this.fallback.incr(key, timeWindowMs),
    );
  }

  peek(key: string, timeWindowMs: number): Promise<WindowCount> {
    const redis = this.redis as WithWindowScripts;
    return this.shared(
      () => redis.windowPeek(this.redisKey(key)),
      () => this.fallback.peek(key, timeWindowMs),
    );
  }

  private redisKey(key: string): string {
    return `tilerealm:ratelimit:${this.name}:${key}`;
  }

  /** Asks Redis; while it cannot answer, this world's own table (logged once per outage). */
  private async shared(
    ask: () => Promise<[number, number]>,
    alone: () => WindowCount | Promise<WindowCount>,
  ): Promise<WindowCount> {
    try {
      const [current, ttl] = await ask();
      this.fallingBack = false;
      return { current, ttl };
    } catch (err) {
      if (!this.fallingBack)
        this.logger.warn(
          { table: this.name, err: err instanceof Error ? err.message : String(err) },
          'shared rate limit unavailable (Redis): this world counts alone until Redis is back',
        );
      this.fallingBack = true;
      return alone();
    }
  }
}
