/** WebSocket limits (documented in docs/protocol.md). */
export const WS_LIMITS = {
  /** Messages a connection may send per second (spec). */
  messagesPerSecond: 60,
  /** How long a flooding connection's messages are dropped. */
  blockMs: 5_000,
  /** Messages sent while blocked that make the server close the connection (4002). */
  messagesWhileBlockedBeforeClose: 60,
  /** Largest accepted frame; larger frames close the connection with 1009. */
  maxFrameBytes: 32 * 1024,
  /** Interval of server pings. */
  pingIntervalMs: 20_000,
  /** Idle timeout: no message or pong for this long closes the connection (4003). */
  idleTimeoutMs: 60_000,
  /** A dropped connection's player stays in the world this long, so a reconnect resumes it. */
  reconnectGraceMs: 30_000,
  /** When a client that stops reading is closed (4008). */
  outbound: {
    /** Bytes the socket still holds unsent, plus the frame about to be sent, above which it is closed. */
    maxBufferedBytes: 1024 * 1024,
    /** Consecutive ticks whose frame found the previous ones still unsent, after which it is closed. */
    maxStalledTicks: 50,
  },
  /**
   * Requests with a rid a session may have waiting for their answer; beyond it the oldest one's
   * answer is no longer delivered (requests are answered within a tick or when a walk ends).
   */
  requestsInFlight: 256,
  /** Spectate sessions (`?spectate=`) one character may have at once (more: close 4014). */
  spectatorsPerCharacter: 4,
  /** Spectate sessions one account may hold at once, over all its characters (more: close 4014). */
  spectatorsPerAccount: 8,
  /** Spectate logins per address and minute when rate limits are on (more: close 4002). */
  spectateAttemptsPerMinute: 20,
} as const;

/** The outbound limits of a connection (see {@link WS_LIMITS}.outbound). */
export interface OutboundLimits {
  maxBufferedBytes: number;
  maxStalledTicks: number;
}

/**
 * Fixed one-second window counter with a temporary block: the 61st message in a second starts a
 * block during which messages are dropped; continuing to flood while blocked closes the connection.
 */
export class MessageRateLimiter {
  private windowStart = 0;
  private count = 0;
  private blockedUntil = 0;
  private whileBlocked = 0;

  constructor(
    private readonly perSecond: number,
    private readonly blockMs: number,
    private readonly closeAfter: number,
  ) {}

  /** 'ok' to process, 'blocked' to drop (first one of a block: 'block-start'), 'close' to disconnect. */
  hit(now: number): 'ok' | 'block-start' | 'blocked' | 'close' {
    if (now < this.blockedUntil) {
      this.whileBlocked++;
      return this.whileBlocked >= this.closeAfter ? 'close' : 'blocked';
    }
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count++;
    if (this.count > this.perSecond) {
      this.blockedUntil = now + this.blockMs;
      this.whileBlocked = 0;
      return 'block-start';
    }
    return 'ok';
  }
}
