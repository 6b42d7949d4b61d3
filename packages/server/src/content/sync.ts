/**
 * Manifest sync at startup: mirror {cdnUrl}/manifests/<file> into a local cache directory,
 * following the interface's "Manifest loading at startup" rules.
 *
 * - `skip` (SKIP_MANIFESTS) bypasses everything.
 * - mode `if-missing` (development) does nothing when the cache already satisfies the required
 *   manifests; otherwise it fetches like `always`.
 * - mode `always` (production, CI) revalidates every file with If-None-Match, rewrites only
 *   changed files (atomically), and falls back to the cache when the CDN is unreachable.
 * - When the CDN is unreachable and required manifests are still missing, `fallbackCdnUrl`
 *   (the production CDN, passed in development) is tried to bootstrap; then, if they are still
 *   missing, `fallbackDir` (in development, the manifests bundled with the project: what its CDN
 *   serves) is copied into the cache.
 * - Required manifests missing at the end is fatal ({@link ManifestSyncError}); any other
 *   per-file failure (e.g. a 404 for an optional file) is only reported.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fetchBatch } from './fetch-batch';
import type { BatchResult } from './fetch-batch';
import { ManifestCache, assertSafeManifestPath, sha256 } from './fetch-cache';

/** Options of {@link syncManifests}. */
export interface SyncOptions {
  cdnUrl: string;
  /** Production CDN, tried when `cdnUrl` is unreachable and required manifests are missing. */
  fallbackCdnUrl?: string | undefined;
  /**
   * A local copy of the production CDN's manifests (development: the bundled ones), copied into the
   * cache when the CDNs are unreachable and required manifests are still missing.
   */
  fallbackDir?: string | undefined;
  cacheDir: string;
  /** Manifest paths relative to the manifests folder, e.g. `npcs.json`, `items/food.json`. */
  files: readonly string[];
  mode: 'always' | 'if-missing';
  skip: boolean;
  /** Returns the required manifests missing from `dir` (empty when the world can load). */
  isSatisfied: (dir: string) => Promise<string[]>;
  fetch?: typeof fetch;
  /** Per-request timeout (default 10 000 ms). */
  timeoutMs?: number;
  /** Requests in flight at once (default 6). */
  concurrency?: number;
  log: (msg: string, extra?: object) => void;
}

/** What a sync did, for logs and the startup report. */
export interface SyncReport {
  skipped: boolean;
  /**
   * Where the manifests in use came from: the CDN, the fallback CDN, the fallback directory
   * (bundled), the existing cache, or nowhere (skipped).
   */
  source: 'cdn' | 'fallback-cdn' | 'bundled' | 'cache' | 'none';
  updated: string[];
  unchanged: string[];
  failed: { file: string; reason: string }[];
}

/** Thrown when the server cannot start: required manifests are missing after every attempt. */
export class ManifestSyncError extends Error {
  constructor(
    message: string,
    readonly missing: string[],
    readonly report: SyncReport,
  ) {
    super(message);
    this.name = 'ManifestSyncError';
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_CONCURRENCY = 6;

interface Applied {
  updated: string[];
  unchanged: string[];
  failed: { file: string; reason: string }[];
  stashed: { file: string; aside: string }[];
}

/** Syncs the manifest cache; resolves with a report or rejects with {@link ManifestSyncError}. */
export async function syncManifests(opts: SyncOptions): Promise<SyncReport> {
  const { log, cacheDir } = opts;
  if (opts.skip) {
    log('manifest sync: skipped (SKIP_MANIFESTS)');
    return { skipped: true, source: 'none', updated: [], unchanged: [], failed: [] };
  }
  const files = [...new Set(opts.files)];
  files.forEach(assertSafeManifestPath);
  await mkdir(cacheDir, { recursive: true });

  log('manifest sync: checking cache', { cacheDir, mode: opts.mode });
  if (opts.mode === 'if-missing') {
    const missing = await opts.isSatisfied(cacheDir);
    if (missing.length === 0) {
      log('manifest sync: required manifests present locally; skipping fetch');
      log('manifest sync: done', { source: 'cache' });
      return { skipped: false, source: 'cache', updated: [], unchanged: [], failed: [] };
    }
    log('manifest sync: required manifests missing locally', { missing });
  }

  const cache = new ManifestCache(cacheDir);
  if ((await cache.load()).corrupt) log('manifest sync: .etags.json unreadable; revalidating every file');
  const batchOptions = {
    fetch: opts.fetch ?? globalThis.fetch,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
  };
  const attempt = async (origin: string): Promise<BatchResult> => {
    log(`manifest sync: fetching ${files.length} files from ${origin}/manifests/`);
    const batch = await fetchBatch(origin, files, cache, batchOptions);
    if (!batch.reachable)
      log(`manifest sync: CDN unreachable at ${origin} (${batch.unreachableReason ?? 'unknown'})`);
    return batch;
  };

  const primary = await attempt(opts.cdnUrl);
  let used = primary;
  let source: SyncReport['source'] = primary.reachable ? 'cdn' : 'cache';
  let applied = primary.reachable ? await apply(primary, cache, log) : unreachableReport(primary);
  let missing = await opts.isSatisfied(cacheDir);
  let fallback: BatchResult | undefined;

  if (missing.length > 0 && !primary.reachable && opts.fallbackCdnUrl) {
    log('manifest sync: required manifests missing and CDN unavailable; bootstrapping from fallback CDN', {
      fallbackCdnUrl: opts.fallbackCdnUrl,
      missing,
    });
    fallback = await attempt(opts.fallbackCdnUrl);
    if (fallback.reachable) {
      used = fallback;
      source = 'fallback-cdn';
      applied = await apply(fallback, cache, log);
      missing = await opts.isSatisfied(cacheDir);
    }
  }

  let bundled = false;
  if (missing.length > 0 && !used.reachable && opts.fallbackDir) {
    log(
      'manifest sync: required manifests missing and no CDN reachable; bootstrapping from the bundled manifests',
      {
        fallbackDir: opts.fallbackDir,
        missing,
      },
    );
    const copied = await copyFromDir(opts.fallbackDir, files, cache);
    bundled = true;
    source = 'bundled';
    applied = { ...copied, stashed: applied.stashed };
    missing = await opts.isSatisfied(cacheDir);
  }

  const report: SyncReport = {
    skipped: false,
    source,
    updated: applied.updated,
    unchanged: applied.unchanged,
    failed: applied.failed,
  };
  if (missing.length > 0) {
    // Keep whatever copies we had: a broken CDN must not also break the cache.
    for (const { file, aside } of applied.stashed) await cache.unstash(file, aside);
    await cache.save();
    throw new ManifestSyncError(
      failureMessage(opts, missing, primary, fallback, used, bundled),
      missing,
      report,
    );
  }
  for (const { aside } of applied.stashed) await cache.discard(aside);
  await cache.save();
  if (source === 'cache') log('manifest sync: using cached manifests', { cacheDir });
  log('manifest sync: done', {
    source,
    updated: report.updated.length,
    unchanged: report.unchanged.length,
    failed: report.failed.length,
  });
  return report;
}

/** Writes changed files, keeps unchanged ones, and sets aside files the CDN no longer has. */
async function apply(batch: BatchResult, cache: ManifestCache, log: SyncOptions['log']): Promise<Applied> {
  const result: Applied = { updated: [], unchanged: [], failed: [], stashed: [] };
  for (const [file, outcome] of batch.outcomes) {
    switch (outcome.kind) {
      case 'modified': {
        const hash = sha256(outcome.body);
        const cached = await cache.read(file);
        if (cached?.sha256 === hash) {
          result.unchanged.push(file);
        } else {
          await cache.writeAtomic(file, outcome.body);
          result.updated.push(file);
        }
        cache.remember(file, outcome.etag, batch.origin, hash);
        break;
      }
      case 'not-modified':
        if (await cache.read(file)) result.unchanged.push(file);
        else result.failed.push({ file, reason: '304 without a cached copy' });
        break;
      case 'not-found': {
        const aside = await cache.stash(file);
        if (aside !== undefined) result.stashed.push({ file, aside });
        cache.forget(file);
        result.failed.push({ file, reason: 'not found on CDN (404)' });
        break;
      }
      case 'rejected':
      case 'unreachable':
        result.failed.push({ file, reason: outcome.reason });
        break;
    }
  }
  log(
    `manifest sync: ${result.updated.length} updated / ${result.unchanged.length} unchanged / ${result.failed.length} failed`,
    result.failed.length > 0 ? { failed: result.failed } : undefined,
  );
  return result;
}

/**
 * Copies `files` from a local directory into the cache (missing ones are reported as failed). The
 * copies remember no entity tag, so the next sync from a reachable CDN downloads them again.
 */
async function copyFromDir(
  dir: string,
  files: readonly string[],
  cache: ManifestCache,
): Promise<Omit<Applied, 'stashed'>> {
  const result: Omit<Applied, 'stashed'> = { updated: [], unchanged: [], failed: [] };
  for (const file of files) {
    let body: Buffer;
    try {
      body = await readFile(join(dir, file));
    } catch (err) {
      result.failed.push({
        file,
        reason: `not in ${dir}: ${err instanceof Error ? err.message : String(err)}`,
      });
      continue;
    }
    const cached = await cache.read(file);
    if (cached?.sha256 === sha256(body)) {
      result.unchanged.push(file);
    } else {
      await cache.writeAtomic(file, body);
      result.updated.push(file);
    }
    cache.forget(file);
  }
  return result;
}

function unreachableReport(batch: BatchResult): Applied {
  const reason = `CDN unreachable: ${batch.unreachableReason ?? 'unknown'}`;
  return {
    updated: [],
    unchanged: [],
    failed: [...batch.outcomes.keys()].map((file) => ({ file, reason })),
    stashed: [],
  };
}

function failureMessage(
  opts: SyncOptions,
  missing: string[],
  primary: BatchResult,
  fallback: BatchResult | undefined,
  used: BatchResult,
  bundled: boolean,
): string {
  const lines = [`Required manifests missing from ${opts.cacheDir}: ${missing.join(', ')}.`];
  lines.push(
    primary.reachable
      ? `The CDN at ${opts.cdnUrl} does not provide them (see the failed files in the report).`
      : `The CDN at ${opts.cdnUrl} is unreachable (${primary.unreachableReason ?? 'unknown'}) and the cache cannot stand in.`,
  );
  if (fallback) {
    lines.push(
      fallback.reachable
        ? `The fallback CDN at ${fallback.origin} does not provide them either.`
        : `The fallback CDN at ${fallback.origin} is unreachable too (${fallback.unreachableReason ?? 'unknown'}).`,
    );
  }
  if (bundled) lines.push(`The bundled manifests in ${opts.fallbackDir ?? '?'} do not hold them either.`);
  const notFound = [...used.outcomes].filter(([, o]) => o.kind === 'not-found').map(([file]) => file);
  if (notFound.length > 0) lines.push(`Not found on the CDN: ${notFound.join(', ')}.`);
  lines.push(
    'To fix it: start the local CDN (`npm run cdn`) or set PUBLIC_CDN_URL to a CDN that serves them;' +
      ' in development, set PRODUCTION_CDN_URL to a CDN to bootstrap from;' +
      ' or set SKIP_MANIFESTS=true to start on the bundled default world without checks.',
  );
  return lines.join(' ');
}
