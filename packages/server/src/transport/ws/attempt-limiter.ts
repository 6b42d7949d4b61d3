/**
 * Sliding-window attempt counter per key (authentication limit: 10 per minute). `take` records an
 * attempt and says whether it is within the limit.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): boolean {
    const t = this.now();
    const recent = (this.attempts.get(key) ?? []).filter((a) => t - a < this.windowMs);
    const allowed = recent.length < this.max;
    if (allowed) recent.push(t);
    if (recent.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, recent);
    return allowed;
  }
}
