import type { Browser } from 'playwright-core';
import { buildCdn } from '../../../cdn/src/app';
import { DEFAULT_ASSET_ROOT } from '../../../cdn/src/config';
import type { RunningServer } from '../../../server/src/app/start-server';
import { startServer } from '../../../server/src/app/start-server';
import { realtimeWorld, type RealtimeWorld } from '../../../server/test/e2e/realtime-harness';
import { buildClientForTests, launchChromium } from './browser-harness';

/** What a browser test plays against: the built client served by a real server, the CDN, Chromium. */
export interface GameStack {
  server: RunningServer;
  world: RealtimeWorld;
  browser: Browser;
  /** Closes everything opened, in reverse order. */
  close(): Promise<void>;
}

/**
 * Builds the client, starts the CDN, a fast-ticking world (150 ms, plus `env`) serving the client,
 * and Chromium. Should a step fail, what was opened before it is closed and the error is thrown.
 */
export async function openGameStack(env: Record<string, string> = {}): Promise<GameStack> {
  const closers: Array<() => Promise<unknown>> = [];
  const close = async (): Promise<void> => {
    for (const fn of closers.reverse()) await fn();
  };
  try {
    const client = await buildClientForTests();
    closers.push(() => client.cleanup());
    const cdn = buildCdn({ root: DEFAULT_ASSET_ROOT, logger: false });
    closers.push(() => cdn.close());
    const cdnUrl = await cdn.listen({ port: 0, host: '127.0.0.1' });
    const world = await realtimeWorld({ TICK_MS: '150', PUBLIC_CDN_URL: cdnUrl, ...env });
    closers.push(() => world.cleanup());
    const server = await startServer(world.env, { publicDir: client.dir });
    closers.push(() => server.close());
    const browser = await launchChromium();
    closers.push(() => browser.close());
    return { server, world, browser, close };
  } catch (err) {
    await close();
    throw err;
  }
}
