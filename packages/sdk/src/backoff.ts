import { CLOSE_CODES } from '@tilerealm/protocol';

/** How the client reconnects after an unexpected drop. */
export interface ReconnectPolicy {
  /** Attempts before giving up and emitting `disconnected`. */
  maxAttempts: number;
  /** Delay before the first attempt; doubled for each further one. */
  baseDelayMs: number;
  /** Upper bound of the doubled delay. */
  maxDelayMs: number;
  /** Least delay after a 4004 "save pending" refusal, which only clears once the save is written. */
  savePendingDelayMs: number;
  /**
   * Fraction of each delay taken off at random (0 = none), so many agents dropped by one server
   * restart do not all come back in the same instant.
   */
  jitter: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = {
  maxAttempts: 10,
  baseDelayMs: 500,
  maxDelayMs: 15_000,
  savePendingDelayMs: 2_000,
  jitter: 0.2,
};

/** The `reconnect` option: on/off, or a policy overriding some defaults. */
export type ReconnectOption = boolean | Partial<ReconnectPolicy>;

/** Resolves the `reconnect` option; `undefined` means "reconnect with the defaults". */
export function reconnectPolicyOf(option: ReconnectOption | undefined): ReconnectPolicy | null {
  if (option === false) return null;
  if (option === undefined || option === true) return { ...DEFAULT_RECONNECT };
  return { ...DEFAULT_RECONNECT, ...option };
}

/**
 * Close codes after which reconnecting cannot help or would be wrong: another login took the
 * character over (it would take it back, and the two clients would fight), the token is
 * rejected, the character is unavailable, an administrator kicked the player, the character is
 * logged in on another world (its lease is held there), it is an agent's whose agent runs, a
 * spectate session was over its limit, or the server closed normally because the client logged
 * out. A 4012 "world full" or a 4015 "too many connections" from the address is retried: a place
 * may free up; so is a 4002 "rate limited" (the limits' windows are a minute).
 */
export const NO_RETRY_CLOSE_CODES: ReadonlySet<number> = new Set([
  CLOSE_CODES.normal,
  CLOSE_CODES.replaced,
  CLOSE_CODES.unauthorized,
  CLOSE_CODES.characterUnavailable,
  CLOSE_CODES.kicked,
  CLOSE_CODES.loggedInElsewhere,
  CLOSE_CODES.agentRunning,
  CLOSE_CODES.spectatorLimit,
]);

export function shouldRetry(code: number): boolean {
  return !NO_RETRY_CLOSE_CODES.has(code);
}

/**
 * Delay before reconnect attempt `attempt` (1-based): exponential backoff capped at maxDelayMs,
 * less up to `jitter` of it, and never below savePendingDelayMs after a 4004 refusal.
 */
export function retryDelayMs(
  policy: ReconnectPolicy,
  attempt: number,
  lastCode: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential * (1 - Math.min(1, Math.max(0, policy.jitter)) * random());
  const delay =
    lastCode === CLOSE_CODES.savePending ? Math.max(jittered, policy.savePendingDelayMs) : jittered;
  return Math.round(delay);
}
