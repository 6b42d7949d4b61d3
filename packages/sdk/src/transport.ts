import { MSGPACK_SUBPROTOCOL, type WireFormat } from '@tilerealm/protocol';

/**
 * The part of the WebSocket API the SDK uses: the browser's global `WebSocket` and the `ws`
 * package both satisfy it, so one client runs in browsers, Node, agents and tests alike.
 */
export interface WebSocketLike {
  readonly readyState: number;
  readonly protocol: string;
  binaryType: string;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: 'open' | 'error', listener: (event: unknown) => void): void;
}

/** A WebSocket constructor. The third argument (headers) is honoured by `ws` and ignored by browsers. */
export type WebSocketCtor = new (
  url: string,
  protocols?: string | string[],
  options?: { headers?: Record<string, string> },
) => WebSocketLike;

/** `WebSocket.OPEN`, identical in every implementation. */
export const OPEN = 1;

/** How the session token travels: `?token=` (works everywhere) or an `Authorization` header (Node only). */
export type TokenTransport = 'query' | 'header';

function isWebSocketCtor(value: unknown): value is WebSocketCtor {
  return typeof value === 'function';
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/**
 * Picks the WebSocket implementation: the one given, else `ws` on Node (it can send an
 * Authorization header, so the token stays out of URLs and logs), else the global `WebSocket`.
 * Returns the token transport that implementation supports by default. Extra upgrade `headers`
 * need Node: a browser cannot set headers on a WebSocket, so asking for any there throws rather
 * than connect without them.
 */
export async function resolveWebSocket(
  given: WebSocketCtor | undefined,
  headers: Readonly<Record<string, string>> = {},
  node: boolean = isNode(),
): Promise<{ ctor: WebSocketCtor; tokenIn: TokenTransport }> {
  if (!node && Object.keys(headers).length > 0)
    throw new Error('the headers option needs Node (the ws package): a browser cannot set WebSocket headers');
  if (given) return { ctor: given, tokenIn: 'query' };
  if (node) {
    const mod = await import('ws');
    return { ctor: mod.WebSocket, tokenIn: 'header' };
  }
  const global: unknown = Reflect.get(globalThis, 'WebSocket');
  if (isWebSocketCtor(global)) return { ctor: global, tokenIn: 'query' };
  throw new Error('no WebSocket implementation: pass one as the WebSocket option');
}

export interface SocketTarget {
  url: string;
  token: string | undefined;
  characterId: string | undefined;
  format: WireFormat;
  tokenIn: TokenTransport;
  /** Adds `takeover=1`: log the character out of another world first (see GameClientOptions). */
  takeover?: boolean;
  /** Adds `spectate=<characterId>`: a read-only spectate session of that character. */
  spectate?: string;
  /** The world number of `url`, when known: named in a WorldFullError. */
  world?: number;
  /** Extra headers on the upgrade request (Node only: see GameClientOptions.headers). */
  headers?: Readonly<Record<string, string>>;
}

/** The connection URL with `characterId` (and `token` when it travels in the query) added. */
export function buildSocketUrl(target: SocketTarget): string {
  const url = new URL(target.url);
  if (target.token !== undefined && target.tokenIn === 'query') url.searchParams.set('token', target.token);
  if (target.characterId !== undefined) url.searchParams.set('characterId', target.characterId);
  if (target.takeover === true) url.searchParams.set('takeover', '1');
  if (target.spectate !== undefined) url.searchParams.set('spectate', target.spectate);
  return url.toString();
}

/**
 * The upgrade request's headers: the extra ones asked for, and the token's `Authorization` when it
 * travels in the header (it replaces an `Authorization` among the extra ones, whatever its case).
 */
function upgradeHeaders(target: SocketTarget): Record<string, string> {
  const inHeader = target.tokenIn === 'header';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(target.headers ?? {}))
    if (!(inHeader && name.toLowerCase() === 'authorization')) headers[name] = value;
  if (target.token !== undefined && inHeader) headers.authorization = `Bearer ${target.token}`;
  return headers;
}

export interface SocketHandlers {
  onOpen(): void;
  onFrame(raw: string | Uint8Array, isBinary: boolean): void;
  /** Called exactly once, however the socket ends (refused handshake, network error, close frame). */
  onClose(code: number, reason: string): void;
}

function fieldOf(event: unknown, key: string): unknown {
  return typeof event === 'object' && event !== null ? Reflect.get(event, key) : undefined;
}

/** Normalises a message event's data to a text frame or a binary frame. */
export function frameOf(data: unknown): { raw: string | Uint8Array; isBinary: boolean } | undefined {
  if (typeof data === 'string') return { raw: data, isBinary: false };
  if (data instanceof Uint8Array) return { raw: data, isBinary: true };
  if (data instanceof ArrayBuffer) return { raw: new Uint8Array(data), isBinary: true };
  return undefined;
}

/**
 * Opens a socket and routes its events to `handlers`. Asks for the msgpack subprotocol when the
 * format is msgpack, receives binary frames as ArrayBuffers, and folds an `error` event's message
 * into the close reason, because a refused handshake only shows up as 1006 otherwise.
 */
export function openSocket(
  ctor: WebSocketCtor,
  target: SocketTarget,
  handlers: SocketHandlers,
): WebSocketLike {
  const protocols = target.format === 'msgpack' ? [MSGPACK_SUBPROTOCOL] : undefined;
  const headers = upgradeHeaders(target);
  const url = buildSocketUrl(target);
  // Browsers must not get a `protocols` argument at all when there is none: Chromium sends an
  // undefined one as a literal "undefined" subprotocol, which the server (rightly) does not echo.
  // Nor do they get headers: resolveWebSocket refuses extra ones outside Node.
  const socket =
    target.tokenIn === 'header' || Object.keys(headers).length > 0
      ? new ctor(url, protocols, { headers })
      : protocols
        ? new ctor(url, protocols)
        : new ctor(url);
  socket.binaryType = 'arraybuffer';
  let lastError = '';
  let closed = false;
  socket.addEventListener('open', () => handlers.onOpen());
  socket.addEventListener('error', (event) => {
    const message = fieldOf(event, 'message');
    if (typeof message === 'string') lastError = message;
  });
  socket.addEventListener('message', (event) => {
    const frame = frameOf(event.data);
    if (frame) handlers.onFrame(frame.raw, frame.isBinary);
  });
  socket.addEventListener('close', (event) => {
    if (closed) return;
    closed = true;
    handlers.onClose(event.code, event.reason.length > 0 ? event.reason : lastError);
  });
  return socket;
}
