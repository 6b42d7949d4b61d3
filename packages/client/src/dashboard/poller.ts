/**
 * Polling and retrying for the agent dashboard (pure: no DOM, timers injectable).
 *
 * The spec: "Dashboard clients poll at intervals of 5 to 10 seconds and retry failed calls with
 * exponential backoff of 1 s, 2 s, 4 s." A failed call is retried after 1 s, then 2 s, then 4 s;
 * when the third retry fails too the failure is reported and the next regular poll waits for the
 * interval. Answers that retrying cannot change (4xx other than 429) are final at once.
 */

/** The backoff between retries of one failed call. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];
export const DEFAULT_INTERVAL_MS = 7000;
export const MIN_INTERVAL_MS = 5000;
export const MAX_INTERVAL_MS = 10_000;

/** The timer functions the poller uses (the browser's by default; fakes in tests). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

/** A configured interval clamped into the spec's 5 to 10 seconds (the default when unusable). */
export function clampInterval(ms: number | undefined): number {
  if (ms === undefined || !Number.isFinite(ms)) return DEFAULT_INTERVAL_MS;
  return Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, Math.round(ms)));
}

/** The HTTP status of an error, when it carries one (the SDK's ApiError: 0 for a network failure). */
export function errorStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('status' in err)) return undefined;
  return typeof err.status === 'number' ? err.status : undefined;
}

/**
 * Whether another attempt could succeed: network failures (status 0 or no status at all), 429 and
 * 5xx are transient; every other 4xx (400, 401, 403, 404, 409, ...) is the server's final answer.
 */
export function isRetryable(err: unknown): boolean {
  const status = errorStatus(err);
  if (status === undefined || status === 0) return true;
  if (status === 429) return true;
  return status >= 500;
}

/** Waits `ms` with the browser's setTimeout. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => globalThis.setTimeout(resolve, ms));
}

/**
 * Runs `fn`; when it fails with a retryable error it is tried again after each delay in turn
 * (1 s, 2 s, 4 s: four attempts in all). The last error, or the first final one, is thrown.
 * `onRetry` hears of each retry before its wait.
 */
export async function withRetry<T>(
  fn: () => Promise<T>,
  delaysMs: readonly number[] = RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = sleep,
  options: {
    shouldRetry?: (err: unknown) => boolean;
    onRetry?: (attempt: number, delayMs: number, err: unknown) => void;
  } = {},
): Promise<T> {
  const shouldRetry = options.shouldRetry ?? isRetryable;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !shouldRetry(err)) throw err;
      options.onRetry?.(attempt + 1, delay, err);
      await wait(delay);
    }
  }
}

/** What the poller tells its owner after each attempt. */
export type PollStatus =
  | { kind: 'ok'; at: number; nextInMs: number }
  | { kind: 'retrying'; error: unknown; attempt: number; of: number; delayMs: number }
  | { kind: 'failed'; error: unknown; at: number; nextInMs: number };

export interface PollerOptions {
  /** The regular interval, clamped to 5000..10000 ms (default 7000). */
  intervalMs?: number;
  /** One poll; a rejection is a failure. */
  task: () => Promise<void>;
  retryDelaysMs?: readonly number[];
  timers?: Timers;
  shouldRetry?: (err: unknown) => boolean;
  onStatus?: (status: PollStatus) => void;
}

export interface Poller {
  /** Polls at once, then on schedule. Idempotent while running. */
  start(): void;
  /** Clears every timer; a poll in flight is ignored when it settles. */
  stop(): void;
  /** Polls at once (after the one in flight, if any), then on schedule from there. */
  pollNow(): void;
  readonly running: boolean;
  /** The regular interval in use (after clamping). */
  readonly intervalMs: number;
}

/** A poller of `task`: every interval, with the retry backoff after a failure. */
export function createPoller(options: PollerOptions): Poller {
  const intervalMs = clampInterval(options.intervalMs);
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const timers = options.timers ?? browserTimers;
  const shouldRetry = options.shouldRetry ?? isRetryable;
  let handle: unknown;
  let running = false;
  let inFlight = false;
  let again = false;
  let failures = 0;
  /** Bumped by stop(): a poll that settles after it belongs to an old run and is ignored. */
  let generation = 0;

  const clear = (): void => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  const schedule = (ms: number): void => {
    clear();
    handle = timers.setTimeout(() => {
      handle = undefined;
      void run();
    }, ms);
  };

  async function run(): Promise<void> {
    if (!running) return;
    if (inFlight) {
      again = true;
      return;
    }
    clear();
    const gen = generation;
    inFlight = true;
    let outcome: { ok: true } | { ok: false; error: unknown };
    try {
      await options.task();
      outcome = { ok: true };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (gen !== generation) return;
    inFlight = false;
    if (!running) return;
    if (again) {
      // pollNow() during the call: poll again at once with a clean backoff.
      again = false;
      failures = 0;
      schedule(0);
      return;
    }
    if (outcome.ok) {
      failures = 0;
      options.onStatus?.({ kind: 'ok', at: timers.now(), nextInMs: intervalMs });
      schedule(intervalMs);
      return;
    }
    const delay = delays[failures];
    if (delay !== undefined && shouldRetry(outcome.error)) {
      failures++;
      options.onStatus?.({
        kind: 'retrying',
        error: outcome.error,
        attempt: failures,
        of: delays.length,
        delayMs: delay,
      });
      schedule(delay);
      return;
    }
    failures = 0;
    options.onStatus?.({ kind: 'failed', error: outcome.error, at: timers.now(), nextInMs: intervalMs });
    schedule(intervalMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      void run();
    },
    stop() {
      running = false;
      again = false;
      generation++;
      inFlight = false;
      clear();
    },
    pollNow() {
      if (!running) return;
      void run();
    },
    get running() {
      return running;
    },
    intervalMs,
  };
}

/** The status line for the last poll outcome. */
export function pollStatusText(status: PollStatus, describe: (err: unknown) => string): string {
  const secs = (ms: number): string => `${Math.round(ms / 1000)} s`;
  switch (status.kind) {
    case 'ok':
      return `Updated ${new Date(status.at).toLocaleTimeString()}; next update in ${secs(status.nextInMs)}`;
    case 'retrying':
      return `Update failed: ${describe(status.error)}; retry ${status.attempt} of ${status.of} in ${secs(status.delayMs)}`;
    case 'failed':
      return `Last update failed: ${describe(status.error)}; retrying in ${secs(status.nextInMs)}`;
  }
}

/** Sleeps on `timers` (withRetry's wait) that `cancelAll` drops at once when a page goes away. */
export function cancellableSleeps(timers: Timers): { wait(ms: number): Promise<void>; cancelAll(): void } {
  const pending = new Set<unknown>();
  return {
    wait: (ms) =>
      new Promise((resolve) => {
        const handle = timers.setTimeout(() => {
          pending.delete(handle);
          resolve();
        }, ms);
        pending.add(handle);
      }),
    cancelAll: () => {
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
  };
}
