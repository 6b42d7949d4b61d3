import { ApiError } from '@tilerealm/sdk';
import { z } from 'zod';
import { warn } from './errors';

/** Renew a token once less than this fraction of its lifetime is left (24 h tokens: under ~4.8 h). */
export const REFRESH_THRESHOLD = 0.2;
/** How often the runtime looks at its tokens; well inside the threshold window of a one-day token. */
export const REFRESH_INTERVAL_MS = 3_600_000;
/** The next look after a rate limit or a transient failure (network, 5xx). */
export const REFRESH_RETRY_MS = 60_000;

const claimsSchema = z.object({ iat: z.number().optional(), exp: z.number() });

/**
 * When a JWT was issued and expires, in epoch milliseconds, read WITHOUT verifying it: the runtime
 * only inspects its own tokens to know when to renew them (the game server still verifies them).
 * Undefined when the token is not a JWT with an `exp`.
 */
export function tokenTimes(
  token: string,
): { issuedAtMs: number | undefined; expiresAtMs: number } | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const claims = claimsSchema.safeParse(json);
  if (!claims.success) return undefined;
  const { iat, exp } = claims.data;
  return { issuedAtMs: iat === undefined ? undefined : iat * 1000, expiresAtMs: exp * 1000 };
}

/**
 * Whether a token should be renewed now: still valid, with at most `threshold` of its lifetime left.
 * An expired token cannot be renewed (the server refuses it) and a token without times is left as is.
 */
export function isDue(token: string, nowMs: number, threshold = REFRESH_THRESHOLD): boolean {
  const times = tokenTimes(token);
  if (!times) return false;
  const left = times.expiresAtMs - nowMs;
  if (left <= 0) return false;
  // Without `iat` the lifetime is unknown: assume a one-day token, as the game server issues.
  const lifetime = times.issuedAtMs === undefined ? 86_400_000 : times.expiresAtMs - times.issuedAtMs;
  return left <= lifetime * threshold;
}

/** Whether a token's `exp` has passed (it can no longer be renewed: its owner must sign in again). */
export function isExpired(token: string, nowMs: number): boolean {
  const times = tokenTimes(token);
  return times !== undefined && times.expiresAtMs <= nowMs;
}

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
    if (!isDue(token, nowMs, threshold)) continue;
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
