import type { IdentityProviderVerifier, ProviderIdentity } from './identity-provider';
import { looksLikeSessionToken, type SessionTokens } from './session-tokens';

/** Who is making a request, once their bearer token has been verified. */
export interface AuthContext {
  accountId: string;
  anonymous: boolean;
  isAdmin: boolean;
  via: 'session' | 'identity-provider';
  /** The agent a session token was minted to play (its `agt` claim). */
  agentId?: string;
}

/** The account lookups authentication needs; implemented by the users repository. */
export interface AccountStore {
  findAccount(id: string): Promise<{ id: string; anonymous: boolean; isAdmin: boolean } | undefined>;
  linkProviderAccount(identity: ProviderIdentity): Promise<{ id: string; isAdmin: boolean }>;
}

export type AuthOutcome =
  { ok: true; auth: AuthContext } | { ok: false; code: 'unauthorized' | 'invalid_token'; message: string };

const BEARER = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]*)\s*$/;

/**
 * Turns an `Authorization` header (or a bare token, for WebSocket `?token=`) into an {@link AuthContext}.
 * Our own session tokens are tried first; identity-provider tokens are accepted when a provider is
 * configured and linked to a users row by the provider's user id.
 */
export class Authenticator {
  constructor(
    private readonly sessions: SessionTokens,
    private readonly idp: IdentityProviderVerifier | undefined,
    private readonly accounts: AccountStore,
  ) {}

  async fromHeader(header: string | undefined): Promise<AuthOutcome> {
    if (header === undefined || header.trim() === '') {
      return { ok: false, code: 'unauthorized', message: 'missing Authorization: Bearer token' };
    }
    const match = BEARER.exec(header);
    if (!match?.[1]) {
      return { ok: false, code: 'invalid_token', message: 'Authorization header must be "Bearer <token>"' };
    }
    return this.fromToken(match[1]);
  }

  async fromToken(token: string): Promise<AuthOutcome> {
    if (token.length > 8192) return { ok: false, code: 'invalid_token', message: 'token too long' };
    if (looksLikeSessionToken(token) || !this.idp) {
      const res = await this.sessions.verify(token);
      if (!res.ok) return { ok: false, code: 'invalid_token', message: `token ${res.reason}` };
      const account = await this.accounts.findAccount(res.value.accountId);
      if (!account) return { ok: false, code: 'invalid_token', message: 'token account no longer exists' };
      return {
        ok: true,
        auth: {
          accountId: account.id,
          anonymous: account.anonymous,
          isAdmin: account.isAdmin,
          via: 'session',
          ...(res.value.agentId !== undefined ? { agentId: res.value.agentId } : {}),
        },
      };
    }
    const res = await this.idp.verify(token);
    if (!res.ok)
      return { ok: false, code: 'invalid_token', message: `identity-provider token ${res.reason}` };
    const account = await this.accounts.linkProviderAccount(res.value);
    return {
      ok: true,
      auth: { accountId: account.id, anonymous: false, isAdmin: account.isAdmin, via: 'identity-provider' },
    };
  }
}
