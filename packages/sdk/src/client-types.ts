import type { Rid, ServerEventName, ServerPayload, WireFormat } from '@tilerealm/protocol';
import type { ReconnectOption } from './backoff';
import type { GameClient } from './client';
import type { Welcome } from './connection';
import type { TokenRefreshOption } from './token-refresh';
import type { TokenTransport, WebSocketCtor } from './transport';

export interface GameClientOptions {
  /** The server's WebSocket address, e.g. `ws://localhost:5555/ws`. */
  url: string;
  /** Session token. Without one an anonymous-mode server creates a temporary player. */
  token?: string;
  /** Which of the account's characters to play (default: the server's choice). */
  characterId?: string;
  /**
   * Log the character out of the world that holds it first (`takeover=1`), instead of being
   * refused with 4011 `logged_in_elsewhere`. Asked on the first connection only, never on a
   * reconnect.
   */
  takeover?: boolean;
  /**
   * Watch this character of the account read-only instead of playing (`spectate=<characterId>`,
   * not with `characterId` or `takeover`): the session's player is the watched character, every
   * request is refused with `spectator_read_only` (ping excepted), and `spectate:status` says
   * whether it is in the world.
   */
  spectate?: string;
  /** The world number of `url` (set by `GameClient.connectToWorld`), named in a WorldFullError. */
  world?: number;
  /**
   * Wire format (default `msgpack`: the msgpack subprotocol, binary frames, about two thirds of
   * JSON's bytes); `json` for JSON text frames.
   */
  format?: WireFormat;
  /** Reconnect after unexpected drops (default: on, with DEFAULT_RECONNECT). */
  reconnect?: ReconnectOption;
  /** WebSocket implementation (default: `ws` on Node, the global WebSocket in browsers). */
  WebSocket?: WebSocketCtor;
  /** Where the token travels (default: header with the built-in `ws`, query otherwise). */
  tokenIn?: TokenTransport;
  /**
   * Extra HTTP headers on the WebSocket upgrade request, sent with every connection (reconnects
   * too). Node only: `ws` sends them (the default on Node, or a `ws`-compatible constructor given
   * as `WebSocket`); a browser cannot set headers on a WebSocket, so `connect` rejects there when
   * any are given. With the token in the header, it replaces any `Authorization` given here. The
   * agent runtime sends its `X-Agent-Runtime-Secret` this way.
   */
  headers?: Readonly<Record<string, string>>;
  /** Default timeout of `request` (default 10 s). */
  requestTimeoutMs?: number;
  /** Time allowed for the handshake and `session:welcome` (default 10 s). */
  connectTimeoutMs?: number;
  /**
   * Called with the client before its socket opens: handlers registered here see every event,
   * including those the server sends right with `session:welcome` (e.g. `gravestone:update` on
   * joining), which can arrive in the same network read as the welcome and be dispatched before
   * `connect` resolves.
   */
  beforeConnect?: (client: GameClient) => void;
  /**
   * Keeps the session token fresh through `POST /api/auth/refresh` (default: on, renewing once at
   * most 20% of its lifetime is left, checked hourly and before every reconnect). `false` when the
   * caller renews tokens itself and hands them over with `setToken`.
   */
  tokenRefresh?: TokenRefreshOption;
}

/** Extra facts about a delivered message. */
export interface MessageMeta {
  /** The envelope's rid: set when the message answers one of this client's requests. */
  rid: Rid | undefined;
}

/** Handler arguments of server event `E`. */
export type ServerEventHandlerArgs<E extends ServerEventName> = [data: ServerPayload<E>, meta: MessageMeta];

/** Handler arguments of each server event. */
export type ServerEventArgs = { [E in ServerEventName]: ServerEventHandlerArgs<E> };

/** Connection lifecycle, on `client.lifecycle`, apart from game events so names never clash. */
export interface LifecycleEvents {
  /** The socket dropped (or a retry failed); attempt `attempt` starts after `delayMs`. */
  reconnecting: [info: { attempt: number; delayMs: number; code: number; reason: string }];
  /** A reconnect succeeded; `welcome.resumed` says whether the in-world player was kept. */
  reconnected: [info: { attempt: number; welcome: Welcome }];
  /** The client is closed for good: by `close()`, a no-retry close code, or retries exhausted. */
  disconnected: [info: { code: number; reason: string; byClient: boolean }];
  /** The session token was renewed; `client.token` is now `token` (store it where you kept the old one). */
  tokenRefreshed: [info: { token: string; expiresAt: string | undefined }];
  /** A due renewal failed (network, 429, 401 once expired); the old token is kept and retried later. */
  tokenRefreshFailed: [info: { error: Error }];
  /** A frame from the server failed to decode or validate and was dropped. */
  invalidMessage: [info: { reason: string; event: string | undefined }];
}

export type ClientState = 'connecting' | 'open' | 'reconnecting' | 'closed';
