import { ApiError, isRefreshDue, REFRESH_THRESHOLD } from '@tilerealm/sdk';
import { warn } from './errors';

/**
 * When a token is due: the SDK's rule (at most REFRESH_THRESHOLD, 20%, of its lifetime left), shared
 * with GameClient and the browser client. Re-exported for the runtime's callers.
 */
export { isRefreshDue, isTokenExpired, REFRESH_THRESHOLD, tokenTimes } from '@tilerealm/sdk';

/** How often the runtime looks at its tokens; well inside the threshold window of a one-day token. */
export const REFRESH_INTERVAL_MS = 3_600_000;
/** The next look after a rate limit or a transient failure (network, 5xx). */
export const REFRESH_RETRY_MS = 60_000;

/** What one renewal pass did: old token -> new token, old token -> why it failed. */
export interface RenewOutcome {
  renewed: Map<string, string>;
  failed: Map<string, string>;
  /** True when the pass should be repeated soon (rate limited or a transient failure). */
  retrySoon: boolean;
}

/**
 * Renews every due token once (agents of one owner usually share a token, so each distinct token is
 * sent once). A 429 ends the pass (the rest wait for the retry); a 401 means the token can no
 * longer be renewed and is reported as failed.
 */
export async function renewDueTokens(
  refresh: (token: string) => Promise<{ token: string }>,
  tokens: Iterable<string>,
  nowMs: number,
  threshold = REFRESH_THRESHOLD,
): Promise<RenewOutcome> {
  const outcome: RenewOutcome = { renewed: new Map(), failed: new Map(), retrySoon: false };
  for (const token of new Set(tokens)) {
    if (!isRefreshDue(token, nowMs, threshold)) continue;
    try {
      outcome.renewed.set(token, (await refresh(token)).token);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : undefined;
      outcome.failed.set(token, err instanceof Error ? err.message : String(err));
      if (status === 429) {
        outcome.retrySoon = true;
        break;
      }
      if (status !== 401) outcome.retrySoon = true;
    }
  }
  return outcome;
}

/**
 * Calls `check` every `intervalMs` (or `retryMs` when it asks to retry soon). The timer is unref'd
 * so it never keeps the process alive, and checks never overlap.
 */
export class RefreshTimer {
  private timer: NodeJS.Timeout | undefined;
  private active = false;

  constructor(
    private readonly check: () => Promise<{ retrySoon: boolean }>,
    private readonly intervalMs = REFRESH_INTERVAL_MS,
    private readonly retryMs = REFRESH_RETRY_MS,
  ) {}

  /** Schedules the next check (the first after `delayMs`, by default the interval). */
  start(delayMs = this.intervalMs): void {
    this.active = true;
    this.schedule(delayMs);
  }

  stop(): void {
    this.active = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    let retrySoon = true;
    try {
      retrySoon = (await this.check()).retrySoon;
    } catch (err) {
      warn('checking the session tokens failed; trying again soon', err);
      retrySoon = true;
    }
    if (this.active) this.schedule(retrySoon ? this.retryMs : this.intervalMs);
  }
}
