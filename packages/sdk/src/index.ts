/**
 * # @tilerealm/sdk
 *
 * The typed client of a tilerealm game server, shared by the browser client, the agent runtime and
 * the end-to-end tests, so every one of them speaks the public protocol the same way (agents are
 * players: there is no back door). Event names and payload types come from `@tilerealm/protocol`;
 * every message from the server is validated against its schema before a handler sees it.
 *
 * - `GameClient.connect` opens `ws://host:port/ws`, resolves after `session:welcome`, and rejects
 *   with a `ConnectionClosedError` (close code + reason) when the server refuses the login.
 * - `on` / `once` / `off` / `waitFor` for server events; `send` (fire and forget) and `request`
 *   (auto rid; resolves with the `ack` / `pong` / `player:sync` payload, rejects with `GameError`).
 * - Reconnects with exponential backoff after an unexpected drop, reusing the token (an anonymous
 *   player's token comes in the welcome), so the player resumes in the world. It does not
 *   reconnect after `close()` or close codes 1000, 4000 replaced, 4001 unauthorized,
 *   4005 character unavailable, 4006 kicked, 4011 logged in elsewhere; it waits at least `savePendingDelayMs` after 4004.
 *   Watch `client.lifecycle` for `reconnecting`, `reconnected`, `disconnected`.
 * - msgpack binary frames by default (the msgpack subprotocol); `format: 'json'` for JSON text frames.
 * - Works with the `ws` package on Node (default there, token in an Authorization header) and the
 *   global `WebSocket` in browsers (token in `?token=`), or any constructor passed as `WebSocket`.
 * - Keeps its session token fresh: renews it through `POST /api/auth/refresh` once at most 20% of
 *   its lifetime is left (before connecting, before each reconnect, hourly while connected) and
 *   emits `tokenRefreshed`; `tokenRefresh: false` and `setToken` when the caller renews it itself.
 * - `RestClient` for the few HTTP calls a player needs: anonymous identity, create / read player,
 *   `me`, `refresh` / `refreshIfDue` (the same renewal, for a token kept outside a GameClient),
 *   and `listWorlds` (the world list, with each world's address, population and status).
 * - Many worlds: `GameClient.connectToWorld(entry, options)` connects to a world of the list; a
 *   refusal is a LoggedInElsewhereError (4011, names the world holding the character; connect
 *   again with `takeover: true` to log it out there) or a WorldFullError (4012).
 *
 * @example
 * ```ts
 * import { GameClient, GameError, RestClient, socketUrlOf } from '@tilerealm/sdk';
 *
 * const rest = new RestClient('http://localhost:5555');
 * await rest.anonymous();
 * await rest.createPlayer('Wanderer');
 *
 * const client = await GameClient.connect({ url: socketUrlOf(rest.baseUrl), token: rest.token });
 * client.on('chat:message', (msg) => console.log(`${msg.from?.name ?? 'server'}: ${msg.message}`));
 * client.lifecycle.on('reconnecting', ({ attempt, delayMs }) => console.log(`retry ${attempt} in ${delayMs} ms`));
 *
 * try {
 *   const ack = await client.request('player:move', { x: 5, z: -3 });
 *   console.log('moving', ack.result);
 * } catch (err) {
 *   if (err instanceof GameError && err.code === 'path_too_far') console.log('too far');
 * }
 * const update = await client.waitFor('world:update', (u) => u.self?.moving === false, 30_000);
 * console.log('arrived at', update.self);
 * await client.close();
 * ```
 */
export { GameClient } from './client';
export type {
  ClientState,
  GameClientOptions,
  LifecycleEvents,
  MessageMeta,
  ServerEventArgs,
  ServerEventHandlerArgs,
} from './client-types';
export type { Welcome } from './connection';
export { DEFAULT_RECONNECT, NO_RETRY_CLOSE_CODES, retryDelayMs, shouldRetry } from './backoff';
export type { ReconnectOption, ReconnectPolicy } from './backoff';
export {
  closeCodeName,
  connectionClosedError,
  ConnectionClosedError,
  GameError,
  LoggedInElsewhereError,
  NotConnectedError,
  SdkError,
  TimeoutError,
  WorldFullError,
} from './errors';
export type { TimeoutKind } from './errors';
export { TypedEmitter } from './emitter';
export type { Handler } from './emitter';
export { parseServerEnvelope, parseServerFrame } from './inbound';
export type { InboundResult, ServerMessage } from './inbound';
export { DIRECT_REPLIES } from './requests';
export type { ReplyEvent, RequestResult } from './requests';
export { ApiError, httpBaseOf, listWorlds, RestClient, socketUrlOf } from './rest';
export type { AnonymousSession, Me, PlayerResource, PlayerResponse, RefreshedToken } from './rest';
export { isJoinable, WORLD_STATUSES, worldEntrySchema, worldListSchema, worldOfReason } from './worlds';
export type { WorldEntry, WorldList, WorldStatus } from './worlds';
export { isRefreshDue, isTokenExpired, REFRESH_THRESHOLD, tokenTimes } from './token';
export type { TokenTimes } from './token';
export { DEFAULT_REFRESH_INTERVAL_MS, tokenRefreshPolicyOf } from './token-refresh';
export type {
  RenewToken,
  TokenRefreshOption,
  TokenRefreshOptions,
  TokenRefreshPolicy,
} from './token-refresh';
export type { TokenTransport, WebSocketCtor, WebSocketLike } from './transport';
export {
  ActionError,
  AgentActions,
  Bot,
  DEFAULT_FOOD,
  TRACKED_EVENTS,
  tileDistance,
  WorldModel,
  WorldPlaces,
} from './agent';
export type {
  ActionOptions,
  AlteredObject,
  AreaInfo,
  BankSlot,
  BotOptions,
  NpcSpawn,
  PlacedObject,
  ShopState,
} from './agent';
