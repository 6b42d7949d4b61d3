/**
 * Downloads a list of manifests from one CDN with bounded concurrency and a circuit breaker.
 *
 * Concurrency keeps 30-odd requests from opening 30 sockets at once; the breaker stops the
 * batch once the first full wave of requests has failed at the network level with no answer
 * at all, so a black-holed CDN costs one timeout rather than one per file.
 */
import type { ManifestCache } from './fetch-cache';
import { fetchManifest, manifestUrl } from './fetch-manifest';
import type { FetchOutcome } from './fetch-manifest';

/** Outcome of downloading every file from one CDN. */
export interface BatchResult {
  origin: string;
  outcomes: Map<string, FetchOutcome>;
  /** At least one request got an HTTP answer other than 5xx. */
  reachable: boolean;
  /** Why the CDN is considered down (first network-level failure), when it is. */
  unreachableReason: string | undefined;
}

/** Options of {@link fetchBatch}. */
export interface BatchOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  concurrency: number;
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  // One shared iterator: each worker pulls the next unclaimed item.
  const pending = items.entries();
  const worker = async (): Promise<void> => {
    for (const [index, item] of pending) results[index] = await task(item);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** Conditionally GETs every file from `origin`, replaying cached ETags that are still valid. */
export async function fetchBatch(
  origin: string,
  files: readonly string[],
  cache: ManifestCache,
  opts: BatchOptions,
): Promise<BatchResult> {
  const breaker = new AbortController();
  const threshold = Math.max(1, Math.min(opts.concurrency, files.length));
  let answered = 0;
  let networkFailures = 0;
  let firstFailure: string | undefined;

  const outcomes = await mapWithConcurrency(files, opts.concurrency, async (file) => {
    if (breaker.signal.aborted) return { kind: 'unreachable', reason: 'skipped: CDN unreachable' } as const;
    const etag = await cache.validEtag(file, origin);
    const outcome = await fetchManifest(manifestUrl(origin, file), {
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs,
      etag,
      signal: breaker.signal,
    });
    if (outcome.kind === 'unreachable') {
      networkFailures++;
      firstFailure ??= outcome.reason;
      if (answered === 0 && networkFailures >= threshold) breaker.abort();
    } else {
      answered++;
    }
    return outcome;
  });

  const reachable = answered > 0;
  return {
    origin,
    outcomes: new Map(
      files.map((file, i) => [file, outcomes[i] ?? { kind: 'unreachable', reason: 'not attempted' }]),
    ),
    reachable,
    unreachableReason: reachable ? undefined : (firstFailure ?? 'no files requested'),
  };
}
