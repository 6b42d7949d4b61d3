import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Issuer and audience of the tokens this server signs itself (anonymous identities and exchanges). */
export const SESSION_ISSUER = 'tilerealm';
export const SESSION_AUDIENCE = 'tilerealm-api';

export interface SessionClaims {
  accountId: string;
  anonymous: boolean;
}

export type VerifyResult<T> = { ok: true; value: T } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Signs and verifies the server's own bearer tokens (HS256 with JWT_SECRET). Claims: `sub` = account
 * id, `anon` = anonymous identity, standard `iss`/`aud`/`iat`/`exp`. Nothing secret is put in a token.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: SessionClaims): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.ttlSeconds;
    const token = await new SignJWT({ anon: claims.anonymous })
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
      const { payload } = await jwtVerify(token, this.key, {
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0)
        return { ok: false, reason: 'invalid' };
      return { ok: true, value: { accountId: payload.sub, anonymous: payload['anon'] === true } };
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
