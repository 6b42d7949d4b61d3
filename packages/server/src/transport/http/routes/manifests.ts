import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps';

export const MANIFEST_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

/**
 * GET /manifests/{file}: the manifests this server loaded (its cached copy), with ETag and 304 on
 * If-None-Match and the spec's five-minute cache lifetime. Only `.json` files; no directory listing.
 */
export async function manifestRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  await app.register(fastifyStatic, {
    root: deps.manifestsDir,
    prefix: '/manifests/',
    decorateReply: false,
    index: false,
    list: false,
    etag: true,
    lastModified: true,
    cacheControl: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => pathName.endsWith('.json') && !pathName.includes('..'),
    setHeaders: (res) => {
      res.setHeader('cache-control', MANIFEST_CACHE_CONTROL);
    },
  });
}
