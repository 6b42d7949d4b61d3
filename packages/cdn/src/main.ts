/**
 * Entry point of the companion asset CDN (`npm run cdn`): validates the environment, serves
 * `<repo>/assets` (or CDN_ROOT) on CDN_PORT and closes cleanly on SIGINT/SIGTERM.
 */
import { buildCdn } from './app';
import { loadCdnConfig } from './config';

async function main(): Promise<void> {
  const config = loadCdnConfig(process.env);
  const app = buildCdn({ root: config.root, logger: { level: process.env['LOG_LEVEL'] ?? 'info' } });

  const shutdown = (signal: string): void => {
    app.log.info({ signal }, 'cdn shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'cdn failed to close');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ root: config.root }, 'cdn serving assets');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
