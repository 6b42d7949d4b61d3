import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/** How many clients each counter table remembers; the least recently seen are forgotten first. */
export const RATE_LIMIT_CACHE_SIZE = 10_000;

type Callback = (error: Error | null, result?: WindowCount) => void;

/** A key's count in its current window, and the milliseconds left until the window ends. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** One table of fixed-window counters (in memory, or in Redis with REDIS_URL). */
export interface CounterTable {
  /** Counts one for `key`; its window starts with its first count. */
  incr(key: string, timeWindowMs: number): WindowCount | Promise<WindowCount>;
  /** The key's count in its current window, without counting (0 and a ttl of 0 when none). */
  peek(key: string, timeWindowMs: number): WindowCount | Promise<WindowCount>;
}

/** Gives the counter table of a name: `global`, `group:<groupId>` or `route:<method> <url>`. */
export type CounterTables = (name: string) => CounterTable;

/** The table a rate-limit group's routes count in (`group:auth` for the authentication limit). */
export const groupTableName = (groupId: string): string => `group:${groupId}`;

/**
 * Counter tables made by `make`, one per name for the process: whoever asks for a name (the HTTP
 * limits, the WebSocket logins) counts in the same table, in memory as in Redis.
 */
export function sharedCounterTables(
  make: (name: string) => CounterTable = () => new Counters(),
): CounterTables {
  const tables = new Map<string, CounterTable>();
  return (name) => {
    let table = tables.get(name);
    if (table === undefined) {
      table = make(name);
      tables.set(name, table);
    }
    return table;
  };
}

interface Window {
  current: number;
  startedAtMs: number;
}

/** Fixed one-window counters per key, bounded to the most recently seen keys. */
export class Counters implements CounterTable {
  private readonly windows = new Map<string, Window>();

  incr(key: string, timeWindowMs: number): WindowCount {
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

  peek(key: string, timeWindowMs: number): WindowCount {
    const now = Date.now();
    const window = this.windows.get(key);
    if (window === undefined || window.startedAtMs + timeWindowMs <= now) return { current: 0, ttl: 0 };
    return { current: window.current, ttl: window.startedAtMs + timeWindowMs - now };
  }
}

/**
 * Store for @fastify/rate-limit whose routes of one `groupId` share their counters. The plugin's own
 * store gives every route with its own limit a separate table, so `groupId: 'auth'` alone would let
 * an address spend 10 attempts on each authentication endpoint; here all routes of a group count
 * together, as the limit promises. Routes without a group keep a table of their own; the global
 * (REST) limit uses the root table. The tables are in memory, or shared by every world in Redis
 * ({@link groupedRateLimitStore} with Redis tables).
 */
export class GroupedRateLimitStore implements FastifyRateLimitStore {
  private readonly groups: Map<string, GroupedRateLimitStore>;
  private readonly counters: CounterTable;

  constructor(
    _options?: unknown,
    private readonly tables: CounterTables = () => new Counters(),
    groups?: Map<string, GroupedRateLimitStore>,
    counters?: CounterTable,
  ) {
    this.groups = groups ?? new Map();
    this.counters = counters ?? tables('global');
  }

  incr(key: string, callback: Callback, timeWindowMs = 60_000): void {
    const counted = this.counters.incr(key, timeWindowMs);
    if (!(counted instanceof Promise)) return callback(null, counted);
    counted.then(
      (c) => callback(null, c),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  child(routeOptions: object): GroupedRateLimitStore {
    const groupId = 'groupId' in routeOptions ? routeOptions.groupId : undefined;
    if (typeof groupId !== 'string') {
      const table = this.tables(`route:${routeName(routeOptions)}`);
      return new GroupedRateLimitStore(undefined, this.tables, this.groups, table);
    }
    let group = this.groups.get(groupId);
    if (group === undefined) {
      group = new GroupedRateLimitStore(
        undefined,
        this.tables,
        this.groups,
        this.tables(groupTableName(groupId)),
      );
      this.groups.set(groupId, group);
    }
    return group;
  }
}

/** The store class @fastify/rate-limit instantiates, on the given counter tables. */
export function groupedRateLimitStore(
  tables: CounterTables,
): new (options?: unknown) => GroupedRateLimitStore {
  return class extends GroupedRateLimitStore {
    constructor(options?: unknown) {
      super(options, tables);
    }
  };
}

/** `<method> <url>` of the route a child store is for (the plugin passes it as `routeInfo`). */
function routeName(routeOptions: object): string {
  const info = 'routeInfo' in routeOptions ? routeOptions.routeInfo : undefined;
  if (typeof info !== 'object' || info === null) return 'unnamed';
  const method = 'method' in info ? String(info.method) : '';
  const url = 'url' in info ? String(info.url) : '';
  return `${method} ${url}`;
}
