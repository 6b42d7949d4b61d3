/**
 * Credentials never reach the logs. Session tokens travel in `?token=` (the WebSocket URL) and in
 * `Authorization` headers; identity-provider tokens, codes and secrets in bodies and queries. Three
 * layers keep them out, each cheap: the request serializer masks credential query parameters in
 * the logged URL, pino's `redact` masks known fields, and {@link scrubLogLine} masks whatever is
 * left in the finished line (a URL quoted in an error message, a bearer header in a dumped object,
 * a token-shaped string anywhere).
 */

/** What stands in for a removed credential. */
export const REDACTED = '[REDACTED]';

/** Query parameter names that carry credentials, compared lower-case without `-` and `_`. */
const CREDENTIAL_NAMES = new Set([
  'code',
  'auth',
  'authorization',
  'jwt',
  'key',
  'apikey',
  'signature',
  'sig',
]);
const CREDENTIAL_SUFFIX = /(?:token|secret|password|passwd)$/;

/** Whether a query parameter (or field) name is one that carries a credential. */
export function isCredentialName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[-_]/g, '');
  return CREDENTIAL_NAMES.has(plain) || CREDENTIAL_SUFFIX.test(plain);
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * A request URL (path and query) with the value of every credential-like query parameter masked
 * (`/ws?token=abc&characterId=x` becomes `/ws?token=[REDACTED]&characterId=x`). Names are compared
 * decoded, so `?tok%65n=` is masked too; every other parameter is kept as sent.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      return isCredentialName(decodedName(rawName)) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${masked}${hash < 0 ? '' : url.slice(hash)}`;
}

/** The fields of a request as Fastify's request logs show them. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * The `req` serializer: Fastify's fields (method, url, host, address, port; no headers) with the
 * URL's credentials masked. Fastify logs `req` with every request ("incoming request").
 */
export function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const CREDENTIAL_FIELDS = [
  'token',
  'accessToken',
  'access_token',
  'idToken',
  'idpToken',
  'refreshToken',
  'authorization',
  'password',
  'secret',
  'adminCode',
  'jwtSecret',
  'appSecret',
  'apiSecret',
];

/**
 * pino `redact` paths: credential fields at the top level and one level down, and the headers that
 * carry credentials wherever a request or its headers are logged.
 */
export const REDACT_PATHS: string[] = [
  ...CREDENTIAL_FIELDS,
  ...CREDENTIAL_FIELDS.map((f) => `*.${f}`),
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["sec-websocket-protocol"]',
];

// A credential query parameter inside any text: `?token=…`, `&access_token=…`, `&code=…`.
const QUERY_CREDENTIAL =
  /([?&](?:[\w.~-]*?(?:token|secret|password|passwd)|code|auth|authorization|jwt|key|api[_-]?key|signature|sig)=)[^&#\s"\\]*/gi;
// An Authorization header value: `Bearer …`, `Basic …`.
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
// A JSON field whose name says it holds a credential, at any depth.
const CREDENTIAL_FIELD =
  /("(?:[\w-]*(?:token|secret|password|passwd)|authorization|cookie|adminCode)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
// A JSON Web Token (header and payload both start with `{"`, base64url `eyJ`), wherever it appears.
const JWT = /\beyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g;

/**
 * The last layer: masks credentials in a finished log line (pino's `streamWrite` hook), whatever
 * field or message they ended up in. Idempotent; a line without any is returned unchanged.
 */
export function scrubLogLine(line: string): string {
  return line
    .replace(QUERY_CREDENTIAL, `$1${REDACTED}`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(CREDENTIAL_FIELD, `$1"${REDACTED}"`)
    .replace(JWT, REDACTED);
}
