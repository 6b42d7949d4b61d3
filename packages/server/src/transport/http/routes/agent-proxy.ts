import type { IncomingHttpHeaders } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';

/** How long the agent runtime has to answer a proxied request. */
export const AGENT_PROXY_TIMEOUT_MS = 10_000;

/** The prefix the proxy serves and the only place upstream it reaches. */
export const AGENT_PROXY_PREFIX = '/api/agent/';

function wildcardOf(params: unknown): string {
  if (typeof params === 'object' && params !== null && '*' in params && typeof params['*'] === 'string') {
    return params['*'];
  }
  return '';
}

function rawPathAndQuery(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q) };
}

/**
 * The runtime's address for a proxied request: `${target}/api/agent/<rest>` where `<rest>` is the
 * routed wildcard (already percent-decoded by the router), checked segment by segment and encoded
 * again, plus the query string as it came. Anything that could make the runtime see a path outside
 * `/api/agent/` is refused with 400 invalid_path: `.` or `..` segments (however encoded), an encoded
 * `/` or `\` (the runtime would decode it into a separator), a backslash, `%` left after decoding
 * (a second decoding upstream), control characters such as NUL, empty segments, and a query
 * string that is not valid percent-encoding.
 */
export function agentUpstreamUrl(
  target: string,
  wildcard: string,
  raw: { path: string; query: string },
): URL {
  const refuse = (why: string): never => {
    throw new HttpError('invalid_path', `agent API path refused: ${why}`);
  };
  if (/%(2f|5c)/i.test(raw.path)) refuse('encoded "/" or "\\"');
  try {
    decodeURIComponent(raw.query);
  } catch {
    refuse('malformed percent-encoding in the query'); // the proxy layer decodes it and would throw
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(wildcard)) refuse('control character');
  if (wildcard.includes('\\')) refuse('backslash');
  if (wildcard.includes('%')) refuse('"%" after decoding');
  const segments = wildcard.split('/');
  segments.forEach((segment, i) => {
    if (segment === '.' || segment === '..') refuse('dot segment');
    if (segment === '' && i < segments.length - 1) refuse('empty segment');
  });
  let encoded = '';
  try {
    encoded = segments.map(encodeURIComponent).join('/');
  } catch {
    refuse('not valid text'); // a lone surrogate: encodeURIComponent throws URIError
  }
  const url = new URL(`${AGENT_PROXY_PREFIX}${encoded}${raw.query}`, target);
  // Belt and braces: whatever the checks above missed, the URL must be on the runtime, under the prefix.
  if (url.origin !== new URL(target).origin || !url.pathname.startsWith(AGENT_PROXY_PREFIX)) {
    refuse('outside /api/agent/');
  }
  return url;
}

/** Request headers passed on to the runtime (others, cookies included, stay here). */
const FORWARDED_REQUEST_HEADERS = [
  'authorization',
  'content-type',
  'content-length',
  'accept',
  'accept-encoding',
  'accept-language',
  'if-none-match',
  'if-modified-since',
  'user-agent',
] as const;

/** Hop-by-hop headers (RFC 9110 7.6.1): about one connection, never passed through a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

type Headers = IncomingHttpHeaders;

/** The request headers the runtime sees: the allowed ones, with the runtime's own Host. */
export function forwardedRequestHeaders(incoming: Headers, host: string): Headers {
  const out: Headers = { host };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The runtime's response headers without the hop-by-hop ones (and those its Connection names). */
export function passedResponseHeaders(upstream: Headers): Headers {
  const named = String(upstream['connection'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  const out: Headers = {};
  for (const [name, value] of Object.entries(upstream)) {
    const lower = name.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && !named.includes(lower)) out[lower] = value;
  }
  return out;
}

const CHECKED_URL = Symbol('agentUpstreamPath');
type CheckedRequest = FastifyRequest & { [CHECKED_URL]?: string };

/**
 * `/api/agent/*` is the agent runtime's own REST API (list, create, start, stop and delete agents;
 * activity log), reached through the game server so a browser needs one origin and one token. The
 * path and query go to AGENT_API_URL (`/api/agent/agents` becomes `${AGENT_API_URL}/api/agent/agents`),
 * confined to `/api/agent/` (see {@link agentUpstreamUrl}), through @fastify/http-proxy: request and
 * response bodies are streamed, not buffered; the allowed request headers go up
 * ({@link forwardedRequestHeaders}), every response header but the hop-by-hop ones comes back. An
 * unreachable or silent runtime (no response headers within {@link AGENT_PROXY_TIMEOUT_MS}) is a
 * 503 service_unavailable; nothing is retried (the runtime's answers are not all idempotent).
 */
export async function agentProxyRoutes(
  app: FastifyInstance,
  deps: Pick<HttpDeps, 'config'>,
  { timeoutMs = AGENT_PROXY_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<void> {
  const target = deps.config.agentApiUrl;
  // In a scope of its own, so the proxy's routes can be hidden from the OpenAPI document (the
  // runtime documents its own API) without touching other routes.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    await registerProxy(scope, target, timeoutMs);
  });
}

async function registerProxy(app: FastifyInstance, target: string, timeoutMs: number): Promise<void> {
  const targetHost = new URL(target).host;
  await app.register(httpProxy, {
    upstream: target,
    prefix: '/api/agent',
    rewritePrefix: '/api/agent',
    routes: ['/*'],
    httpMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    undici: {
      connectTimeout: timeoutMs,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    },
    disableRequestLogging: true,
    // Runs before the library's own destination checks, so a refused path is our 400 invalid_path.
    preHandler: (request: CheckedRequest, _reply, done) => {
      try {
        const url = agentUpstreamUrl(target, wildcardOf(request.params), rawPathAndQuery(request.url));
        const checked = `${url.pathname}${url.search}`;
        request[CHECKED_URL] = checked;
        // The library checks the request's own URL again before the handler; an absolute-form
        // request line (`GET http://host/api/agent/...`) would fail that, so it sees the checked path.
        request.raw.url = checked;
        done();
      } catch (err) {
        done(err as FastifyError);
      }
    },
    handler: (request: CheckedRequest, reply, _dest, options) => {
      // The path checked (and re-encoded) in preHandler, not the library's own rewrite of it.
      const checked = request[CHECKED_URL];
      if (checked === undefined) throw new HttpError('invalid_path', 'agent API path refused');
      return reply.from(checked, options);
    },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) =>
        forwardedRequestHeaders({ ...request.headers, ...headers }, targetHost),
      rewriteHeaders: (headers) => passedResponseHeaders(headers),
      onError: (reply, { error }) => {
        reply.request.log.warn({ err: error, target }, 'agent runtime unreachable');
        void reply.send(new HttpError('service_unavailable', 'the agent runtime is not reachable'));
      },
      retryDelay: () => null,
    },
  });
}
