import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { Log } from './logger';

/** How a shutdown step ended: finished, threw (logged), or ran out of time (logged, abandoned). */
export type StepOutcome = 'done' | 'failed' | 'timeout';

export interface ShutdownStep {
  step: string;
  outcome: StepOutcome;
  ms: number;
}

/** What a shutdown did, for the log and the exit status. */
export interface ShutdownReport {
  /** Every step finished in time and everything handed to the save queue was written. */
  clean: boolean;
  elapsedMs: number;
  steps: ShutdownStep[];
  /** Characters and records handed to the save queue that were not written. */
  unsaved: number;
}

/**
 * One deadline shared by the steps of a shutdown. Each step runs for at most its cap and never past
 * the deadline; a step that throws is logged and the next one runs, and a step that runs out of time
 * is logged, forced if it says how, and left behind: nothing a step waits for (a database that does
 * not answer, a client that does not read) can hold the shutdown past the deadline.
 */
export class ShutdownBudget {
  readonly steps: ShutdownStep[] = [];
  private readonly started: number;

  constructor(
    readonly totalMs: number,
    private readonly logger: Log,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
  }

  elapsed(): number {
    return this.now() - this.started;
  }

  remaining(): number {
    return Math.max(0, this.totalMs - this.elapsed());
  }

  /** `fraction` of the whole budget, in milliseconds. */
  share(fraction: number): number {
    return Math.round(this.totalMs * fraction);
  }

  /**
   * Runs `work` for at most `capMs` (default: whatever is left). The work always starts, even with
   * no time left, so its synchronous part (stopping the world) always happens.
   */
  async run(
    step: string,
    work: () => unknown,
    options: { capMs?: number; onTimeout?: () => void } = {},
  ): Promise<StepOutcome> {
    const limit = Math.max(0, Math.min(options.capMs ?? Infinity, this.remaining()));
    const t0 = this.now();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await new Promise<StepOutcome>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), limit);
      Promise.resolve()
        .then(work)
        .then(
          () => resolve('done'),
          (err: unknown) => {
            this.logger.error({ err, step }, 'shutdown step failed; going on');
            resolve('failed');
          },
        );
    });
    clearTimeout(timer);
    const ms = Math.round(this.now() - t0);
    if (outcome === 'timeout') {
      this.logger.warn(
        { step, ms: Math.round(limit) },
        'shutdown step did not finish in time; going on without it',
      );
      try {
        options.onTimeout?.();
      } catch (err) {
        this.logger.error({ err, step }, 'forcing a shutdown step failed');
      }
    }
    this.steps.push({ step, outcome, ms });
    return outcome;
  }

  report(unsaved: number): ShutdownReport {
    return {
      clean: unsaved === 0 && this.steps.every((s) => s.outcome === 'done'),
      elapsedMs: Math.round(this.elapsed()),
      steps: this.steps,
      unsaved,
    };
  }
}

/** An HTTP server being closed: see {@link beginHttpClose}. */
export interface HttpClosing {
  /** Resolves once every connection has ended and the server is closed. */
  closed: Promise<void>;
  /** Cuts every connection still open: HTTP ones and WebSockets. */
  force(): void;
}

/**
 * Starts closing the HTTP server: it stops accepting connections, answers new requests on open
 * keep-alive connections with 503 and closes idle ones. Node closes only the connections idle at
 * the moment the close begins; one whose request finishes later would stay open for its keep-alive
 * timeout (72 s), holding the close up, so idle connections are swept until the server is closed.
 * `force()` is for what still holds it up after a grace: a client that does not read its response,
 * a WebSocket peer that never completes the closing handshake (ws waits 30 s for it).
 */
export function beginHttpClose(app: FastifyInstance): HttpClosing {
  const server = app.server;
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  sweep.unref();
  const closed = app.close().finally(() => clearInterval(sweep));
  return {
    closed,
    force: () => {
      server.closeAllConnections();
      if (app.hasDecorator('websocketServer'))
        for (const client of app.websocketServer.clients) client.terminate();
    },
  };
}

// Plain JavaScript, run without the parent's loaders (execArgv: []), so it starts fast.
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);
`;

/**
 * The last resort of a shutdown: a thread of its own that kills the process (SIGKILL) after `ms`
 * unless the process has exited by then. It does not depend on the main thread: it fires when the
 * event loop is blocked, or when an exit handler never returns (which is where the process is once
 * it has begun to exit, and where a timer of the main thread can no longer help).
 */
export function armExitWatchdog(ms: number, logger: Log): void {
  try {
    const worker = new Worker(WATCHDOG_SOURCE, {
      eval: true,
      workerData: { pid: process.pid, ms },
      execArgv: [],
      env: {},
    });
    worker.unref();
    worker.on('error', (err) => logger.error({ err }, 'the shutdown watchdog failed'));
  } catch (err) {
    logger.error({ err }, 'the shutdown watchdog could not start');
  }
}
