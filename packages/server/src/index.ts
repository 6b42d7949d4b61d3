/**
 * # @tilerealm/server
 *
 * The game server's public entry: start a whole server from an environment
 * ({@link startServer}, what `packages/server/src/app/main.ts` and the image's `node dist/server.mjs`
 * run), build the HTTP application alone for `inject()` ({@link buildServer}), and read the
 * configuration ({@link loadConfig}, {@link CONFIG_VARIABLES}). See docs/architecture.md.
 */
export { startServer } from './app/start-server';
export type { RunningServer } from './app/start-server';
export { buildServer } from './app/build-server';
export { CONFIG_VARIABLES, ConfigError, loadConfig, PRODUCTION_REQUIRED } from './app/config';
export type { Config, ConfigResult, NodeEnv } from './app/config';
