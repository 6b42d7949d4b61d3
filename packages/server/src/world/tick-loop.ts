/**
 * Drives a callback every `tickMs` without drift: each tick is scheduled against the ideal
 * timeline (start + n * tickMs), not "tickMs after the last one finished", so a slow tick shortens
 * the next wait instead of delaying every tick after it. When the loop falls more than one tick
 * behind it skips ahead rather than running a burst of catch-up ticks. A tick that throws is
 * handed to `onError` and the loop keeps ticking: one failed tick must not stop the world.
 */
export class TickLoop {
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private running = false;
  /** Ticks skipped because the process fell behind. */
  skipped = 0;
  /** Ticks whose callback threw (each reported to `onError`). */
  failed = 0;

  constructor(
    private readonly tickMs: number,
    private readonly onTick: () => void,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.next = this.now() + this.tickMs;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (!this.running) return;
    const delay = Math.max(0, this.next - this.now());
    this.timer = setTimeout(() => this.fire(), delay);
  }

  private fire(): void {
    if (!this.running) return;
    try {
      this.onTick();
    } catch (err) {
      this.failed++;
      reportTo(this.onError, err);
    }
    this.next += this.tickMs;
    const now = this.now();
    if (now - this.next > this.tickMs) {
      const behind = Math.floor((now - this.next) / this.tickMs);
      this.skipped += behind;
      this.next += behind * this.tickMs;
    }
    this.schedule();
  }
}

/** Hands a failed tick to the reporter; a reporter that throws too goes to stderr, and ticking goes on. */
function reportTo(onError: (err: unknown) => void, err: unknown): void {
  try {
    onError(err);
  } catch (reportErr) {
    console.error('a tick failed and reporting it failed too', err, reportErr);
  }
}
