import { realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { CDN_AREAS, NOT_FOUND_CACHE_CONTROL, isAllowedPath } from './areas';
import type { CdnArea } from './areas';
import { EtagCache, ifNoneMatchSatisfied } from './etag';
import { errorBody, installErrorHandlers } from './errors';
import { registerCdnMetrics, type MetricsAccess } from './metrics';

/** Options of {@link buildCdn}. */
export interface CdnOptions {
  /** Asset root holding `manifests/`, `models/`, `audio/` and `world/`. */
  root: string;
  /**
   * Passed to Fastify: `false` in tests, `true` or a pino config in production. Request logs never
   * show a query string (see {@link serializeCdnRequest}).
   */
  logger?: boolean | object;
  /** Who may read `/metrics` (default: anyone, as outside production without METRICS_TOKEN). */
  metrics?: MetricsAccess;
}

/**
 * The `req` field of the request logs: Fastify's fields with the query string masked. Nothing here
 * is selected by a query, and a client may put a credential in one (a session token copied along
 * with a URL); the log says only that there was one.
 */
export function serializeCdnRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}): Record<string, unknown> {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return {
    method: req.method,
    url: q < 0 ? url : `${url.slice(0, q)}?[REDACTED]`,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Builds (without listening) the companion asset CDN.
 *
 * Kept separate from `listen()` so tests drive it with `app.inject()` and the game server's
 * tests can start one on port 0. Only files inside the areas, matching each area's name
 * rules, are ever opened; the resolved real path must also stay inside the area, so neither
 * `..` segments, encoded separators nor symlinks can escape the root.
 */
export function buildCdn(opts: CdnOptions): FastifyInstance {
  const root = path.resolve(opts.root);
  const app = Fastify({
    logger: opts.logger
      ? { ...(opts.logger === true ? {} : opts.logger), serializers: { req: serializeCdnRequest } }
      : false,
    exposeHeadRoutes: true,
    // Malformed URLs (bad percent-encoding) are answered by the router itself: keep the JSON shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply
        .code(400)
        .header('cache-control', NOT_FOUND_CACHE_CONTROL)
        .send(errorBody('bad_request', error.message));
    },
  });
  const etags = new EtagCache();

  // `serve: false`: only the `reply.sendFile` decorator is used; routing and checks are ours.
  void app.register(fastifyStatic, { serve: false });
  // gzip/brotli (brotli quality 4: per request, 11 is far too slow) for JSON and text: manifests and
  // world data; the models and audio routes opt out below.
  void app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  installErrorHandlers(app);
  registerCdnMetrics(app, opts.metrics ?? { token: undefined, open: true });

  app.addHook('onSend', async (_request, reply, payload) => {
    // A public, credential-free static CDN: any origin may read it (see docs/cdn.md).
    void reply.header('access-control-allow-origin', '*');
    void reply.header('access-control-expose-headers', 'ETag, Content-Length, Content-Type');
    void reply.header('x-content-type-options', 'nosniff');
    return payload;
  });

  app.options('/*', async (_request, reply) => {
    void reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', 'If-None-Match, If-Modified-Since, Range')
      .header('access-control-max-age', '86400');
    return reply.send();
  });

  app.get('/health', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok', timestamp: new Date().toISOString() };
  });

  // In a scope registered after compression, so the compressor's onRoute hook sees these routes;
  // the scope's own onRoute hook then adds, after the compressor's onSend, the one that makes a
  // compressed body's ETag weak (another representation of the file; If-None-Match compares
  // weakly, so it still revalidates), while the identity body keeps the strong one.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      const existing = route.onSend === undefined ? [] : [route.onSend].flat();
      route.onSend = [...existing, weakenEtagWhenEncoded];
    });
    for (const area of CDN_AREAS) {
      const areaRoot = path.join(root, area.name);
      scope.get(
        `/${area.name}/*`,
        // Models (.glb) and audio are compressed formats already (mime-db calls glb compressible).
        { compress: area.name === 'models' || area.name === 'audio' ? false : undefined },
        async (request, reply) => serveAreaFile(area, areaRoot, etags, request, reply),
      );
    }
  });

  return app;
}

async function serveAreaFile(
  area: CdnArea,
  areaRoot: string,
  etags: EtagCache,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const relative = wildcardParam(request);
  const file =
    relative !== undefined && isAllowedPath(area, relative)
      ? await resolveInside(areaRoot, relative)
      : undefined;
  if (relative === undefined || file === undefined) {
    reply.callNotFound();
    return reply;
  }

  const etag = await etags.etagFor(file.absolute, file.stats);
  void reply.header('etag', etag).header('cache-control', area.cacheControl);
  if (ifNoneMatchSatisfied(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  // The static layer streams the file, sets Content-Type/Length and handles Range and HEAD;
  // its own weak ETag and Cache-Control are switched off in favour of ours.
  return reply.sendFile(relative, areaRoot, { etag: false, cacheControl: false, lastModified: true });
}

/** Content types the CDN compresses: JSON and text, never the binary models and audio. */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:json|[a-z0-9.+-]+\+json)|text\/[a-z-]+|image\/svg\+xml)(?:;|$)/i;

async function weakenEtagWhenEncoded(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const etag = reply.getHeader('etag');
  if (
    reply.getHeader('content-encoding') !== undefined &&
    typeof etag === 'string' &&
    !etag.startsWith('W/')
  ) {
    void reply.header('etag', `W/${etag}`);
  }
  return payload;
}

function wildcardParam(request: FastifyRequest): string | undefined {
  const params = request.params;
  if (typeof params !== 'object' || params === null || !('*' in params)) return undefined;
  const value = params['*'];
  return typeof value === 'string' ? value : undefined;
}

/** Resolves `relative` under `areaRoot`, following symlinks, and insists the result stays inside. */
async function resolveInside(
  areaRoot: string,
  relative: string,
): Promise<{ absolute: string; stats: Stats } | undefined> {
  try {
    const [realRoot, realFile] = await Promise.all([
      realpath(areaRoot),
      realpath(path.join(areaRoot, relative)),
    ]);
    if (!realFile.startsWith(realRoot + path.sep)) return undefined;
    const stats = await stat(realFile);
    return stats.isFile() ? { absolute: realFile, stats } : undefined;
  } catch (err) {
    // No such file (or a path no file can have) is a 404; anything else (EACCES, EIO) is the
    // server's fault: thrown, so it is logged and answered 500 instead of hiding as a 404.
    if (isNoSuchFile(err)) return undefined;
    throw err;
  }
}

const NO_SUCH_FILE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP', 'ERR_INVALID_ARG_VALUE']);

function isNoSuchFile(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && NO_SUCH_FILE.has(String(err.code));
}
