import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authPlugin } from '../transport/http/plugins/auth';
import { registerCors } from '../transport/http/plugins/cors';
import { registerCompression, registerSecurityHeaders } from '../transport/http/plugins/edge';
import { registerErrorHandling } from '../transport/http/plugins/error-handler';
import {
  answerUnavailableWhileClosing,
  frameworkErrors,
  handleClientError,
} from '../transport/http/plugins/low-level-errors';
import { registerOpenApi } from '../transport/http/plugins/openapi';
import { registerPressure } from '../transport/http/plugins/pressure';
import { registerRateLimit } from '../transport/http/plugins/rate-limit';
import { echoRequestId, requestIdOptions } from '../transport/http/plugins/request-id';
import type { HttpDeps } from '../transport/http/deps';
import type { Config } from './config';
import type { Log } from './logger';
import { frontendRoutes, hasBuiltFrontend } from '../transport/http/routes/frontend';
import { registerRoutes } from '../transport/http/routes';
import { registerWebSocket } from '../transport/ws/route';
import { registerMetrics, ServerMetrics } from '../metrics';

/** Largest accepted request body: the API's bodies are small JSON documents. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify refuses to trust anything for a bare hop count (it
 * cannot check the peer), so a hop count becomes a function: the `hops` nearest addresses (the
 * socket's peer first) are proxies, the next one is the client.
 */
function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * Builds the HTTP application without listening, so tests drive it with `app.inject()` and the
 * entry point decides where it listens.
 */
export async function buildServer(
  deps: HttpDeps,
  options: {
    logger?: Log;
    /** How often event-loop pressure is measured (1 s); tests shorten it. */
    pressureSampleIntervalMs?: number;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    ajv: undefined,
    // Requests during shutdown get our own 503 body (answerUnavailableWhileClosing), not Fastify's.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler: handleClientError,
    ...requestIdOptions,
  });
  echoRequestId(app);
  answerUnavailableWhileClosing(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A JSON API: bodies of other types are refused with 415 rather than parsed as text.
  app.removeContentTypeParser('text/plain');
  const spa = hasBuiltFrontend(deps.publicDir);
  registerErrorHandling(app, { spaFallback: spa });
  registerMetrics(app, deps.metrics ?? new ServerMetrics(), deps.config.metrics);
  await registerCors(app, deps.config);
  // Before every route: both plugins attach their hooks to the routes registered after them.
  await registerSecurityHeaders(app, deps.config);
  await registerCompression(app);
  await registerPressure(app, deps.config.pressure, {
    ...(options.pressureSampleIntervalMs ? { sampleIntervalMs: options.pressureSampleIntervalMs } : {}),
  });
  await app.register(authPlugin, { authenticator: deps.authenticator });
  await registerRateLimit(app, deps.config.rateLimitEnabled, deps.rateLimitCounters);
  await registerOpenApi(app, deps.version, deps.config);
  await registerRoutes(app, deps);
  if (deps.gateway)
    await registerWebSocket(app, deps.gateway, app.log, { compression: deps.config.wsCompression });
  if (spa && deps.publicDir) {
    await frontendRoutes(app, deps.publicDir, { serveSourceMaps: deps.config.env !== 'production' });
  }
  return app;
}
