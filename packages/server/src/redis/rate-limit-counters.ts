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

type WithWindowIncr = Redis & { windowIncr(key: string, windowMs: number): Promise<[number, number]> };

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
  }

  async incr(key: string, timeWindowMs: number): Promise<WindowCount> {
    try {
      // Defined above with defineCommand, which ioredis adds to the instance untyped.
      const [current, ttl] = await (this.redis as WithWindowIncr).windowIncr(
        `tilerealm:ratelimit:${this.name}:${key}`,
        timeWindowMs,
      );
      this.fallingBack = false;
      return { current, ttl };
    } catch (err) {
      if (!this.fallingBack)
        this.logger.warn(
          { table: this.name, err: err instanceof Error ? err.message : String(err) },
          'shared rate limit unavailable (Redis): this world counts alone until Redis is back',
        );
      this.fallingBack = true;
      return this.fallback.incr(key, timeWindowMs);
    }
  }
}
