import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { MetricsConfig } from '../app/config-metrics';
import type { Log } from '../app/logger';
import { errorBody, HttpError } from '../transport/http/errors';
import { UNMATCHED_ROUTE, type ServerMetrics } from './server-metrics';

/** The path of the Prometheus exposition, on the main port and on the metrics listener. */
export const METRICS_PATH = '/metrics';

/**
 * Records every request's duration by routed pattern and status, and serves `GET /metrics` on the
 * main port: with METRICS_TOKEN only to `Authorization: Bearer <token>` (401 otherwise); without
 * one, to anyone outside production and to no one in production (404, as an unknown path).
 */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics, access: MetricsConfig): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (access.token !== undefined) checkToken(request, reply, access.token);
    else if (!access.open) throw new HttpError('not_found', `no route ${request.method} ${METRICS_PATH}`);
    return exposition(metrics, reply);
  });
}

/** A listener of its own (METRICS_PORT) that serves only `GET /metrics`, without a token. */
export async function startMetricsListener(
  metrics: ServerMetrics,
  listener: { port: number; host: string },
  log: Log,
): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get(METRICS_PATH, async (_request, reply) => exposition(metrics, reply));
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody('not_found', `no route ${request.method} ${request.url.split('?', 1)[0]}`)),
  );
  app.setErrorHandler((err, _request, reply) => {
    log.error({ err }, 'collecting the metrics failed');
    return reply.code(500).send(errorBody('internal_error', 'internal server error'));
  });
  const url = await app.listen({ port: listener.port, host: listener.host });
  return { url, close: () => app.close() };
}

async function exposition(metrics: ServerMetrics, reply: FastifyReply): Promise<string> {
  const text = await metrics.text();
  void reply.type(metrics.contentType);
  return text;
}

/** 401 unless the request carries the metrics token (compared in constant time). */
function checkToken(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.header('www-authenticate', 'Bearer realm="metrics"');
  const header = request.headers.authorization;
  if (header === undefined) {
    throw new HttpError('unauthorized', 'missing Authorization: Bearer token (METRICS_TOKEN)');
  }
  const given = /^Bearer +(\S+) *$/i.exec(header)?.[1];
  if (given === undefined || !sameSecret(given, token))
    throw new HttpError('invalid_token', 'the metrics token is not valid');
}

/** Compares two secrets in constant time (their digests, so their lengths do not show either). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
