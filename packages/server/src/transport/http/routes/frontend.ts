import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Production mode: serve the built frontend from the public directory. Unknown GET paths that accept
 * HTML get index.html (single-page-app fallback, see {@link wantsSpaFallback}); API paths keep
 * their JSON 404.
 */
export async function frontendRoutes(app: FastifyInstance, publicDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: publicDir,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    decorateReply: true,
    dotfiles: 'ignore',
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
