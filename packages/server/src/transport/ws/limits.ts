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
} as const;

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
