import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/** Spec limits: REST API 100 requests per minute; authentication 10 attempts per minute. */
export const REST_LIMIT = { max: 100, timeWindow: 60_000 } as const;
export const AUTH_LIMIT = { max: 10, timeWindow: 60_000 } as const;

/** Requests are counted per account when a valid token was presented, otherwise per address. */
export function rateLimitKey(request: FastifyRequest): string {
  return request.auth ? `account:${request.auth.accountId}` : `ip:${request.ip}`;
}

/** Per-route config for authentication endpoints: counted per address, in their own group. */
export const authRouteRateLimit = {
  rateLimit: { ...AUTH_LIMIT, keyGenerator: (r: FastifyRequest) => `ip:${r.ip}`, groupId: 'auth' },
};

/**
 * Registers the REST limit on `/api/` routes. Health, status, env.js, manifests, docs and the
 * frontend's static files are not API calls and are not counted (a hosting monitor must never be
 * blocked). A client over the limit is blocked until its one-minute window ends: 429 with
 * Retry-After and the usual x-ratelimit-* headers.
 */
export async function registerRateLimit(app: FastifyInstance, enabled: boolean): Promise<void> {
  if (!enabled) return;
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    ...REST_LIMIT,
    keyGenerator: rateLimitKey,
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new HttpError('rate_limited', `rate limit exceeded: retry in ${context.after}`, {
        limit: context.max,
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
}
