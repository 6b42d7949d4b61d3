import { access, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapWithConcurrency } from './fetch-batch';
import { startFakeCdn } from './fetch-fake-cdn';
import type { FakeCdn } from './fetch-fake-cdn';
import { manifestUrl } from './fetch-manifest';
import { ManifestSyncError, syncManifests } from './sync';
import type { SyncOptions } from './sync';

const REQUIRED = ['npcs.json', 'stores.json'];
let dir: string;
let cacheDir: string;
const cdns: FakeCdn[] = [];

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function isSatisfied(d: string): Promise<string[]> {
  const missing: string[] = [];
  for (const f of REQUIRED) if (!(await exists(path.join(d, f)))) missing.push(f);
  return missing;
}

async function cdnWith(files: Record<string, string>): Promise<FakeCdn> {
  const cdn = await startFakeCdn(files);
  cdns.push(cdn);
  return cdn;
}

function options(cdnUrl: string, files: readonly string[], extra: Partial<SyncOptions> = {}): SyncOptions {
  return {
    cdnUrl,
    cacheDir,
    files,
    mode: 'always',
    skip: false,
    isSatisfied,
    timeoutMs: 5_000,
    log: () => {},
    ...extra,
  };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilerealm-batch-'));
  cacheDir = path.join(dir, 'manifests');
});

afterEach(async () => {
  await Promise.all(cdns.splice(0).map((c) => c.stop()));
  await rm(dir, { recursive: true, force: true });
});

describe('many files', () => {
  it('fetches more than 25 files with at most `concurrency` requests in flight', async () => {
    const content: Record<string, string> = { 'npcs.json': '[]', 'stores.json': '[]' };
    for (let i = 0; i < 30; i++) content[`extra/file-${i}.json`] = JSON.stringify({ i });
    const files = Object.keys(content);
    const cdn = await cdnWith(content);
    cdn.gate = { size: 6, expected: files.length };

    const report = await syncManifests(options(cdn.url, files, { concurrency: 6 }));
    expect(report.updated).toHaveLength(32);
    expect(cdn.requests).toHaveLength(32);
    expect(cdn.maxInFlight).toBe(6);
    expect(await readFile(path.join(cacheDir, 'extra/file-29.json'), 'utf8')).toBe('{"i":29}');
  });

  it('mapWithConcurrency keeps input order', async () => {
    const out = await mapWithConcurrency([3, 1, 2], 2, async (n) => n * 10);
    expect(out).toEqual([30, 10, 20]);
  });
});

describe('per-file failures', () => {
  it('reports a 404 for an optional file without failing', async () => {
    const cdn = await cdnWith({ 'npcs.json': '[]', 'stores.json': '[]' });
    const report = await syncManifests(options(cdn.url, ['npcs.json', 'stores.json', 'music.json']));
    expect(report.failed).toEqual([{ file: 'music.json', reason: 'not found on CDN (404)' }]);
    expect(report.updated).toEqual(['npcs.json', 'stores.json']);
  });

  it('treats a 404 for a required file as fatal and keeps the previously cached copy', async () => {
    const cdn = await cdnWith({ 'npcs.json': '["old"]', 'stores.json': '[]' });
    await syncManifests(options(cdn.url, ['npcs.json', 'stores.json']));
    cdn.files.delete('npcs.json');
    cdn.files.set('stores.json', '["new"]');

    const error = await syncManifests(options(cdn.url, ['npcs.json', 'stores.json'])).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ManifestSyncError);
    expect((error as ManifestSyncError).missing).toEqual(['npcs.json']);
    expect((error as Error).message).toMatch(/Not found on the CDN: npcs\.json/);
    expect(await readFile(path.join(cacheDir, 'npcs.json'), 'utf8')).toBe('["old"]');
    expect((await readdir(cacheDir)).filter((f) => f.endsWith('.removed') || f.endsWith('.tmp'))).toEqual([]);
  });

  it('removes a cached optional file that the CDN no longer has (the cache mirrors the CDN)', async () => {
    const cdn = await cdnWith({ 'npcs.json': '[]', 'stores.json': '[]', 'items.json': '[]' });
    const files = ['npcs.json', 'stores.json', 'items.json'];
    await syncManifests(options(cdn.url, files));
    cdn.files.delete('items.json');
    const report = await syncManifests(options(cdn.url, files));
    expect(report.failed.map((f) => f.file)).toEqual(['items.json']);
    expect(await exists(path.join(cacheDir, 'items.json'))).toBe(false);
    expect((await readdir(cacheDir)).some((f) => f.includes('.removed'))).toBe(false);
  });

  it('times out a hanging request and keeps going', async () => {
    const cdn = await cdnWith({ 'npcs.json': '[]', 'stores.json': '[]', 'slow.json': '{}' });
    cdn.hang.add('slow.json');
    const report = await syncManifests(
      options(cdn.url, ['npcs.json', 'stores.json', 'slow.json'], { timeoutMs: 300 }),
    );
    expect(report.source).toBe('cdn');
    expect(report.updated).toEqual(['npcs.json', 'stores.json']);
    expect(report.failed).toEqual([{ file: 'slow.json', reason: 'timed out after 300 ms' }]);
  });

  it('refuses a 200 whose body is not JSON and keeps the cached copy', async () => {
    const cdn = await cdnWith({ 'npcs.json': '["good"]', 'stores.json': '[]' });
    await syncManifests(options(cdn.url, ['npcs.json', 'stores.json']));
    cdn.files.set('npcs.json', '<html>maintenance</html>');
    const report = await syncManifests(options(cdn.url, ['npcs.json', 'stores.json']));
    expect(report.failed).toEqual([{ file: 'npcs.json', reason: 'body is not valid JSON' }]);
    expect(await readFile(path.join(cacheDir, 'npcs.json'), 'utf8')).toBe('["good"]');
  });

  it('gives up after the first wave when a CDN accepts connections but never answers', async () => {
    const files = Array.from({ length: 30 }, (_, i) => `f${i}.json`);
    const cdn = await cdnWith({});
    for (const f of files) cdn.hang.add(f);
    const seen: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const error = await syncManifests(
      options(cdn.url, files, { timeoutMs: 200, concurrency: 6, fetch: countingFetch }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestSyncError);
    expect(seen.length).toBeLessThanOrEqual(11);
    expect((error as ManifestSyncError).report.failed).toHaveLength(30);
  });
});

describe('input checks', () => {
  it.each(['../escape.json', '/etc/passwd', 'a//b.json', 'a\\b.json', ''])(
    'rejects the file name %j',
    async (file) => {
      await expect(syncManifests(options('http://127.0.0.1:1', [file]))).rejects.toThrow(
        /invalid manifest path/,
      );
    },
  );

  it('builds encoded URLs under /manifests/', () => {
    expect(manifestUrl('http://cdn.example/', 'items/food.json')).toBe(
      'http://cdn.example/manifests/items/food.json',
    );
    expect(manifestUrl('http://cdn.example/base', 'a b.json')).toBe(
      'http://cdn.example/base/manifests/a%20b.json',
    );
  });
});
