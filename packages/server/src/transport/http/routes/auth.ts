import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../plugins/auth';
import { authRouteRateLimit } from '../plugins/rate-limit';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';

/**
 * Session tokens of signed-in (identity-provider) accounts live one day: those from
 * `/api/auth/exchange`, their refreshes and agents' tokens. Anonymous identities' tokens live
 * ANONYMOUS_TOKEN_TTL_SECONDS (30 days by default, see app/config.ts).
 */
export const EXCHANGED_TOKEN_TTL_SECONDS = 24 * 3600;

const tokenResponse = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  accountId: z.string(),
  anonymous: z.boolean(),
  expiresAt: z.iso.datetime(),
});

const refreshResponse = z.object({ token: z.string(), expiresAt: z.iso.datetime() });

const meResponse = z.object({
  accountId: z.string(),
  anonymous: z.boolean(),
  isAdmin: z.boolean(),
  via: z.enum(['session', 'identity-provider']),
});

/**
 * Authentication endpoints, counted by the 10-per-minute authentication limit.
 * - POST /api/auth/anonymous: a temporary identity (anonymous mode only).
 * - POST /api/auth/exchange: trade an identity-provider token for a session token (provider mode).
 * - POST /api/auth/refresh: a fresh session token for the bearer's account, before the old one expires.
 * - GET /api/auth/me: who the bearer token belongs to.
 */
export async function authRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/auth/anonymous',
    {
      config: authRouteRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Create a temporary anonymous identity (anonymous mode only)',
        response: { 201: tokenResponse },
      },
    },
    async (_request, reply) => {
      if (deps.config.idp) {
        throw new HttpError(
          'auth_mode_disabled',
          'anonymous identities are disabled: sign in with the identity provider',
        );
      }
      const user = await deps.repos.users.createAnonymous();
      const { token, expiresAt } = await deps.sessions.sign({ accountId: user.id, anonymous: true });
      return reply.code(201).send({
        token,
        tokenType: 'Bearer' as const,
        accountId: user.id,
        anonymous: true,
        expiresAt: expiresAt.toISOString(),
      });
    },
  );

  r.post(
    '/api/auth/exchange',
    {
      config: authRouteRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Exchange an identity-provider access token for a session token',
        security: [{ bearer: [] }],
        response: { 200: tokenResponse },
      },
    },
    async (request) => {
      if (!deps.config.idp) throw new HttpError('auth_mode_disabled', 'no identity provider is configured');
      const auth = authOf(request);
      if (auth.via !== 'identity-provider') {
        throw new HttpError('invalid_token', 'present the identity provider access token to exchange it');
      }
      const { token, expiresAt } = await deps.sessions.sign({ accountId: auth.accountId, anonymous: false });
      return {
        token,
        tokenType: 'Bearer' as const,
        accountId: auth.accountId,
        anonymous: false,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  // Long-running clients (the agent runtime) call this before their token expires; only our own,
  // still valid session tokens qualify, so an expired or stolen-and-revoked account cannot renew.
  r.post(
    '/api/auth/refresh',
    {
      config: authRouteRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Renew a still-valid session token (same account and kind, new expiry)',
        security: [{ bearer: [] }],
        response: { 200: refreshResponse },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (auth.via !== 'session') {
        throw new HttpError(
          'invalid_token',
          'only session tokens can be refreshed: exchange identity-provider tokens at /api/auth/exchange',
        );
      }
      const { token, expiresAt } = await deps.sessions.sign({
        accountId: auth.accountId,
        anonymous: auth.anonymous,
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );

  r.get(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The account behind the bearer token',
        security: [{ bearer: [] }],
        response: { 200: meResponse },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return { accountId: auth.accountId, anonymous: auth.anonymous, isAdmin: auth.isAdmin, via: auth.via };
    },
  );
}
