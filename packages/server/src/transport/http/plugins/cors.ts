import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../app/config';

/**
 * The project's own production addresses. The allow-list follows the interface specification's
 * "Cross-origin access" rules: exact production origins, patterns for local development and preview
 * deployments, and extra origins from the environment. A wildcard origin is never sent.
 */
export const PRODUCTION_FRONTEND_DOMAIN = 'tilerealm.app';
export const FRONTEND_PLATFORM_DOMAIN = 'tilerealm.pages.dev';
export const SERVER_PRODUCTION_ORIGIN = 'https://api.tilerealm.app';

const EXACT_ORIGINS = [
  `https://${PRODUCTION_FRONTEND_DOMAIN}`,
  `https://www.${PRODUCTION_FRONTEND_DOMAIN}`,
  `https://${FRONTEND_PLATFORM_DOMAIN}`,
  `http://${FRONTEND_PLATFORM_DOMAIN}`,
  SERVER_PRODUCTION_ORIGIN,
];

const PATTERNS: readonly RegExp[] = [
  /^https?:\/\/localhost(:\d{1,5})?$/, // local development on any port
  /^https:\/\/[a-z0-9-]+\.tilerealm\.pages\.dev$/, // frontend preview deployments
  /^https:\/\/tilerealm-[a-z0-9-]+\.up\.railway\.app$/, // server preview deployments (https only)
  /^https:\/\/([a-z0-9-]+\.)*discordsays\.com$/, // social-frame host (embedded activity)
  /^https:\/\/([a-z0-9-]+\.)*privy\.io$/, // identity-provider hosts
];

export const CORS_METHODS = 'GET, PUT, POST, DELETE, OPTIONS, PATCH';
export const CORS_HEADERS = 'Content-Type, Authorization, X-Requested-With';

/** Builds the origin predicate for this configuration (pure, so it is tested directly). */
export function createOriginPolicy(config: Pick<Config, 'extraOrigins'>): (origin: string) => boolean {
  const exact = new Set([...EXACT_ORIGINS, ...config.extraOrigins.map((o) => new URL(o).origin)]);
  return (origin) => exact.has(origin) || PATTERNS.some((p) => p.test(origin));
}

export async function registerCors(app: FastifyInstance, config: Config): Promise<void> {
  const allowed = createOriginPolicy(config);
  await app.register(cors, {
    // Echo the request origin when allowed; never '*'.
    origin: (origin, cb) => cb(null, origin !== undefined && allowed(origin) ? origin : false),
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_HEADERS,
    strictPreflight: false,
  });
}
