import { CLOSE_CODES, type GameErrorCode, type Rid, type TradeErrorCode } from '@tilerealm/protocol';
import { worldOfReason } from './worlds';

/** Base class of every error the SDK raises, so callers can tell SDK failures from their own bugs. */
export class SdkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * The server refused a request: an `error` event echoing the request's rid. The request changed
 * nothing in the world, so it is safe to correct and retry. Branch on `code` (stable), show `message`.
 */
export class GameError extends SdkError {
  constructor(
    /** The catalogue code (GAME_ERROR_CODES, or TRADE_ERROR_CODES for a tradeError): stable, for branching. */
    readonly code: GameErrorCode | TradeErrorCode,
    /** The server's human-readable explanation. */
    message: string,
    /** The rid of the request it answers. */
    readonly rid: Rid | undefined,
    /** The client event of that request. */
    readonly event: string | undefined,
  ) {
    super(message);
  }
}

export type TimeoutKind = 'request' | 'wait' | 'connect';

/** Nothing arrived in time: a request's reply, an awaited event, or the `session:welcome`. */
export class TimeoutError extends SdkError {
  constructor(
    readonly kind: TimeoutKind,
    readonly event: string,
    readonly timeoutMs: number,
  ) {
    super(`${kind} ${event} timed out after ${timeoutMs} ms`);
  }
}

/** Name of a close code in the protocol's CLOSE_CODES table (e.g. 4000 -> "replaced"), if it has one. */
export function closeCodeName(code: number): keyof typeof CLOSE_CODES | undefined {
  for (const [name, value] of Object.entries(CLOSE_CODES)) {
    if (value === code && isCloseCodeName(name)) return name;
  }
  return undefined;
}

function isCloseCodeName(name: string): name is keyof typeof CLOSE_CODES {
  return Object.hasOwn(CLOSE_CODES, name);
}

/**
 * The connection closed: before `session:welcome` (the login was refused, e.g. 4001 unauthorized
 * or 4004 save pending) or while a request or wait was outstanding. Carries the WebSocket close
 * code and reason so callers can decide whether to retry.
 */
export class ConnectionClosedError extends SdkError {
  /** The CLOSE_CODES name of `code`, when the protocol defines one. */
  readonly codeName: keyof typeof CLOSE_CODES | undefined;

  constructor(
    readonly code: number,
    readonly reason: string,
    readonly phase: 'connecting' | 'connected',
  ) {
    const name = closeCodeName(code);
    const when = phase === 'connecting' ? ' before session:welcome' : '';
    super(`connection closed${when} (${code}${name ? ` ${name}` : ''}${reason ? `: ${reason}` : ''})`);
    this.codeName = name;
  }
}

/** `send`/`request` while the socket is not open (before connect, during a reconnect, or after close). */
export class NotConnectedError extends SdkError {
  constructor(readonly event: string) {
    super(`cannot send ${event}: the client is not connected`);
  }
}

/**
 * Close 4011: the character is logged in on another world, which holds its lease until that
 * session logs out and its save commits (or, if that world crashed, until the lease expires).
 * `world` is that world's number (from the reason `logged_in_elsewhere: world N`). Log in there,
 * wait, or connect again with `takeover: true` to log the other session out first.
 */
export class LoggedInElsewhereError extends ConnectionClosedError {
  constructor(
    reason: string,
    phase: 'connecting' | 'connected',
    /** The world holding the character, when the reason names it. */
    readonly world: number | undefined,
  ) {
    super(CLOSE_CODES.loggedInElsewhere, reason, phase);
  }
}

/**
 * Close 4012: the world holds its capacity of players. `world` is the world refused (the one
 * connected to, when known: `GameClient.connectToWorld` fills it in). Choose another world.
 */
export class WorldFullError extends ConnectionClosedError {
  constructor(
    reason: string,
    phase: 'connecting' | 'connected',
    readonly world: number | undefined,
  ) {
    super(CLOSE_CODES.worldFull, reason, phase);
  }
}

/**
 * The error for a close: LoggedInElsewhereError for 4011, WorldFullError for 4012 (both are
 * ConnectionClosedErrors), a plain ConnectionClosedError otherwise. `world` is the world the
 * client connected to, used for 4012 when the reason does not name one.
 */
export function connectionClosedError(
  code: number,
  reason: string,
  phase: 'connecting' | 'connected',
  world?: number,
): ConnectionClosedError {
  if (code === CLOSE_CODES.loggedInElsewhere)
    return new LoggedInElsewhereError(reason, phase, worldOfReason(reason));
  if (code === CLOSE_CODES.worldFull)
    return new WorldFullError(reason, phase, worldOfReason(reason) ?? world);
  return new ConnectionClosedError(code, reason, phase);
}
