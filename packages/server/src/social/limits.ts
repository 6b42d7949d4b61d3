import { PM_MAX_PER_WINDOW, PM_WINDOW_MS } from '@tilerealm/protocol';

/**
 * The private message limit per sender: at most `max` messages in any sliding window of
 * `windowMs`. Kept in memory (a restart forgets it, which only ever allows more) and keyed by
 * character, so one noisy character cannot slow anyone else down. With REDIS_URL the limit is
 * shared by every world (a RedisKeyedLimiter), with this one as its fallback.
 */
export class PmRateLimiter {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = PM_MAX_PER_WINDOW,
    private readonly windowMs = PM_WINDOW_MS,
  ) {}

  /** Counts one message for `senderId`; false (and nothing counted) when the limit is reached. */
  take(senderId: string): boolean {
    const now = this.now();
    const recent = (this.sent.get(senderId) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.sent.set(senderId, recent);
      return false;
    }
    recent.push(now);
    this.sent.set(senderId, recent);
    return true;
  }

  /** Forgets a sender whose session ended, so the map only holds online characters. */
  forget(senderId: string): void {
    this.sent.delete(senderId);
  }
}
