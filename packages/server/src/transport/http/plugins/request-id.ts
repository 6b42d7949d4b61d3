import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id arrives in (from a proxy or a client) and is echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Longest incoming request id honoured. */
export const MAX_REQUEST_ID_LENGTH = 128;

// Letters, digits and `.`, `_`, `:`, `-`: UUIDs, trace ids and proxies' ids, nothing that can break
// a log line or a header (no spaces, quotes, commas: several ids in one header are not honoured).
const WELL_FORMED = new RegExp(`^[A-Za-z0-9._:-]{1,${MAX_REQUEST_ID_LENGTH}}$`);

/**
 * Fastify's `genReqId`: the request's `x-request-id` when it is well formed (so a proxy's or a
 * client's id follows the request into these logs), a new random UUID otherwise. The id is every
 * request log line's `reqId` and comes back in the `x-request-id` response header.
 */
export function requestIdOf(req: { headers: IncomingHttpHeaders }): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/** Fastify options that give every request its id ({@link requestIdOf}; the header is read there). */
export const requestIdOptions = { requestIdHeader: false, genReqId: requestIdOf } as const;

/**
 * Echoes the request id in the `x-request-id` header of every response, errors included (the first
 * `onRequest` hook: it runs before anything else can answer).
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}
