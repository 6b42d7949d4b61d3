import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Issuer and audience of the tokens this server signs itself (anonymous identities and exchanges). */
export const SESSION_ISSUER = 'tilerealm';
export const SESSION_AUDIENCE = 'tilerealm-api';

export interface SessionClaims {
  accountId: string;
  anonymous: boolean;
  /**
   * Set on the tokens minted to play one agent (claim `agt`): such a token may enter that agent's
   * character while the agent runs; any other login for it is refused (close 4013).
   */
  agentId?: string;
}

export type VerifyResult<T> = { ok: true; value: T } | { ok: false; reason: 'expired' | 'invalid' };

/** Lifetimes of the tokens this server signs, in seconds, by kind of account. */
export interface TokenLifetimes {
  /** Anonymous identities: ANONYMOUS_TOKEN_TTL_SECONDS (30 days by default). */
  anonymous: number;
  /** Signed-in (identity-provider) accounts: exchanged, refreshed and agent tokens. */
  account: number;
}

/**
 * How far in the future a token's `iat` may lie before it is refused: servers and identity
 * providers keep their clocks in step, but never exactly.
 */
export const MAX_CLOCK_SKEW_SECONDS = 60;

/** False when a token claims to be issued in the future (beyond the allowed clock skew). */
export function issuedInThePast(payload: { iat?: number | undefined }, nowSeconds: number): boolean {
  return payload.iat === undefined || payload.iat <= nowSeconds + MAX_CLOCK_SKEW_SECONDS;
}

/**
 * Signs and verifies the server's own bearer tokens (HS256 with JWT_SECRET). Claims: `sub` = account
 * id, `anon` = anonymous identity, standard `iss`/`aud`/`iat`/`exp`. Nothing secret is put in a token.
 * A token lives as long as its kind's lifetime (anonymous or account); one without `exp` or `iat`,
 * or issued in the future, is refused, so no token of ours is valid forever.
 */
export class SessionTokens {
  private readonly key: Uint8Array;
  private readonly lifetimes: TokenLifetimes;

  /**
   * @param lifetimes seconds by kind of account, or one figure for both (tests)
   * @param now the clock, epoch milliseconds (injected by tests)
   */
  constructor(
    secret: string,
    lifetimes: TokenLifetimes | number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.lifetimes = typeof lifetimes === 'number' ? { anonymous: lifetimes, account: lifetimes } : lifetimes;
  }

  /** @param ttlSeconds a shorter lifetime than the kind's (the agent runtime's tokens: one hour) */
  async sign(claims: SessionClaims, ttlSeconds?: number): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(this.now() / 1000);
    const kind = claims.anonymous ? this.lifetimes.anonymous : this.lifetimes.account;
    const exp = now + Math.min(kind, ttlSeconds ?? kind);
    const token = await new SignJWT({
      anon: claims.anonymous,
      ...(claims.agentId !== undefined ? { agt: claims.agentId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.accountId)
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  async verify(token: string): Promise<VerifyResult<SessionClaims>> {
    try {
      const nowMs = this.now();
      const { payload } = await jwtVerify(token, this.key, {
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat'],
        currentDate: new Date(nowMs),
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0)
        return { ok: false, reason: 'invalid' };
      if (!issuedInThePast(payload, Math.floor(nowMs / 1000))) return { ok: false, reason: 'invalid' };
      const agent = payload['agt'];
      return {
        ok: true,
        value: {
          accountId: payload.sub,
          anonymous: payload['anon'] === true,
          ...(typeof agent === 'string' && agent !== '' ? { agentId: agent } : {}),
        },
      };
    } catch (err) {
      return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** True when the token claims to be one of ours (cheap check on the unverified payload's issuer). */
export function looksLikeSessionToken(token: string): boolean {
  const part = token.split('.')[1];
  if (!part) return false;
  try {
    const payload: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return (
      typeof payload === 'object' && payload !== null && 'iss' in payload && payload.iss === SESSION_ISSUER
    );
  } catch {
    return false;
  }
}
