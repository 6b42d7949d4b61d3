import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodedPath } from '../route-path';

/** Paths that belong to the API and must never fall back to the single-page app. */
const API_PREFIXES = [
  '/api/',
  '/ws',
  '/manifests/',
  '/health',
  '/status',
  '/ready',
  '/env.js',
  '/docs',
  '/openapi.json',
];

/** True when a built frontend (index.html) exists in the public directory. */
export function hasBuiltFrontend(publicDir: string | undefined): publicDir is string {
  return publicDir !== undefined && existsSync(join(publicDir, 'index.html'));
}

/** Files the client build names by their content (Vite's `assets/<name>-<hash>.<ext>`): never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else (index.html, unhashed files): cached, but revalidated before each use. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

/** The Cache-Control of a file of the built client, by its path relative to the public directory. */
export function clientCacheControl(relativePath: string): string {
  const path = relativePath
    .split(sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  return HASHED_ASSET.test(path) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
}

/**
 * Production mode: serve the built frontend from the public directory. Unknown GET paths that accept
 * HTML get index.html (single-page-app fallback, see {@link wantsSpaFallback}); API paths keep
 * their JSON 404. Hashed assets are cached for a year, the rest revalidated ({@link clientCacheControl});
 * the `.br`/`.gz` files the client build writes next to its assets are sent to clients that accept
 * them. Source maps are answered 404 unless `serveSourceMaps` (development).
 */
export async function frontendRoutes(
  app: FastifyInstance,
  publicDir: string,
  options: { serveSourceMaps: boolean },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: publicDir,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    decorateReply: true,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathName) => options.serveSourceMaps || !pathName.endsWith('.map'),
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', clientCacheControl(relative(publicDir, filePath)));
    },
  });
}

/**
 * True for a browser navigation to a client-side route (not an API path, not a missing asset). Only
 * asked for paths no route matched; the path is looked at decoded, so `/%61pi/x` is an API path.
 */
export function wantsSpaFallback(request: FastifyRequest): boolean {
  const path = decodedPath(request);
  const wantsHtml = (request.headers.accept ?? '').includes('text/html');
  return request.method === 'GET' && wantsHtml && !API_PREFIXES.some((p) => path.startsWith(p));
}
