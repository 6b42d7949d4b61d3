import { ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Log } from '../../../app/logger';
import { REQUEST_ID_HEADER } from './request-id';
import { errorBody, HTTP_ERRORS, HttpError, type HttpErrorCode } from '../errors';

/**
 * The failures that never reach the error handler, answered with the same JSON body as everything
 * else (docs/errors.md): requests Node's HTTP parser rejects (`clientError`), URLs the router cannot
 * decode or whose parameters are too long (Fastify's `frameworkErrors`), and requests that arrive
 * while the server is closing.
 */

/** Our code for an error status that no more precise rule claimed; unknown 4xx are bad_request. */
const CODE_BY_STATUS: ReadonlyMap<number, HttpErrorCode> = new Map<number, HttpErrorCode>([
  [400, 'bad_request'],
  [401, 'unauthorized'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [405, 'method_not_allowed'],
  [408, 'request_timeout'],
  [412, 'precondition_failed'],
  [413, 'payload_too_large'],
  [414, 'uri_too_long'],
  [415, 'unsupported_media_type'],
  [416, 'range_not_satisfiable'],
  [429, 'rate_limited'],
  [431, 'headers_too_large'],
]);

/** The catalogue code for a 4xx status (the status the body is sent with is the code's own). */
export function clientErrorCode(status: number): HttpErrorCode {
  return CODE_BY_STATUS.get(status) ?? 'bad_request';
}

/** Fastify's `frameworkErrors`: URLs the router rejects before any route or hook runs. */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let code: HttpErrorCode;
  let message: string;
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    code = 'uri_too_long';
    message = 'a path parameter is too long';
  } else if (err.code === 'FST_ERR_BAD_URL') {
    code = 'bad_request';
    message = 'the path is not valid percent-encoded UTF-8';
  } else {
    request.log.error({ err }, 'unexpected routing error');
    code = 'internal_error';
    message = 'internal server error';
  }
  // No hook runs for these: the request id is echoed here (see request-id.ts).
  void reply.header(REQUEST_ID_HEADER, request.id);
  void reply.code(HTTP_ERRORS[code]).send(errorBody(code, message));
}

/** What Node's parser errors mean for the client. */
function parserErrorAnswer(nodeCode: string): { code: HttpErrorCode; message: string } {
  switch (nodeCode) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'headers_too_large', message: 'the request line and headers exceed 16 KiB' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'request_timeout', message: 'the request took too long to arrive' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'payload_too_large', message: 'chunk extensions are too large' };
    default:
      return { code: 'bad_request', message: 'malformed HTTP request' };
  }
}

/** A complete HTTP/1.1 response carrying our error body, for a socket no response object owns. */
export function rawErrorResponse(code: HttpErrorCode, message: string): string {
  const status = HTTP_ERRORS[code];
  const body = JSON.stringify(errorBody(code, message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** How long a connection answered with a parser error may still send before it is cut. */
export const CLIENT_ERROR_LINGER_MS = 2_000;

const answered = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`; Fastify calls it with the instance as
 * `this`): the request never became a request object, so the answer is written to the socket. Like
 * Node's own handler, nothing is written while a response on the socket has started. The socket is
 * then half-closed and read until the client closes or {@link CLIENT_ERROR_LINGER_MS} pass, rather
 * than destroyed at once: a client still sending (oversized headers) would otherwise get a reset that
 * can discard the answer before it reads it.
 */
export function handleClientError(this: { log: Log }, err: Error & { code?: string }, socket: Socket): void {
  // A reset or destroyed connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // The parser reports the same error again for bytes that follow the one already answered.
  if (answered.has(socket)) return;
  answered.add(socket);
  const answer = parserErrorAnswer(err.code ?? '');
  this.log.debug({ err: { code: err.code, message: err.message } }, `malformed request: ${answer.code}`);
  const inFlight: unknown = Reflect.get(socket, '_httpMessage');
  if (!socket.writable || (inFlight instanceof ServerResponse && inFlight.headersSent)) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorResponse(answer.code, answer.message));
  socket.setTimeout(CLIENT_ERROR_LINGER_MS, () => socket.destroy());
}

/**
 * While the server closes, requests still arriving on open connections get 503 service_unavailable
 * (with `Connection: close`) before any other hook runs. Replaces Fastify's `return503OnClosing`,
 * whose body is not ours; register it before every other `onRequest` hook.
 */
export function answerUnavailableWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    void reply.header('connection', 'close');
    throw new HttpError('service_unavailable', 'the server is shutting down');
  });
}
