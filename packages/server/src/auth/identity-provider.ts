import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import type { IdentityProviderConfig } from '../app/config';
import { issuedInThePast, type VerifyResult } from './session-tokens';

export interface ProviderIdentity {
  /** The provider's stable user id (`sub`). */
  providerUserId: string;
  /** Optional linked social-network ids the provider put in the token (e.g. `discord`, `twitter`). */
  social: Record<string, string>;
}

type Key = JWTVerifyGetKey | KeyObject | Uint8Array;

const ALGORITHMS_BY_KEY_TYPE: Record<string, string[]> = {
  rsa: ['RS256', 'RS384', 'RS512', 'PS256'],
  ec: ['ES256', 'ES384', 'ES512'],
  ed25519: ['EdDSA'],
};

/**
 * Verifies access tokens issued by the external identity provider. The key comes, in order of
 * preference, from a JWKS URL (rotating keys), a PEM public key, or the shared app secret (HS256).
 * The audience must be PUBLIC_IDP_APP_ID, as the client uses the same id. A token must carry an
 * expiry (`exp`): one without is refused, as is one not yet valid (`nbf`) or issued in the future.
 */
export class IdentityProviderVerifier {
  private keyPromise: Promise<Key> | undefined;

  constructor(private readonly cfg: IdentityProviderConfig) {}

  private key(): Promise<Key> {
    this.keyPromise ??= this.resolveKey();
    return this.keyPromise;
  }

  private async resolveKey(): Promise<Key> {
    if (this.cfg.jwksUrl) return createRemoteJWKSet(new URL(this.cfg.jwksUrl), { timeoutDuration: 3000 });
    if (this.cfg.verificationKey) return createPublicKey(this.cfg.verificationKey.replace(/\\n/g, '\n'));
    if (this.cfg.appSecret) return new TextEncoder().encode(this.cfg.appSecret);
    throw new Error('identity provider has no verification key');
  }

  private algorithms(key: Key): string[] {
    if (key instanceof Uint8Array) return ['HS256'];
    if (typeof key === 'function') return Object.values(ALGORITHMS_BY_KEY_TYPE).flat();
    return ALGORITHMS_BY_KEY_TYPE[key.asymmetricKeyType ?? ''] ?? [];
  }

  async verify(token: string): Promise<VerifyResult<ProviderIdentity>> {
    try {
      const key = await this.key();
      const options = {
        audience: this.cfg.appId,
        algorithms: this.algorithms(key),
        requiredClaims: ['exp'],
        ...(this.cfg.issuer ? { issuer: this.cfg.issuer } : {}),
      };
      const { payload } =
        typeof key === 'function'
          ? await jwtVerify(token, key, options)
          : await jwtVerify(token, key, options);
      if (typeof payload.sub !== 'string' || payload.sub.length === 0)
        return { ok: false, reason: 'invalid' };
      if (!issuedInThePast(payload, Math.floor(Date.now() / 1000))) return { ok: false, reason: 'invalid' };
      const social: Record<string, string> = {};
      for (const name of ['discord', 'twitter', 'farcaster', 'github', 'google']) {
        const v = payload[name];
        if (typeof v === 'string' && v.length > 0 && v.length <= 200) social[name] = v;
      }
      return { ok: true, value: { providerUserId: payload.sub, social } };
    } catch (err) {
      return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
