import { ConfigError } from './config';
import { startServer } from './start-server';

/**
 * Process entry point: start, then shut down gracefully on SIGTERM/SIGINT. A configuration error
 * prints every problem and exits with status 1 without opening anything.
 */
async function main(): Promise<void> {
  let server;
  try {
    server = await startServer(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`tilerealm: refusing to start.\n${err.message}`);
    } else {
      console.error('tilerealm: failed to start:', err);
    }
    process.exit(1);
  }
  // Last resort: a promise rejection that nothing handled is a bug, but ending the process for it
  // would take every player and every queued save down with it. It is logged loudly instead.
  process.on('unhandledRejection', (reason) => {
    server.logger.error({ err: reason }, 'unhandled promise rejection (a bug); the server keeps running');
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
