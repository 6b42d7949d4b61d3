import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PressureConfig } from '../../../app/config-pressure';
import { errorBody, type ErrorBody } from '../errors';

/** Answered whatever the load: an orchestrator must tell a busy server from a dead or unready one. */
export const PRESSURE_EXEMPT_PATHS: ReadonlySet<string> = new Set(['/health', '/ready', '/metrics']);

/**
 * Load shedding with @fastify/under-pressure: while the event loop lags past its limit (or is busy
 * past its utilisation limit), every request except the probes is answered at once with
 * `503 overloaded` and `Retry-After`, so clients back off instead of piling onto a loop that already
 * runs late (the tick runs on the same loop). Its own status route is off: /health and /ready are
 * the probes. `sampleIntervalMs` (how often the loop is measured; 1 s) is for tests.
 */
export async function registerPressure(
  app: FastifyInstance,
  config: PressureConfig,
  options: { sampleIntervalMs?: number } = {},
): Promise<void> {
  if (config.maxEventLoopDelayMs === 0 && config.maxEventLoopUtilization === 0) return;
  const retryAfter = String(config.retryAfterSeconds);
  const shed = (request: FastifyRequest, reply: FastifyReply, type: string): ErrorBody | undefined => {
    // Nothing returned: the request goes on as if there were no pressure.
    // The routed path, not the raw URL (`/health?x`, `/health/`, encoded forms): decided on the route.
    const route = request.routeOptions.url;
    if (route !== undefined && PRESSURE_EXEMPT_PATHS.has(route)) return undefined;
    request.log.warn({ type, url: request.url }, 'shedding a request under event-loop pressure');
    void reply.code(503).header('Retry-After', retryAfter);
    return errorBody(
      'overloaded',
      `the server is overloaded (${type}): try again in ${config.retryAfterSeconds} s`,
    );
  };
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    sampleInterval: options.sampleIntervalMs ?? 1000,
    exposeStatusRoute: false,
    // The plugin sends what the handler returns (its typings say void; its code sends any value).
    pressureHandler: shed as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
  });
}
