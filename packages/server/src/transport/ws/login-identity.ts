import { CLOSE_CODES } from '@tilerealm/protocol';
import type { Connection } from './connection';
import type { GatewayDeps, LoginQuery } from './gateway-types';
import type { AddressLimits } from './address-limits';

/** Who a login is: the account, the token it signed with, and the agent the token was minted for. */
export type LoginIdentity =
  | { ok: true; accountId: string; issuedToken: string | undefined; agentId: string | undefined }
  | { ok: false; code: number; reason: string };

/**
 * The account a WebSocket login acts for: its token (query or header; a refused one counts against
 * the address's budget of refused tokens, see AddressLimits), or, without one and in anonymous
 * mode, a new anonymous account (rate-limited per address) with a token issued for it.
 */
export async function loginIdentity(
  deps: GatewayDeps,
  connection: Connection,
  query: LoginQuery,
  authHeader: string | undefined,
  limits: AddressLimits,
): Promise<LoginIdentity> {
  if (query.token === undefined && authHeader === undefined) {
    if (!deps.anonymousMode)
      return { ok: false, code: CLOSE_CODES.unauthorized, reason: 'a token is required' };
    if (deps.rateLimitEnabled && !(await limits.newIdentities.take(connection.remoteAddress)))
      return {
        ok: false,
        code: CLOSE_CODES.rateLimited,
        reason: 'too many new identities from this address: reconnect with your token',
      };
    const user = await deps.repos.users.createAnonymous();
    const issuedToken = (await deps.sessions.sign({ accountId: user.id, anonymous: true })).token;
    return { ok: true, accountId: user.id, issuedToken, agentId: undefined };
  }
  const outcome =
    query.token !== undefined
      ? await deps.authenticator.fromToken(query.token)
      : await deps.authenticator.fromHeader(authHeader);
  if (!outcome.ok) {
    await limits.tokenRefused(connection);
    return { ok: false, code: CLOSE_CODES.unauthorized, reason: outcome.message };
  }
  return {
    ok: true,
    accountId: outcome.auth.accountId,
    issuedToken: undefined,
    agentId: outcome.auth.agentId,
  };
}
