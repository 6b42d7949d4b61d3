import {
  CLOSE_CODES,
  decodeFrame,
  encodeFrame,
  validateInbound,
  type ClientMessage,
  type Rid,
  type WireFormat,
} from '@tilerealm/protocol';
import type { WebSocket, RawData } from 'ws';
import type { OutEvent } from '../../sim/core/types';
import { MessageRateLimiter, WS_LIMITS, type OutboundLimits } from './limits';
import { rawSize, WireTraffic } from './traffic';

export interface ConnectionEvents {
  /** A valid client message. */
  message(message: ClientMessage, rid: Rid | undefined): void;
  /** The socket closed (for whatever reason). */
  closed(code: number): void;
}

let nextConnectionId = 1;

/**
 * One WebSocket connection: frame decoding and validation, the per-connection message limit,
 * heartbeat and idle timeout, and the outgoing frames in the negotiated format. Invalid frames are
 * answered with an `error` event here and never reach the world.
 *
 * Outgoing events are queued and sent as one frame per tick by `flush` (the gateway flushes every
 * connection after each tick), with backpressure: a client whose socket still holds too many unsent
 * bytes, or whose frames find the previous ones unsent tick after tick, is closed with 4008.
 */
/** How long a connection closing after a protocol error may take to finish its close. */
const ERROR_CLOSE_GRACE_MS = 1_000;

export class Connection {
  readonly id = nextConnectionId++;
  /**
   * The upgrade carried the agent runtime's secret (X-Agent-Runtime-Secret): exempt from the limits
   * per client address (address-limits.ts). Set by the route before the login is read.
   */
  agentRuntime = false;
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
  /** Events waiting for the next frame. */
  private outbox: OutEvent[] = [];
  /** Consecutive flushes that found earlier frames still unsent. */
  private stalledTicks = 0;

  constructor(
    private readonly socket: WebSocket,
    readonly format: WireFormat,
    readonly remoteAddress: string,
    /** Where this connection counts its messages and bytes (the gateway's totals). */
    private readonly traffic: WireTraffic = new WireTraffic(),
    /** The id of the HTTP upgrade request that opened it (`reqId` in its session's log lines). */
    readonly requestId?: string,
  ) {
    traffic.connectionsOpened++;
    traffic.connectionsOpen++;
    socket.on('message', (raw, isBinary) => this.onFrame(raw, isBinary));
    socket.on('pong', () => (this.lastSeen = Date.now()));
    socket.on('close', (code) => this.onClose(code));
    // A protocol error (an oversized or malformed frame) has already started the close with its
    // code (1009, 1002...); that close frame may wait behind a frame being compressed, so the
    // socket is cut only if the close has not completed shortly after.
    socket.on('error', () => setTimeout(() => socket.terminate(), ERROR_CLOSE_GRACE_MS).unref());
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

  /** Bytes the socket holds that are not yet written out (for logs). */
  get unsentBytes(): number {
    return this.socket.bufferedAmount;
  }

  /** Queues events for the next frame, which `flush` sends. */
  queue(events: readonly OutEvent[]): void {
    if (!this.isOpen) return;
    for (const e of events) this.outbox.push(e);
  }

  /**
   * Sends events at once, in a frame of their own, ahead of anything queued: only for what must
   * not wait for the tick (`session:welcome`). Everything else goes through `queue`.
   */
  send(events: readonly OutEvent[]): void {
    if (this.isOpen && events.length > 0) this.write(encodeFrame(events, this.format), events.length);
  }

  /**
   * Sends everything queued as one frame (called once per tick). When earlier frames are still
   * unsent, the tick counts as stalled; too many stalled ticks in a row, or unsent bytes plus this
   * frame over the byte limit, close the connection with 4008 instead of buffering more.
   */
  flush(limits: OutboundLimits = WS_LIMITS.outbound): void {
    if (!this.isOpen) return;
    const unsent = this.socket.bufferedAmount;
    if (unsent === 0) this.stalledTicks = 0;
    if (this.outbox.length === 0) return;
    const frame = encodeFrame(this.outbox, this.format);
    const events = this.outbox.length;
    this.outbox = [];
    if (unsent > 0) {
      this.stalledTicks++;
      const bytes = typeof frame === 'string' ? Buffer.byteLength(frame) : frame.byteLength;
      if (unsent + bytes > limits.maxBufferedBytes || this.stalledTicks >= limits.maxStalledTicks) {
        this.close(CLOSE_CODES.tooSlow, 'the client is not reading its messages');
        return;
      }
    }
    this.write(frame, events);
  }

  /** Sends one frame and counts it. */
  private write(frame: string | Uint8Array, events: number): void {
    const t = this.traffic;
    t.messagesOut++;
    t.eventsOut += events;
    t.bytesOut += typeof frame === 'string' ? Buffer.byteLength(frame) : frame.byteLength;
    this.socket.send(frame);
  }

  /**
   * Tells the client why (after what is still queued, in the same frame), then closes. A slow
   * consumer (4008) gets only the reason, and counts as closed at once: its close handshake may
   * never finish, as it is not reading (`ws` destroys the socket after its close timeout).
   */
  close(code: number, reason: string): void {
    if (!this.isOpen) return;
    const closing: OutEvent = { event: 'session:closing', data: { code, reason } };
    const events = code === CLOSE_CODES.tooSlow ? [closing] : [...this.outbox, closing];
    this.outbox = [];
    this.write(encodeFrame(events, this.format), events.length);
    this.socket.close(code, reason.slice(0, 120));
    if (code === CLOSE_CODES.tooSlow) this.onClose(code);
  }

  private onFrame(raw: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    this.traffic.messagesIn++;
    this.traffic.bytesIn += rawSize(raw);
    const verdict = this.limiter.hit(this.lastSeen);
    if (verdict === 'close') return this.close(CLOSE_CODES.rateLimited, 'too many messages');
    if (verdict === 'block-start') {
      return this.queue([
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
      return this.queue([{ event: 'error', data: { code: 'bad_frame', message: decoded.message } }]);
    const inbound = validateInbound(decoded.value);
    if (!inbound.ok) {
      const data = {
        code: inbound.code,
        message: inbound.message,
        ...(inbound.rid !== undefined ? { rid: inbound.rid } : {}),
      };
      return this.queue([
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
    this.traffic.connectionsOpen--;
    this.handlers?.closed(code);
  }
}
