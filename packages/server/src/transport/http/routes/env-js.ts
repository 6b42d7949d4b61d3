import type { FastifyInstance } from 'fastify';
import { publicEnv } from '../../../app/config';
import type { HttpDeps } from '../deps';

/**
 * Client configuration as a script: `window.__ENV__ = {...}`. Only PUBLIC_* values are exposed; the
 * object is built from an explicit list (never by filtering the environment), so a secret cannot leak.
 */
export async function envJsRoute(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const body = renderEnvJs(publicEnv(deps.config));
  app.get(
    '/env.js',
    { schema: { tags: ['client'], summary: 'Client-visible configuration (PUBLIC_* only)' } },
    async (_req, reply) => {
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

export function renderEnvJs(values: Record<string, string | null>): string {
  // JSON inside a script: escape '<' so a value can never close a surrounding <script> tag.
  const json = JSON.stringify(values, null, 2).replace(/</g, '\\u003c');
  return `window.__ENV__ = Object.freeze(${json});\n`;
}
