import { httpBaseOf, RestClient } from './rest';
import { REFRESH_THRESHOLD } from './token';

/** How often a connected GameClient looks at its token's expiry by default: hourly. */
export const DEFAULT_REFRESH_INTERVAL_MS = 3_600_000;

/** A renewal call: the current token in, a new token of the same account out. */
export type RenewToken = (token: string) => Promise<{ token: string; expiresAt?: string | undefined }>;

/**
 * How a GameClient keeps its session token fresh. It renews the token through
 * `POST /api/auth/refresh` when at most `threshold` of its lifetime is left: before connecting,
 * before each reconnect attempt, and every `intervalMs` while connected.
 */
export interface TokenRefreshOptions {
  /** The server's HTTP address (default: derived from the WebSocket URL, `ws://h/ws` -> `http://h`). */
  baseUrl?: string;
  /** Fraction of the lifetime left at which the token is renewed (default REFRESH_THRESHOLD, 0.2). */
  threshold?: number;
  /** How often to check while connected (default one hour). */
  intervalMs?: number;
  /** The clock, epoch milliseconds (default Date.now; tests inject one). */
  now?: () => number;
  /** The renewal call (default: POST {baseUrl}/api/auth/refresh). */
  renew?: RenewToken;
}

/** `true` or omitted: on with the defaults; `false`: the caller keeps the token fresh itself. */
export type TokenRefreshOption = boolean | TokenRefreshOptions;

export interface TokenRefreshPolicy {
  threshold: number;
  intervalMs: number;
  now: () => number;
  renew: RenewToken;
}

/** The resolved policy, or null when refreshing is off. */
export function tokenRefreshPolicyOf(
  option: TokenRefreshOption | undefined,
  socketUrl: string,
): TokenRefreshPolicy | null {
  if (option === false) return null;
  const o = option === true || option === undefined ? {} : option;
  const baseUrl = o.baseUrl ?? httpBaseOf(socketUrl);
  return {
    threshold: o.threshold ?? REFRESH_THRESHOLD,
    intervalMs: o.intervalMs ?? DEFAULT_REFRESH_INTERVAL_MS,
    now: o.now ?? Date.now,
    renew: o.renew ?? ((token) => new RestClient(baseUrl, token).refresh()),
  };
}
