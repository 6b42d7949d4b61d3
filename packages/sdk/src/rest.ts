import { z } from 'zod';
import { SdkError } from './errors';
import { isRefreshDue, REFRESH_THRESHOLD } from './token';
import { worldListSchema, type WorldEntry } from './worlds';

/** The server's HTTP error body: `{ "error": { "code", "message", "details"? } }`. */
const errorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.array(z.unknown()).optional() }),
});

/**
 * An HTTP request failed. `code` is the server's stable error code (e.g. `name_taken`,
 * `invalid_token`), or `http_<status>` when the body was not an error body; `status` the HTTP status.
 */
export class ApiError extends SdkError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error body's `details` (validation issues, rate-limit figures), when present. */
    readonly details: unknown[] | undefined,
  ) {
    super(message);
  }
}

export const anonymousSessionSchema = z.object({
  token: z.string(),
  accountId: z.string(),
  tokenType: z.string().optional(),
  anonymous: z.boolean().optional(),
  expiresAt: z.string().optional(),
});
export type AnonymousSession = z.infer<typeof anonymousSessionSchema>;

export const refreshedTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type RefreshedToken = z.infer<typeof refreshedTokenSchema>;

export const meSchema = z.looseObject({
  accountId: z.string(),
  anonymous: z.boolean(),
  isAdmin: z.boolean().optional(),
  via: z.string().optional(),
});
export type Me = z.infer<typeof meSchema>;

/** The player resource as the REST API shows it to its owner; unknown extra fields are kept. */
export const playerResourceSchema = z.looseObject({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  combatLevel: z.number().int(),
  health: z.number().int(),
  maxHealth: z.number().int(),
  coins: z.number().int(),
  position: z.object({ x: z.number(), y: z.number(), z: z.number() }),
  skills: z.record(z.string(), z.object({ level: z.number().int(), xp: z.number().int() })),
});
export type PlayerResource = z.infer<typeof playerResourceSchema>;

const playerEnvelope = z.object({ player: playerResourceSchema, created: z.boolean().optional() });
export type PlayerResponse = z.infer<typeof playerEnvelope>;

/** The WebSocket address that goes with an HTTP base address: `http://h:5555` -> `ws://h:5555/ws`. */
export function socketUrlOf(baseUrl: string): string {
  const url = new URL('/ws', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The HTTP base address that goes with a WebSocket address: `ws://h:5555/ws` -> `http://h:5555`. */
export function httpBaseOf(socketUrl: string): string {
  const url = new URL(socketUrl);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = url.pathname.replace(/\/ws\/?$/, '/');
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/$/, '');
}

/**
 * A small client for the REST calls a player or agent needs before it connects: an anonymous
 * identity, its player, and reading it back. Uses the global fetch (Node 18+ and browsers);
 * every response is validated, every error surfaces as an ApiError.
 */
export class RestClient {
  constructor(
    readonly baseUrl: string,
    /** Bearer token for authenticated calls; `anonymous()` sets it. */
    public token?: string,
  ) {}

  /** POST /api/auth/anonymous: a temporary identity (anonymous mode only). Keeps the token. */
  async anonymous(): Promise<AnonymousSession> {
    const session = await this.call('POST', '/api/auth/anonymous', undefined, anonymousSessionSchema);
    this.token = session.token;
    return session;
  }

  /** GET /api/auth/me: the account behind the token (ApiError 401 when the token is not accepted). */
  me(): Promise<Me> {
    return this.call('GET', '/api/auth/me', undefined, meSchema);
  }

  /**
   * POST /api/auth/refresh: a new token for the same account with a full lifetime, which replaces
   * `token`. The old one stays valid until its own expiry. ApiError 401 once the token has expired
   * (the account must sign in again).
   */
  async refresh(): Promise<RefreshedToken> {
    const fresh = await this.call('POST', '/api/auth/refresh', undefined, refreshedTokenSchema);
    this.token = fresh.token;
    return fresh;
  }

  /**
   * Refreshes the token when at most `threshold` of its lifetime is left (see REFRESH_THRESHOLD);
   * resolves with the new token, or undefined when none was due.
   */
  async refreshIfDue(nowMs = Date.now(), threshold = REFRESH_THRESHOLD): Promise<RefreshedToken | undefined> {
    if (this.token === undefined || !isRefreshDue(this.token, nowMs, threshold)) return undefined;
    return this.refresh();
  }

  /**
   * GET /api/v1/worlds (public): the worlds of the deployment, by number, each with its WebSocket
   * `address`, population, capacity, activity and status; `current` marks the world asked. A server
   * without a world list answers ApiError 404 (it is a single world: connect to its own address).
   */
  async listWorlds(): Promise<WorldEntry[]> {
    const { worlds } = await this.call('GET', '/api/v1/worlds', undefined, worldListSchema);
    return [...worlds].sort((a, b) => a.id - b.id);
  }

  /** POST /api/v1/player: creates the account's player (or renames it if it has one). */
  createPlayer(name: string, template?: string): Promise<PlayerResponse> {
    const body = template === undefined ? { name } : { name, template };
    return this.call('POST', '/api/v1/player', body, playerEnvelope);
  }

  /** GET /api/v1/player: the account's player (ApiError `no_character` before one exists). */
  getPlayer(): Promise<PlayerResponse> {
    return this.call('GET', '/api/v1/player', undefined, playerEnvelope);
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token !== undefined) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      const err = errorBody.safeParse(json);
      if (err.success)
        throw new ApiError(
          response.status,
          err.data.error.code,
          err.data.error.message,
          err.data.error.details,
        );
      throw new ApiError(
        response.status,
        `http_${response.status}`,
        text.slice(0, 200) || response.statusText,
        undefined,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        'bad_response',
        `${method} ${path}: unexpected response: ${parsed.error.message}`,
        undefined,
      );
    }
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `GET /api/v1/worlds` of the server at `baseUrl`: see RestClient.listWorlds. */
export function listWorlds(baseUrl: string): Promise<WorldEntry[]> {
  return new RestClient(baseUrl).listWorlds();
}
