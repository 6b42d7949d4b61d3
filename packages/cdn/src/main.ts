/**
 * Entry point of the companion asset CDN (`npm run cdn`): validates the environment, serves
 * `<repo>/assets` (or CDN_ROOT) on CDN_PORT and closes on SIGINT/SIGTERM within 5 s.
 */
import { buildCdn } from './app';
import { loadCdnConfig } from './config';

/** How long downloads in progress may take to finish once the CDN is told to stop. */
const CLOSE_GRACE_MS = 3_000;
/** The CDN exits at the latest this long after the signal. */
const EXIT_DEADLINE_MS = 5_000;

async function main(): Promise<void> {
  const config = loadCdnConfig(process.env);
  // Logs go through process.stdout, which never blocks the process: pino's default destination
  // flushes synchronously at exit, and with a pipe nobody reads, the process would never end.
  const app = buildCdn({
    root: config.root,
    metrics: config.metrics,
    logger: { level: process.env['LOG_LEVEL'] ?? 'info', stream: process.stdout },
  });

  let stopping = false;
  const shutdown = (signal: string): void => {
    // `npm start` and a terminal's Ctrl-C may both send one: the first one counts.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'cdn shutting down');
    // Downloads in progress get CLOSE_GRACE_MS to finish; then every connection is cut, and
    // whatever still holds the process is cut short at EXIT_DEADLINE_MS.
    setTimeout(() => {
      app.log.error({ deadlineMs: EXIT_DEADLINE_MS }, 'cdn shutdown past its deadline: exiting now');
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
    // Node closes only the keep-alive connections idle when the close begins; sweep the others.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'cdn failed to close');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ root: config.root }, 'cdn serving assets');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
