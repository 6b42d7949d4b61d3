import { z } from 'zod';

/**
 * Renew a session token once at most this fraction of its lifetime is left: the last 6 days of a
 * 30-day anonymous token, the last 4.8 hours of a one-day signed-in one. Shared by the SDK's
 * clients, the agent runtime and the browser client.
 */
export const REFRESH_THRESHOLD = 0.2;

/** When a token was issued and expires, in epoch milliseconds. */
export interface TokenTimes {
  issuedAtMs: number | undefined;
  expiresAtMs: number;
}

const claimsSchema = z.object({ iat: z.number().optional(), exp: z.number() });

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * A JWT's `iat` and `exp`, read WITHOUT verifying it (a client only looks at its own token to know
 * when to renew it; the server verifies it). Undefined when the token is not a JWT with an `exp`.
 * Works in browsers and on Node (atob, TextDecoder).
 */
export function tokenTimes(token: string): TokenTimes | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Url(part));
  } catch {
    return undefined;
  }
  const claims = claimsSchema.safeParse(json);
  if (!claims.success) return undefined;
  const { iat, exp } = claims.data;
  return { issuedAtMs: iat === undefined ? undefined : iat * 1000, expiresAtMs: exp * 1000 };
}

/**
 * Whether a token should be renewed now: still valid, with at most `threshold` of its lifetime
 * left. An expired token cannot be renewed (the server refuses it) and one without times is left
 * alone. Without `iat` the lifetime is unknown and taken as one day.
 */
export function isRefreshDue(token: string, nowMs: number, threshold = REFRESH_THRESHOLD): boolean {
  const times = tokenTimes(token);
  if (!times) return false;
  const left = times.expiresAtMs - nowMs;
  if (left <= 0) return false;
  const lifetime = times.issuedAtMs === undefined ? 86_400_000 : times.expiresAtMs - times.issuedAtMs;
  return left <= lifetime * threshold;
}

/** Whether a token's `exp` has passed: it can no longer be renewed, its owner must sign in again. */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const times = tokenTimes(token);
  return times !== undefined && times.expiresAtMs <= nowMs;
}
