import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext, Authenticator } from '../../../auth/authenticator';
import { HttpError } from '../errors';
import { isApiRoute } from '../route-path';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carried a valid bearer token. */
    auth: AuthContext | undefined;
    /** Why a presented token was rejected (so protected routes can answer precisely). */
    authFailure: { code: 'unauthorized' | 'invalid_token'; message: string } | undefined;
  }
}

/**
 * Verifies a bearer token on every request that matched an `/api/` route (the matched route, never
 * the raw URL: see route-path.ts) before rate limiting (so limits can be keyed per account) and
 * leaves the verdict on the request. Routes opt in to protection with {@link requireAuth}.
 */
export const authPlugin = fp<{ authenticator: Authenticator }>(async (app, { authenticator }) => {
  app.decorateRequest('auth', undefined);
  app.decorateRequest('authFailure', undefined);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const header = request.headers.authorization;
    if (header === undefined) return;
    const outcome = await authenticator.fromHeader(header);
    if (outcome.ok) {
      request.auth = outcome.auth;
      // The request's later lines (its completion included) name the account; never the token.
      request.log = reply.log = request.log.child({ accountId: outcome.auth.accountId });
    } else request.authFailure = { code: outcome.code, message: outcome.message };
  });
});

/** preHandler for routes that need a signed-in account: 401 without a valid token. */
export const requireAuth: preHandlerAsyncHookHandler = async (request) => {
  authOf(request);
};

/** The request's account, or a 401 explaining what was wrong with the token. */
export function authOf(request: FastifyRequest): AuthContext {
  if (request.auth) return request.auth;
  const failure = request.authFailure;
  if (failure) throw new HttpError(failure.code, failure.message);
  throw new HttpError('unauthorized', 'missing Authorization: Bearer token');
}
