import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCdn } from '@tilerealm/cdn';
import { REPO_ROOT } from '../../src/app/paths';
import { startServer, type RunningServer } from '../../src/app/start-server';

/** Awaits `step`, failing with its name if it takes more than 40 s. */
async function within(step: Promise<unknown> | undefined, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not finish within 40 s`)), 40_000);
  });
  try {
    await Promise.race([step, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The real composition root on a real socket: manifests fetched from a local CDN into a fresh world
 * directory, the embedded database created on disk and locked, the REST API answering.
 */
describe('startServer with a local CDN and the embedded database', () => {
  let cdn: FastifyInstance;
  let cdnUrl: string;
  let world: string;
  let server: RunningServer;
  const quiet = pino({ level: 'silent' });

  beforeAll(async () => {
    cdn = buildCdn({ root: join(REPO_ROOT, 'assets'), logger: false });
    await cdn.listen({ port: 0, host: '127.0.0.1' });
    cdnUrl = `http://127.0.0.1:${(cdn.server.address() as AddressInfo).port}`;
    world = await mkdtemp(join(tmpdir(), 'tilerealm-world-'));
    server = await startServer(
      { WORLD: world, PORT: '0', HOST: '127.0.0.1', PUBLIC_CDN_URL: cdnUrl, CI: 'true', LOG_LEVEL: 'silent' },
      { logger: quiet },
    );
  }, 60_000);

  afterAll(async () => {
    // Each step gets its own deadline so a hang names the step that hung. The server's close is
    // bounded by its SHUTDOWN_TIMEOUT_MS (10 s by default); the CDN's connections are cut at once
    // (nothing needs a graceful close here, and a keep-alive connection would hold it up).
    await within(server?.close(), 'server.close()');
    const cdnClosed = cdn?.close();
    cdn?.server.closeAllConnections();
    await within(cdnClosed, 'cdn.close()');
    await rm(world, { recursive: true, force: true });
  }, 90_000);

  it('fetched the manifests into the world cache and serves /health over HTTP', async () => {
    const cached = await readdir(join(world, 'manifests'), { recursive: true });
    expect(cached.filter((f) => f.endsWith('.json')).length).toBeGreaterThan(25);
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect((await res.json()) as object).toMatchObject({ status: 'ok' });
  });

  it('serves the cached manifests with revalidation headers', async () => {
    const res = await fetch(`${server.url}/manifests/world-areas.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    await res.arrayBuffer();
    const again = await fetch(`${server.url}/manifests/world-areas.json`, {
      // fetch() adds `Cache-Control: no-cache` to hand-made conditional requests unless one is given
      headers: { 'if-none-match': res.headers.get('etag') ?? '', 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('refuses a second process on the same embedded database', async () => {
    await expect(
      startServer(
        { WORLD: world, PORT: '0', HOST: '127.0.0.1', PUBLIC_CDN_URL: cdnUrl, LOG_LEVEL: 'silent' },
        { logger: quiet },
      ),
    ).rejects.toThrow(/in use by process/);
    // the first server is unaffected
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});
