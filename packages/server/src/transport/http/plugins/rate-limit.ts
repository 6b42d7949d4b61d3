import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { isApiRoute } from '../route-path';
import {
  GroupedRateLimitStore,
  groupedRateLimitStore,
  groupTableName,
  type CounterTables,
} from './rate-limit-store';

/** Spec limits: REST API 100 requests per minute; authentication 10 attempts per minute. */
export const REST_LIMIT = { max: 100, timeWindow: 60_000 } as const;
export const AUTH_LIMIT = { max: 10, timeWindow: 60_000 } as const;

/** Requests are counted per account when a valid token was presented, otherwise per address. */
export function rateLimitKey(request: FastifyRequest): string {
  return request.auth ? `account:${request.auth.accountId}` : `ip:${request.ip}`;
}

/** The rate-limit group of the authentication endpoints, and the counter table it counts in. */
export const AUTH_GROUP = 'auth';
export const AUTH_COUNTER_TABLE = groupTableName(AUTH_GROUP);

/**
 * The key an address's authentication attempts count under in {@link AUTH_COUNTER_TABLE}: the
 * route's key (`ip:<address>`) with the group id appended, as @fastify/rate-limit does for a
 * group. WebSocket logins whose token is refused count in the same table under a key of their own
 * (`wsTokenRefusalKey`, transport/ws/address-limits.ts), so the two never use up each other's budget.
 */
export const authAttemptKey = (address: string): string => `ip:${address}${AUTH_GROUP}`;

/**
 * Per-route config for authentication endpoints: counted per address, all of them together in the
 * 'auth' group (see {@link GroupedRateLimitStore}).
 */
export const authRouteRateLimit = {
  rateLimit: { ...AUTH_LIMIT, keyGenerator: (r: FastifyRequest) => `ip:${r.ip}`, groupId: AUTH_GROUP },
};

/**
 * Registers the REST limit on the `/api/` routes and on unknown paths (404s count against the same
 * budget, so probing for routes is limited too). Health, status, env.js, manifests, docs, CORS
 * preflights and the frontend's static files are not API calls and are not counted (a hosting
 * monitor must never be blocked). Whether a request is counted depends on the route that matched,
 * never on the raw URL, so `/%61pi/...` counts exactly like `/api/...`. A client over the limit is
 * blocked until its one-minute window ends: 429 with Retry-After and the usual x-ratelimit-* headers.
 * With `counters` (Redis, REDIS_URL) every world counts in the same tables, so the limits hold for
 * all worlds together.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  enabled: boolean,
  counters?: CounterTables,
): Promise<void> {
  if (!enabled) return;
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    ...REST_LIMIT,
    store: counters ? groupedRateLimitStore(counters) : GroupedRateLimitStore,
    keyGenerator: rateLimitKey,
    allowList: (request) => !(request.is404 || isApiRoute(request)),
    errorResponseBuilder: (_request, context) =>
      new HttpError('rate_limited', `rate limit exceeded: retry in ${context.after}`, {
        limit: context.max,
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
  // The plugin limits routes only; the not-found handler gets the global limit here.
  const limitUnknownPaths = app.rateLimit();
  app.addHook('preHandler', async (request, reply) => {
    if (request.is404) await limitUnknownPaths.call(app, request, reply);
  });
}
