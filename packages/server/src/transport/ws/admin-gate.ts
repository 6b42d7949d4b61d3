import { timingSafeEqual, createHash } from 'node:crypto';
import { AttemptLimiter } from './attempt-limiter';

/** Attempts allowed per player and minute: the specification's authentication limit. */
export const ADMIN_ATTEMPTS_PER_MINUTE = 10;

/**
 * Checks `/admin <code>` against ADMIN_CODE (constant-time), counting attempts with the
 * authentication limit. The code never enters the world, its input log or the logs.
 */
export class AdminGate {
  private readonly limiter = new AttemptLimiter(ADMIN_ATTEMPTS_PER_MINUTE, 60_000);

  constructor(private readonly code: string | undefined) {}

  async check(playerId: string, attempt: string): Promise<boolean> {
    if (!this.limiter.take(playerId) || !this.code) return false;
    const a = createHash('sha256').update(attempt).digest();
    const b = createHash('sha256').update(this.code).digest();
    return timingSafeEqual(a, b);
  }
}
