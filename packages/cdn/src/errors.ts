import type { FastifyError, FastifyInstance } from 'fastify';
import { NOT_FOUND_CACHE_CONTROL } from './areas';

/** Body of every CDN error response: one stable shape for clients and logs. */
export interface CdnErrorBody {
  error: { code: string; message: string };
}

/** Builds the JSON error body the CDN sends with every 4xx/5xx. */
export function errorBody(code: string, message: string): CdnErrorBody {
  return { error: { code, message } };
}

/**
 * Installs the not-found and error handlers so that nothing (unknown path, missing file,
 * rejected path, malformed URL, internal failure) leaks an HTML page or a stack trace.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .header('cache-control', NOT_FOUND_CACHE_CONTROL)
      .send(errorBody('not_found', `No asset at ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'cdn request failed');
    const code = status >= 500 ? 'internal' : status === 404 ? 'not_found' : 'bad_request';
    const message = status >= 500 ? 'Internal CDN error' : error.message;
    void reply.code(status).header('cache-control', NOT_FOUND_CACHE_CONTROL).send(errorBody(code, message));
  });
}
