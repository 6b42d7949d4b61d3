import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/** How many clients each counter table remembers; the least recently seen are forgotten first. */
export const RATE_LIMIT_CACHE_SIZE = 10_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Window {
  current: number;
  startedAtMs: number;
}

/** Fixed one-window counters per key, bounded to the most recently seen keys. */
class Counters {
  private readonly windows = new Map<string, Window>();

  incr(key: string, timeWindowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.windows.get(key);
    if (window === undefined || window.startedAtMs + timeWindowMs <= now) {
      window = { current: 0, startedAtMs: now };
    }
    window.current += 1;
    // Re-inserting moves the key to the end, so the first key of the map is the least recently seen.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > RATE_LIMIT_CACHE_SIZE) {
      const oldest = this.windows.keys().next();
      if (oldest.done !== true) this.windows.delete(oldest.value);
    }
    return { current: window.current, ttl: window.startedAtMs + timeWindowMs - now };
  }
}

/**
 * Store for @fastify/rate-limit whose routes of one `groupId` share their counters. The plugin's own
 * store gives every route with its own limit a separate table, so `groupId: 'auth'` alone would let
 * an address spend 10 attempts on each authentication endpoint; here all routes of a group count
 * together, as the limit promises. Routes without a group keep a table of their own; the global
 * (REST) limit uses the root table.
 */
export class GroupedRateLimitStore implements FastifyRateLimitStore {
  private readonly groups: Map<string, GroupedRateLimitStore>;

  constructor(
    _options?: unknown,
    groups?: Map<string, GroupedRateLimitStore>,
    private readonly counters = new Counters(),
  ) {
    this.groups = groups ?? new Map();
  }

  incr(key: string, callback: Callback, timeWindowMs = 60_000): void {
    callback(null, this.counters.incr(key, timeWindowMs));
  }

  child(routeOptions: object): GroupedRateLimitStore {
    const groupId = 'groupId' in routeOptions ? routeOptions.groupId : undefined;
    if (typeof groupId !== 'string') return new GroupedRateLimitStore(undefined, this.groups);
    let group = this.groups.get(groupId);
    if (group === undefined) {
      group = new GroupedRateLimitStore(undefined, this.groups);
      this.groups.set(groupId, group);
    }
    return group;
  }
}
