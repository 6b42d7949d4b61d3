import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isTransientDatabaseError } from '../../../storage';
import { errorBody, HTTP_ERRORS, HttpError } from '../errors';
import { wantsSpaFallback } from '../routes/frontend';
import { clientErrorCode } from './low-level-errors';

/** `retry-after` of a 503 answered because the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/**
 * One JSON error body for every failure (see errors.ts). Expected failures are {@link HttpError}s;
 * anything else is a bug: logged with its stack, answered with a generic 500 that leaks nothing.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { spaFallback: boolean }): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      if (
        err.code === 'rate_limited' &&
        err.details &&
        typeof err.details === 'object' &&
        'retryAfterSeconds' in err.details
      ) {
        void reply.header('retry-after', String(err.details.retryAfterSeconds));
      }
      return reply.code(err.statusCode).send(errorBody(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const details = err.validation.map((v: ValidationIssue) => ({
        path: `${where}${v.instancePath ?? ''}`,
        message: v.message ?? 'invalid',
      }));
      const first = details[0];
      const message = first ? `${first.path}: ${first.message}` : `invalid ${where}`;
      return reply.code(400).send(errorBody('validation_failed', message, details));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(errorBody('internal_error', 'internal server error'));
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && err instanceof SyntaxError)) {
      return reply.code(400).send(errorBody('invalid_json', 'request body is not valid JSON'));
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .code(400)
        .send(errorBody('invalid_json', 'request body is empty but Content-Type is JSON'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(errorBody('payload_too_large', 'request body is too large'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .code(415)
        .send(errorBody('unsupported_media_type', 'request body must be application/json'));
    }
    if (status === 429) {
      return reply.code(429).send(errorBody('rate_limited', 'rate limit exceeded'));
    }
    if (status >= 400 && status < 500) {
      const code = clientErrorCode(status);
      return reply.code(HTTP_ERRORS[code]).send(errorBody(code, err.message));
    }
    if (isTransientDatabaseError(err)) {
      // The database is unreachable or restarting: not a bug, and the same request may succeed soon.
      request.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .code(503)
        .send(errorBody('service_unavailable', 'the database is unavailable: try again shortly'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', 'internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.spaFallback && wantsSpaFallback(request)) return reply.type('text/html').sendFile('index.html');
    return reply
      .code(404)
      .send(errorBody('not_found', `no route ${request.method} ${notFoundPath(request.url)}`));
  });
}

/** The path as the client wrote it, cut short: a 404 names it without echoing kilobytes back. */
function notFoundPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
