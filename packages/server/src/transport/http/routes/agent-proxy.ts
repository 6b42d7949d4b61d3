import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';

/** How long the agent runtime has to answer a proxied request. */
export const AGENT_PROXY_TIMEOUT_MS = 10_000;

/** Request headers passed on; the runtime checks the owner itself from the Authorization header. */
const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept'] as const;

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
 * (a second decoding upstream), control characters such as NUL, and empty segments.
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

/**
 * `/api/agent/*` is the agent runtime's own REST API (list, create, start, stop and delete agents;
 * activity log), reached through the game server so a browser needs one origin and one token. The
 * path and query go to AGENT_API_URL (`/api/agent/agents` becomes `${AGENT_API_URL}/api/agent/agents`),
 * confined to `/api/agent/` (see {@link agentUpstreamUrl}), with the Authorization header; the
 * runtime's status, content type and body come back as they are. An unreachable or silent runtime is
 * a 503 service_unavailable.
 */
export async function agentProxyRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const target = deps.config.agentApiUrl;
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/agent/*',
    schema: { tags: ['agents'], summary: 'Proxied to the agent runtime (AGENT_API_URL)', hide: true },
    handler: async (request, reply) => {
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_REQUEST_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const hasBody = request.method !== 'GET' && request.method !== 'DELETE' && request.body !== undefined;
      if (hasBody) headers['content-type'] = 'application/json';
      const upstream = agentUpstreamUrl(target, wildcardOf(request.params), rawPathAndQuery(request.url));
      let res: Response;
      try {
        res = await fetch(upstream, {
          method: request.method,
          headers,
          ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
          redirect: 'manual',
          signal: AbortSignal.timeout(AGENT_PROXY_TIMEOUT_MS),
        });
      } catch (err) {
        request.log.warn({ err, target }, 'agent runtime unreachable');
        throw new HttpError('service_unavailable', 'the agent runtime is not reachable');
      }
      const body = Buffer.from(await res.arrayBuffer());
      const type = res.headers.get('content-type');
      if (type) void reply.header('content-type', type);
      return reply.code(res.status).send(body);
    },
  });
}
