import { warn } from './errors';

/**
 * When a token is due: the SDK's rule (at most REFRESH_THRESHOLD, 20%, of its lifetime left), shared
 * with GameClient and the browser client. Re-exported for the runtime's callers. A due token is
 * replaced by a freshly minted one (AgentRunner.renewToken), not renewed from the old one.
 */
export { isRefreshDue, isTokenExpired, REFRESH_THRESHOLD, tokenTimes } from '@tilerealm/sdk';

/**
 * How often the runtime looks at its agents' tokens: they are minted for an hour, so one is due
 * (20% left) 12 minutes before it expires.
 */
export const REFRESH_INTERVAL_MS = 300_000;
/** The next look after a failed check. */
export const REFRESH_RETRY_MS = 60_000;

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
