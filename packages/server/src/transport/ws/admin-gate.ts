import { timingSafeEqual, createHash } from 'node:crypto';

/** Attempts allowed per player and minute: the specification's authentication limit. */
export const ADMIN_ATTEMPTS_PER_MINUTE = 10;

/**
 * Checks `/admin <code>` against ADMIN_CODE (constant-time), counting attempts with the
 * authentication limit. The code never enters the world, its input log or the logs.
 */
export class AdminGate {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly code: string | undefined) {}

  async check(playerId: string, attempt: string): Promise<boolean> {
    const now = Date.now();
    const recent = (this.attempts.get(playerId) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= ADMIN_ATTEMPTS_PER_MINUTE) {
      this.attempts.set(playerId, recent);
      return false;
    }
    recent.push(now);
    this.attempts.set(playerId, recent);
    if (!this.code) return false;
    const a = createHash('sha256').update(attempt).digest();
    const b = createHash('sha256').update(this.code).digest();
    return timingSafeEqual(a, b);
  }
}
