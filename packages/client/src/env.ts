import { z } from 'zod';

/**
 * The client's configuration: the game server's `/env.js` sets `window.__ENV__` (PUBLIC_* values
 * only). Every value is validated; anything missing falls back to the page's own origin, which is
 * right both in production (the server serves the client) and under the dev server's proxy.
 */
const envSchema = z.object({
  PUBLIC_API_URL: z.string().nullish(),
  PUBLIC_WS_URL: z.string().nullish(),
  PUBLIC_CDN_URL: z.string().nullish(),
  PUBLIC_IDP_APP_ID: z.string().nullish(),
  PUBLIC_AUTH_MODE: z.enum(['anonymous', 'identity-provider']).nullish(),
});

export interface ClientEnv {
  /** Base of the REST API (same origin as the page by default). */
  apiUrl: string;
  /** The WebSocket address (`/ws` of the page's origin by default). */
  wsUrl: string;
  /** The asset CDN (models, music). */
  cdnUrl: string;
  authMode: 'anonymous' | 'identity-provider';
  idpAppId: string | undefined;
}

/**
 * Resolves the configuration from `raw` (normally `window.__ENV__`) and the page's location.
 * A page on localhost, or on the API's own origin, talks to its own origin (the game server serves
 * the built client; the dev server proxies the API), whatever port it runs on. A page hosted
 * elsewhere (the spec allows the frontend to be hosted apart from the API) uses PUBLIC_API_URL
 * and PUBLIC_WS_URL.
 */
export function resolveEnv(
  raw: unknown,
  location: { origin: string; protocol: string; host: string; hostname: string },
): ClientEnv {
  const parsed = envSchema.safeParse(raw ?? {});
  const env = parsed.success ? parsed.data : {};
  const sameOriginWs = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
  const remote = env.PUBLIC_API_URL ? originOf(env.PUBLIC_API_URL) : undefined;
  const useRemote = remote !== undefined && remote !== location.origin && !LOCAL_HOSTS.has(location.hostname);
  return {
    apiUrl: useRemote ? remote : location.origin,
    wsUrl: useRemote && env.PUBLIC_WS_URL ? env.PUBLIC_WS_URL : sameOriginWs,
    cdnUrl: (env.PUBLIC_CDN_URL ?? 'http://localhost:8080').replace(/\/+$/, ''),
    authMode: env.PUBLIC_AUTH_MODE ?? (env.PUBLIC_IDP_APP_ID ? 'identity-provider' : 'anonymous'),
    idpAppId: env.PUBLIC_IDP_APP_ID ?? undefined,
  };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function currentEnv(): ClientEnv {
  return resolveEnv(Reflect.get(window, '__ENV__'), window.location);
}
