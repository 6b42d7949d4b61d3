import type { Writable } from 'node:stream';

/** How much log output may wait in memory for a slow or absent reader before lines are dropped. */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024;

/** The part of a writable stream the log output uses (`process.stdout` in the server). */
export type LogSink = Pick<Writable, 'write' | 'writableLength' | 'destroyed' | 'on'>;

/**
 * Where the server's log lines go: a stream (standard output) written asynchronously, with a bound
 * on what may wait in memory. The server never blocks on its logs. pino's own default destination
 * (sonic-boom) retries a full pipe in a loop and, at exit, flushes synchronously, sleeping with
 * `Atomics.wait` until the pipe takes everything: with a reader that stopped reading, the process
 * can neither run its timers nor finish exiting. Here a line that does not fit under the bound is
 * dropped and counted, and so is every line until the reader has taken half of what waits; the
 * first line written after that is preceded by one notice of how many were lost.
 *
 * `process.stdout` is asynchronous for pipes and sockets on Linux (libuv writes what the pipe takes
 * and keeps the rest in `writableLength`) and synchronous for files (which do not block for long);
 * a terminal is synchronous too, so a terminal whose output is suspended (Ctrl-S) still blocks.
 */
export class BoundedLogOutput {
  /** Lines dropped since start because the output was full or gone. */
  dropped = 0;
  private unreported = 0;
  private broken = false;
  /** Dropping until what waits falls to half the bound (so drops come in runs, with one notice). */
  private dropping = false;

  constructor(
    private readonly out: LogSink,
    private readonly maxBufferedBytes = LOG_BUFFER_BYTES,
  ) {
    // A reader that went away (EPIPE) or a destroyed stream: nowhere is left to report this to, so
    // the error is recorded as state and every later line is counted as dropped.
    out.on('error', () => {
      this.broken = true;
    });
  }

  /** pino's destination interface: one serialized line (with its newline). */
  write(line: string): void {
    const waiting = this.out.writableLength;
    if (this.dropping && waiting <= this.maxBufferedBytes / 2) this.dropping = false;
    if (!this.dropping && waiting + line.length > this.maxBufferedBytes) this.dropping = true;
    if (this.dropping || this.broken || this.out.destroyed) {
      this.dropped++;
      this.unreported++;
      return;
    }
    if (this.unreported > 0) {
      const n = this.unreported;
      this.unreported = 0;
      this.out.write(
        `${JSON.stringify({ level: 40, time: Date.now(), droppedLines: n, msg: `${n} log lines were dropped: the log output was not being read` })}\n`,
      );
    }
    this.out.write(line);
  }

  /** Bytes written but not yet taken by the reader. */
  get pendingBytes(): number {
    return this.out.writableLength;
  }

  /**
   * Waits until the reader took everything written, at most `timeoutMs` (at exit: a reader that is
   * merely slow gets the last lines, one that is gone does not hold the exit up). True when drained.
   */
  drain(timeoutMs: number): Promise<boolean> {
    const drained = () => this.broken || this.out.destroyed || this.out.writableLength === 0;
    if (drained()) return Promise.resolve(true);
    // Polled: a stream emits 'drain' only after a write that went past its high-water mark.
    return new Promise((resolve) => {
      const started = Date.now();
      const poll = setInterval(() => {
        if (drained() || Date.now() - started >= timeoutMs) {
          clearInterval(poll);
          resolve(drained());
        }
      }, 10);
    });
  }
}

let stdoutOutput: BoundedLogOutput | undefined;

/** The process's one log output on standard output (created on first use). */
export function stdoutLogOutput(): BoundedLogOutput {
  stdoutOutput ??= new BoundedLogOutput(process.stdout);
  return stdoutOutput;
}
