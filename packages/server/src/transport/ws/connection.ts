import {
  CLOSE_CODES,
  decodeFrame,
  encodeEnvelope,
  validateInbound,
  type ClientMessage,
  type Rid,
  type WireFormat,
} from '@tilerealm/protocol';
import type { WebSocket, RawData } from 'ws';
import type { OutEvent } from '../../sim/core/types';
import { MessageRateLimiter, WS_LIMITS } from './limits';

export interface ConnectionEvents {
  /** A valid client message. */
  message(message: ClientMessage, rid: Rid | undefined): void;
  /** The socket closed (for whatever reason). */
  closed(code: number): void;
}

let nextConnectionId = 1;

/**
 * One WebSocket connection: frame decoding and validation, the per-connection message limit,
 * heartbeat and idle timeout, and encoding of outgoing envelopes in the negotiated format.
 * Invalid frames are answered with an `error` event here and never reach the world.
 */
export class Connection {
  readonly id = nextConnectionId++;
  private handlers: ConnectionEvents | undefined;
  private readonly early: Array<[ClientMessage, Rid | undefined]> = [];
  private readonly limiter = new MessageRateLimiter(
    WS_LIMITS.messagesPerSecond,
    WS_LIMITS.blockMs,
    WS_LIMITS.messagesWhileBlockedBeforeClose,
  );
  private lastSeen = Date.now();
  private readonly heartbeat: NodeJS.Timeout;
  private closedCode: number | undefined;

  constructor(
    private readonly socket: WebSocket,
    readonly format: WireFormat,
    readonly remoteAddress: string,
  ) {
    socket.on('message', (raw, isBinary) => this.onFrame(raw, isBinary));
    socket.on('pong', () => (this.lastSeen = Date.now()));
    socket.on('close', (code) => this.onClose(code));
    socket.on('error', () => socket.terminate());
    this.heartbeat = setInterval(() => this.beat(), WS_LIMITS.pingIntervalMs);
    this.heartbeat.unref();
  }

  get isOpen(): boolean {
    return this.closedCode === undefined && this.socket.readyState === this.socket.OPEN;
  }

  /** Starts delivering messages (those received before are delivered now, in order). */
  ready(handlers: ConnectionEvents): void {
    this.handlers = handlers;
    for (const [m, rid] of this.early.splice(0)) handlers.message(m, rid);
    if (this.closedCode !== undefined) handlers.closed(this.closedCode);
  }

  send(events: readonly OutEvent[]): void {
    if (!this.isOpen) return;
    for (const e of events) this.socket.send(encodeEnvelope(e, this.format));
  }

  /** Tells the client why, then closes. */
  close(code: number, reason: string): void {
    if (!this.isOpen) return;
    this.send([{ event: 'session:closing', data: { code, reason } }]);
    this.socket.close(code, reason.slice(0, 120));
  }

  private onFrame(raw: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    const verdict = this.limiter.hit(this.lastSeen);
    if (verdict === 'close') return this.close(CLOSE_CODES.rateLimited, 'too many messages');
    if (verdict === 'block-start') {
      return this.send([
        {
          event: 'error',
          data: {
            code: 'rate_limited',
            message: `more than ${WS_LIMITS.messagesPerSecond} messages per second: messages are dropped for ${WS_LIMITS.blockMs / 1000} s`,
          },
        },
      ]);
    }
    if (verdict === 'blocked') return;
    const bytes = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
    const decoded = decodeFrame(isBinary ? bytes : bytes.toString('utf8'), isBinary, this.format);
    if (!decoded.ok)
      return this.send([{ event: 'error', data: { code: 'bad_frame', message: decoded.message } }]);
    const inbound = validateInbound(decoded.value);
    if (!inbound.ok) {
      const data = {
        code: inbound.code,
        message: inbound.message,
        ...(inbound.rid !== undefined ? { rid: inbound.rid } : {}),
      };
      return this.send([
        inbound.rid === undefined ? { event: 'error', data } : { event: 'error', data, rid: inbound.rid },
      ]);
    }
    if (this.handlers) this.handlers.message(inbound.message, inbound.rid);
    else if (this.early.length < 100) this.early.push([inbound.message, inbound.rid]);
  }

  private beat(): void {
    if (Date.now() - this.lastSeen > WS_LIMITS.idleTimeoutMs)
      return this.close(CLOSE_CODES.idleTimeout, 'idle timeout');
    if (this.isOpen) this.socket.ping();
  }

  private onClose(code: number): void {
    clearInterval(this.heartbeat);
    if (this.closedCode !== undefined) return;
    this.closedCode = code;
    this.handlers?.closed(code);
  }
}
