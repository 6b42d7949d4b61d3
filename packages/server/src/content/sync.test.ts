import { access, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadCdnUrl, startFakeCdn } from './fetch-fake-cdn';
import type { FakeCdn } from './fetch-fake-cdn';
import { ManifestSyncError, syncManifests } from './sync';
import type { SyncOptions } from './sync';

const REQUIRED = ['npcs.json', 'world-areas.json'];
const CONTENT: Record<string, string> = {
  'npcs.json': '{"npcs":["goblin"]}',
  'world-areas.json': '{"areas":["lumby"]}',
  'items/food.json': '[{"id":"shrimp"}]',
  'gathering/fishing.json': '{"spots":[]}',
};
const FILES = Object.keys(CONTENT);

let dir: string;
let cacheDir: string;
const cdns: FakeCdn[] = [];
const logs: string[] = [];

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Missing required files, the way the content loader's check would report them. */
async function isSatisfied(d: string): Promise<string[]> {
  const missing: string[] = [];
  for (const f of REQUIRED) if (!(await exists(path.join(d, f)))) missing.push(f);
  return missing;
}

async function cdnWith(files: Record<string, string> = CONTENT): Promise<FakeCdn> {
  const cdn = await startFakeCdn(files);
  cdns.push(cdn);
  return cdn;
}

function options(overrides: Partial<SyncOptions> & { cdnUrl: string }): SyncOptions {
  return {
    cacheDir,
    files: FILES,
    mode: 'always',
    skip: false,
    isSatisfied,
    timeoutMs: 5_000,
    log: (msg) => logs.push(msg),
    ...overrides,
  };
}

/** Inode + mtime per file: an atomic rewrite (temp + rename) always changes the inode. */
async function mtimes(files: readonly string[]): Promise<string[]> {
  return Promise.all(
    files.map(async (f) => {
      const s = await stat(path.join(cacheDir, f));
      return `${s.ino}:${s.mtimeMs}`;
    }),
  );
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilerealm-sync-'));
  cacheDir = path.join(dir, 'manifests');
  logs.length = 0;
});

afterEach(async () => {
  await Promise.all(cdns.splice(0).map((c) => c.stop()));
  await rm(dir, { recursive: true, force: true });
});

describe('production mode (always)', () => {
  it('populates an empty cache, nested paths included, and stores the ETags', async () => {
    const cdn = await cdnWith();
    const report = await syncManifests(options({ cdnUrl: cdn.url }));
    expect(report).toEqual({ skipped: false, source: 'cdn', updated: FILES, unchanged: [], failed: [] });
    for (const f of FILES) expect(await readFile(path.join(cacheDir, f), 'utf8')).toBe(CONTENT[f]);
    expect(cdn.requests.every((r) => r.ifNoneMatch === undefined)).toBe(true);
    const store: unknown = JSON.parse(await readFile(path.join(cacheDir, '.etags.json'), 'utf8'));
    expect(Object.keys((store as { files: object }).files).sort()).toEqual([...FILES].sort());
    expect(logs).toEqual(
      expect.arrayContaining([
        'manifest sync: checking cache',
        `manifest sync: fetching 4 files from ${cdn.url}/manifests/`,
        'manifest sync: 4 updated / 0 unchanged / 0 failed',
        'manifest sync: done',
      ]),
    );
  });

  it('revalidates with If-None-Match on the next start and rewrites nothing on 304', async () => {
    const cdn = await cdnWith();
    await syncManifests(options({ cdnUrl: cdn.url }));
    const before = await mtimes([...FILES, '.etags.json']);
    cdn.requests.length = 0;

    const report = await syncManifests(options({ cdnUrl: cdn.url }));
    expect(report).toEqual({ skipped: false, source: 'cdn', updated: [], unchanged: FILES, failed: [] });
    expect(cdn.requests).toHaveLength(FILES.length);
    expect(cdn.requests.every((r) => r.ifNoneMatch !== undefined && r.status === 304)).toBe(true);
    expect(await mtimes([...FILES, '.etags.json'])).toEqual(before);
  });

  it('updates only the file that changed on the CDN', async () => {
    const cdn = await cdnWith();
    await syncManifests(options({ cdnUrl: cdn.url }));
    const before = await mtimes(FILES);
    cdn.files.set('npcs.json', '{"npcs":["goblin","cow"]}');

    const report = await syncManifests(options({ cdnUrl: cdn.url }));
    expect(report.updated).toEqual(['npcs.json']);
    expect(report.unchanged).toEqual(FILES.filter((f) => f !== 'npcs.json'));
    expect(await readFile(path.join(cacheDir, 'npcs.json'), 'utf8')).toBe('{"npcs":["goblin","cow"]}');
    const after = await mtimes(FILES);
    FILES.forEach((f, i) => {
      if (f !== 'npcs.json') expect(after[i]).toBe(before[i]);
    });
    expect(await readFile(path.join(cacheDir, 'npcs.json'), 'utf8')).not.toContain('tmp');
  });

  it('re-downloads a cached file that was deleted or edited instead of trusting its old ETag', async () => {
    const cdn = await cdnWith();
    await syncManifests(options({ cdnUrl: cdn.url }));
    await rm(path.join(cacheDir, 'items/food.json'));
    await writeFile(path.join(cacheDir, 'npcs.json'), '{"npcs":["edited by hand"]}');
    cdn.requests.length = 0;

    const report = await syncManifests(options({ cdnUrl: cdn.url }));
    expect([...report.updated].sort()).toEqual(['items/food.json', 'npcs.json']);
    const npcs = cdn.requests.find((r) => r.file === 'npcs.json');
    expect(npcs?.ifNoneMatch).toBeUndefined();
    expect(await readFile(path.join(cacheDir, 'npcs.json'), 'utf8')).toBe(CONTENT['npcs.json']);
  });

  it('survives a corrupt .etags.json by revalidating everything', async () => {
    const cdn = await cdnWith();
    await syncManifests(options({ cdnUrl: cdn.url }));
    await writeFile(path.join(cacheDir, '.etags.json'), '{not json');
    const report = await syncManifests(options({ cdnUrl: cdn.url }));
    expect(report.unchanged).toEqual(FILES);
    expect(report.updated).toEqual([]);
  });

  it('falls back to the cache when the CDN is down', async () => {
    const cdn = await cdnWith();
    await syncManifests(options({ cdnUrl: cdn.url }));
    const before = await mtimes(FILES);
    await cdn.stop();

    const report = await syncManifests(options({ cdnUrl: cdn.url }));
    expect(report.source).toBe('cache');
    expect(report.updated).toEqual([]);
    expect(report.failed.map((f) => f.file)).toEqual(FILES);
    expect(report.failed[0]?.reason).toMatch(/unreachable.*ECONNREFUSED/);
    expect(await mtimes(FILES)).toEqual(before);
    expect(logs).toContain('manifest sync: using cached manifests');
  });

  it('falls back to the cache when the CDN answers 5xx', async () => {
    const cdn = await cdnWith();
    await syncManifests(options({ cdnUrl: cdn.url }));
    cdn.failAll = 503;
    const report = await syncManifests(options({ cdnUrl: cdn.url }));
    expect(report.source).toBe('cache');
    expect(report.failed[0]?.reason).toMatch(/HTTP 503/);
  });

  it('fails clearly when the CDN is down and required manifests are not cached', async () => {
    const url = await deadCdnUrl();
    const error = await syncManifests(options({ cdnUrl: url })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestSyncError);
    const syncError = error as ManifestSyncError;
    expect(syncError.missing).toEqual(REQUIRED);
    expect(syncError.message).toContain(url);
    expect(syncError.message).toMatch(/npcs\.json, world-areas\.json/);
    expect(syncError.message).toMatch(/unreachable/);
  });
});

describe('development mode (if-missing)', () => {
  it('skips the fetch entirely when the required manifests are present', async () => {
    const cdn = await cdnWith();
    await mkdir(cacheDir, { recursive: true });
    for (const f of REQUIRED) await writeFile(path.join(cacheDir, f), '{}');
    const report = await syncManifests(options({ cdnUrl: cdn.url, mode: 'if-missing' }));
    expect(report).toEqual({ skipped: false, source: 'cache', updated: [], unchanged: [], failed: [] });
    expect(cdn.requests).toHaveLength(0);
  });

  it('fetches when required manifests are missing', async () => {
    const cdn = await cdnWith();
    const report = await syncManifests(options({ cdnUrl: cdn.url, mode: 'if-missing' }));
    expect(report.source).toBe('cdn');
    expect(report.updated).toEqual(FILES);
    expect(cdn.requests).toHaveLength(FILES.length);
  });

  it('bootstraps from the fallback (production) CDN when the local CDN is down', async () => {
    const production = await cdnWith();
    const local = await deadCdnUrl();
    const report = await syncManifests(
      options({ cdnUrl: local, fallbackCdnUrl: production.url, mode: 'if-missing' }),
    );
    expect(report.source).toBe('fallback-cdn');
    expect(report.updated).toEqual(FILES);
    expect(production.requests).toHaveLength(FILES.length);
    expect(logs.some((l) => l.includes('bootstrapping from fallback CDN'))).toBe(true);
  });

  it('does not use the fallback when the local CDN is up', async () => {
    const production = await cdnWith();
    const local = await cdnWith();
    await syncManifests(options({ cdnUrl: local.url, fallbackCdnUrl: production.url, mode: 'if-missing' }));
    expect(production.requests).toHaveLength(0);
  });

  it('fails when both the local and the fallback CDN are down', async () => {
    const [local, production] = [await deadCdnUrl(), await deadCdnUrl()];
    const error = await syncManifests(
      options({ cdnUrl: local, fallbackCdnUrl: production, mode: 'if-missing' }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestSyncError);
    expect((error as Error).message).toContain(`fallback CDN at ${production} is unreachable`);
  });
});

describe('development bootstrap from the bundled manifests (fallbackDir)', () => {
  async function bundledDir(files: Record<string, string> = CONTENT): Promise<string> {
    const bundled = path.join(dir, 'bundled');
    for (const [file, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(bundled, file)), { recursive: true });
      await writeFile(path.join(bundled, file), body);
    }
    return bundled;
  }

  it('copies the bundled manifests into the empty cache when no CDN is reachable', async () => {
    const fallbackDir = await bundledDir();
    const report = await syncManifests(
      options({ cdnUrl: await deadCdnUrl(), fallbackDir, mode: 'if-missing' }),
    );
    expect(report.source).toBe('bundled');
    expect(report.updated).toEqual(FILES);
    for (const file of FILES) {
      expect(await readFile(path.join(cacheDir, file), 'utf8')).toBe(CONTENT[file]);
    }
    expect(logs.some((l) => l.includes('bootstrapping from the bundled manifests'))).toBe(true);
  });

  it('tries the fallback CDN first, then the bundled manifests', async () => {
    const fallbackDir = await bundledDir();
    const production = await deadCdnUrl();
    const report = await syncManifests(
      options({ cdnUrl: await deadCdnUrl(), fallbackCdnUrl: production, fallbackDir, mode: 'if-missing' }),
    );
    expect(report.source).toBe('bundled');
    const up = await cdnWith();
    const fromCdn = await syncManifests(
      options({ cdnUrl: await deadCdnUrl(), fallbackCdnUrl: up.url, fallbackDir, mode: 'always' }),
    );
    expect(fromCdn.source).not.toBe('bundled');
  });

  it('is not used when the CDN is reachable but lacks the files', async () => {
    const fallbackDir = await bundledDir();
    const empty = await cdnWith({});
    const error = await syncManifests(options({ cdnUrl: empty.url, fallbackDir, mode: 'if-missing' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ManifestSyncError);
  });

  it('fails naming the variables to set when nothing can stand in', async () => {
    const fallbackDir = await bundledDir({ 'items/food.json': '[]' });
    const local = await deadCdnUrl();
    const error = await syncManifests(options({ cdnUrl: local, fallbackDir, mode: 'if-missing' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ManifestSyncError);
    const message = (error as Error).message;
    expect(message).toContain(`The CDN at ${local} is unreachable`);
    expect(message).toContain(`The bundled manifests in ${fallbackDir} do not hold them either`);
    for (const name of ['PUBLIC_CDN_URL', 'PRODUCTION_CDN_URL', 'SKIP_MANIFESTS', 'npm run cdn']) {
      expect(message).toContain(name);
    }
  });
});

describe('skip flag', () => {
  it('bypasses everything', async () => {
    const cdn = await cdnWith();
    const report = await syncManifests(
      options({ cdnUrl: cdn.url, skip: true, isSatisfied: () => Promise.reject(new Error('not called')) }),
    );
    expect(report).toEqual({ skipped: true, source: 'none', updated: [], unchanged: [], failed: [] });
    expect(cdn.requests).toHaveLength(0);
    expect(await exists(cacheDir)).toBe(false);
  });
});
