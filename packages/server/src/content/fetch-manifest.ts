/**
 * One conditional manifest download, classified into the few outcomes the sync cares about.
 *
 * The distinction that matters is "the CDN answered" versus "the CDN is unreachable"
 * (connection refused, DNS failure, timeout, 5xx): only the latter lets the server fall back
 * to its cache or to the production CDN.
 */

/** Upper bound of one manifest body; a larger answer is refused rather than buffered. */
export const MAX_MANIFEST_BYTES = 32 * 1024 * 1024;

/** What a single conditional GET produced. */
export type FetchOutcome =
  | { kind: 'modified'; body: Buffer; etag: string | undefined }
  | { kind: 'not-modified' }
  | { kind: 'not-found' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'unreachable'; reason: string };

/** Options of {@link fetchManifest}. */
export interface FetchManifestOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  /** Cached entity tag to send as If-None-Match. */
  etag?: string | undefined;
  /** Aborts the request when the whole batch gives up (CDN considered down). */
  signal?: AbortSignal | undefined;
}

/** `{base}/manifests/{file}`, with every path segment percent-encoded. */
export function manifestUrl(baseUrl: string, file: string): string {
  const encoded = file.split('/').map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/manifests/${encoded}`;
}

/** GETs one manifest with If-None-Match and a timeout; never throws. */
export async function fetchManifest(url: string, opts: FetchManifestOptions): Promise<FetchOutcome> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.etag !== undefined) headers['if-none-match'] = opts.etag;
  try {
    const res = await opts.fetch(url, { headers, signal, redirect: 'follow' });
    if (res.status === 304) {
      await res.body?.cancel();
      return { kind: 'not-modified' };
    }
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      return { kind: 'not-found' };
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      return { kind: 'unreachable', reason: `HTTP ${res.status}` };
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      return { kind: 'rejected', reason: `HTTP ${res.status}` };
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > MAX_MANIFEST_BYTES) {
      await res.body?.cancel();
      return { kind: 'rejected', reason: `body of ${declared} bytes exceeds ${MAX_MANIFEST_BYTES}` };
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (body.byteLength > MAX_MANIFEST_BYTES) {
      return { kind: 'rejected', reason: `body exceeds ${MAX_MANIFEST_BYTES} bytes` };
    }
    if (file(url).endsWith('.json') && !isJson(body)) {
      return { kind: 'rejected', reason: 'body is not valid JSON' };
    }
    return { kind: 'modified', body, etag: res.headers.get('etag') ?? undefined };
  } catch (err) {
    if (timeout.aborted) return { kind: 'unreachable', reason: `timed out after ${opts.timeoutMs} ms` };
    if (opts.signal?.aborted) return { kind: 'unreachable', reason: 'skipped: CDN unreachable' };
    return { kind: 'unreachable', reason: describeNetworkError(err) };
  }
}

function file(url: string): string {
  return new URL(url).pathname;
}

function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/** "fetch failed" hides the useful part (ECONNREFUSED, ENOTFOUND...) in `cause`. */
export function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause: unknown = err.cause;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ` : '';
    return `${code}${cause.message}`;
  }
  return err.message;
}
