import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';

/** How long the agent runtime has to answer a proxied request. */
export const AGENT_PROXY_TIMEOUT_MS = 10_000;

/** Request headers passed on; the runtime checks the owner itself from the Authorization header. */
const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept'] as const;

/**
 * `/api/agent/*` is the agent runtime's own REST API (list, create, start, stop and delete agents;
 * activity log), reached through the game server so a browser needs one origin and one token. The
 * path and query are passed unchanged to AGENT_API_URL (`/api/agent/agents` becomes
 * `${AGENT_API_URL}/api/agent/agents`), with the Authorization header; the runtime's status, content
 * type and body come back as they are. An unreachable or silent runtime is a 503 service_unavailable.
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
      let res: Response;
      try {
        res = await fetch(new URL(request.url, target), {
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
