import { ConfigError } from './config';
import { stdoutLogOutput } from './log-output';
import { missingServerNodeFlags } from './node-flags';
import { armExitWatchdog } from './shutdown';
import { startServer } from './start-server';

/** After the graceful deadline: exit at once (status 1), from a timer of the main thread. */
const FORCE_EXIT_AFTER_MS = 1_000;
/** After the graceful deadline: SIGKILL from a watchdog thread, should the main thread be stuck. */
const WATCHDOG_AFTER_MS = 3_000;
/** The longest the last log lines may take to leave the process before it exits. */
const LOG_DRAIN_MS = 500;

/**
 * Process entry point: start, then shut down gracefully on SIGTERM/SIGINT. A configuration error
 * prints every problem and exits with status 1 without opening anything.
 *
 * The shutdown is bounded: `server.close()` finishes within SHUTDOWN_TIMEOUT_MS (every step has
 * its share); the process then exits with 0, or 1 when a step failed or ran out of time or saves
 * were left unwritten. Should it still be running SHUTDOWN_TIMEOUT_MS + 1 s after the signal, it
 * exits with 1; should even that be impossible (a blocked event loop, an exit that does not
 * return), a watchdog thread kills it (SIGKILL) at SHUTDOWN_TIMEOUT_MS + 3 s. Further signals
 * during a shutdown are ignored: `npm start` and a terminal's Ctrl-C may both send one. A system
 * update (`/update`, docs/admin.md) reaching zero shuts down the same way, so the process exits and
 * its supervisor starts it again.
 */
async function main(): Promise<void> {
  let server;
  try {
    // An administrator's system update (docs/operations.md) ends like a SIGTERM: drained, saved,
    // exit 0. It can only come once the world ticks, after `shutdown` below is defined.
    server = await startServer(process.env, { onShutdownRequested: (reason) => shutdown(reason) });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`tilerealm: refusing to start.\n${err.message}`);
    } else {
      console.error('tilerealm: failed to start:', err);
    }
    process.exit(1);
  }
  const missing = missingServerNodeFlags();
  if (missing.length > 0)
    server.logger.info(
      { missing },
      "started without the game server's V8 flags (packages/server/src/app/node-flags.ts): default garbage collection",
    );
  // Last resort: a promise rejection that nothing handled is a bug, but ending the process for it
  // would take every player and every queued save down with it. It is logged loudly instead.
  process.on('unhandledRejection', (reason) => {
    server.logger.error({ err: reason }, 'unhandled promise rejection (a bug); the server keeps running');
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const deadlineMs = server.config.shutdownTimeoutMs;
    armExitWatchdog(deadlineMs + WATCHDOG_AFTER_MS, server.logger);
    const force = setTimeout(() => {
      server.logger.error({ deadlineMs }, 'shutdown past its deadline: exiting now');
      process.exit(1);
    }, deadlineMs + FORCE_EXIT_AFTER_MS);
    force.unref();
    server.logger.info({ signal, deadlineMs }, 'shutting down');
    void server.close().then(
      async (report) => {
        await stdoutLogOutput().drain(LOG_DRAIN_MS);
        process.exit(report.clean ? 0 : 1);
      },
      (err: unknown) => {
        server.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
