import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deadCdnUrl } from '../../src/content/fetch-fake-cdn';
import type { RunningServer } from '../../src/app/start-server';
import { realtimeWorld, type RealtimeWorld } from './realtime-harness';

/**
 * The specification's manifest rule 4 out of the box: a development server whose local CDN is down
 * and whose manifest cache is empty starts anyway, bootstrapping from the bundled manifests (no
 * PRODUCTION_CDN_URL set).
 */
describe('development start-up with the CDN down and an empty manifest cache', () => {
  let world: RealtimeWorld | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
    await world?.cleanup();
  });

  it('starts, with the required manifests copied into the cache', async () => {
    world = await realtimeWorld({
      NODE_ENV: 'development',
      SKIP_MANIFESTS: 'false',
      PUBLIC_CDN_URL: await deadCdnUrl(),
    });
    delete world.env['TICK_MS'];
    delete world.env['RECONNECT_GRACE_MS'];
    server = await world.start();
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    const cache = join(world.env['WORLD'] ?? '', 'manifests');
    await expect(access(join(cache, 'npcs.json'))).resolves.toBeUndefined();
    const served = await fetch(`${server.url}/manifests/npcs.json`);
    expect(served.status).toBe(200);
  }, 60_000);
});
