import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../app/config';

/** Responses smaller than this go out uncompressed: the saving would not pay for the work. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for responses compressed per request. 11 (zlib's default) costs tens of
 * milliseconds per hundred kilobytes; 4 compresses about as well as gzip at a fraction of its time.
 * The client's hashed assets are compressed once at build time (quality 11), not here.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Content types worth compressing: JSON (the API, the manifests), JavaScript (the client,
 * /env.js), CSS, HTML, web manifests, SVG and plain text. Binary formats (models, audio, images)
 * are compressed already and are left alone.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:json|javascript|manifest\+json|[a-z0-9.+-]+\+json)|text\/(?:javascript|css|html|plain)|image\/svg\+xml)(?:;|$)/i;

/**
 * gzip and brotli for the responses registered after it (so before the routes), negotiated by
 * Accept-Encoding. WebSocket upgrades never reach it: the upgrade is hijacked before any onSend
 * hook, and an upgrade request is skipped here anyway.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    // Request bodies stay plain: the API's bodies are small and a compressed body could hide a
    // far larger one from the body limit.
    globalDecompression: false,
  });
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The WebSocket origin for an http(s) origin (`http://h` → `ws://h`). */
function wsOriginOf(httpOrigin: string): string {
  return httpOrigin.replace(/^http/, 'ws');
}

/** True when the public addresses say the server is reached over https. */
export function servedOverHttps(config: Config): boolean {
  return [config.publicApiUrl, config.publicAppUrl].some((u) => u?.startsWith('https:') === true);
}

/**
 * The Content-Security-Policy directives for the browser client, derived from the configuration:
 * scripts and styles from the server itself (the built client and /env.js; no inline code), models,
 * music and manifests from PUBLIC_CDN_URL, the REST API (PUBLIC_API_URL), the WebSocket
 * (PUBLIC_WS_URL, and any WebSocket host for the other worlds of the world list) and voice
 * (VOICE_URL) as connections.
 * three.js decodes the textures inside models through blob: URLs; the favicon is a data: URI.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const cdn = originOf(config.publicCdnUrl);
  const api = originOf(config.publicApiUrl);
  const ws = originOf(config.publicWsUrl.replace(/^ws/, 'http'));
  const voice = config.voice ? originOf(config.voice.url.replace(/^ws/, 'http')) : undefined;
  const connect = new Set(["'self'"]);
  for (const origin of [cdn, api]) if (origin) connect.add(origin);
  for (const origin of [api, ws, voice]) if (origin) connect.add(wsOriginOf(origin));
  if (voice) connect.add(voice);
  // The world list names every world's WebSocket address, which only the shared registry knows at
  // run time (a world started after this one, a host behind a load balancer): any WebSocket host
  // is allowed, over TLS only when the site is.
  connect.add('wss:');
  if (!servedOverHttps(config)) connect.add('ws:');
  const cdnOnly = cdn ? [cdn] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...cdnOnly],
    'media-src': ["'self'", 'blob:', ...cdnOnly],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...connect],
    'worker-src': ["'self'", 'blob:'],
  };
  if (servedOverHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Security headers (helmet) with the client's Content-Security-Policy on every response.
 * Strict-Transport-Security is sent only on requests that arrived over https (directly, or through
 * a trusted proxy's X-Forwarded-Proto): over plain http a browser ignores it, and sending it from a
 * server that is not behind TLS would be a promise nobody keeps.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: false,
    // /env.js and the manifests may be loaded by a client hosted on another site (see the spec).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') {
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });
}

/**
 * Swagger UI's own policy (it needs its inline bootstrap hashes and styles): the plugin's, with
 * upgrade-insecure-requests only when the server is reached over https.
 */
export function docsCspTransform(config: Config): (header: string) => string {
  const https = servedOverHttps(config);
  return (header) => (https ? header : header.replace(/\s*upgrade-insecure-requests;?/g, '').trim());
}
