import type { FastifyRequest } from 'fastify';

/**
 * Decisions about a request (is it an API call, does it need a token, is it counted by the rate
 * limit) are taken on the route that matched, never on `request.url`: the raw URL is whatever the
 * client wrote (`/%61pi/auth/anonymous`, `/api/../api/x`), while the router has already decoded
 * and matched it. These helpers are the one place that reads the matched route.
 */

/** The pattern of the route that matched (`/api/character/:id`), or undefined for an unknown path. */
export function routedPath(request: FastifyRequest): string | undefined {
  return request.is404 ? undefined : request.routeOptions.url;
}

/** True when the request matched one of the `/api/` routes. */
export function isApiRoute(request: FastifyRequest): boolean {
  return routedPath(request)?.startsWith('/api/') ?? false;
}

/**
 * The path part of the raw URL, percent-decoded, for requests no route matched (where there is no
 * pattern to look at). A path that does not decode is returned as it is.
 */
export function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split(/[?#]/, 1)[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: nothing to decode, and the raw text is the best description.
    return raw;
  }
}
