/**
 * A tiny in-memory manifest CDN on 127.0.0.1 for the sync tests: it counts every request,
 * records If-None-Match, answers 304 for matching tags, can hang or fail files on purpose,
 * and can be stopped so its address refuses connections (the "CDN down" case).
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake CDN saw it. */
export interface SeenRequest {
  file: string;
  ifNoneMatch: string | undefined;
  status: number;
}

/** Handle on a running fake CDN. */
export interface FakeCdn {
  url: string;
  files: Map<string, string>;
  requests: SeenRequest[];
  /** Files whose requests are never answered (to exercise timeouts). */
  hang: Set<string>;
  /** When set, every request is answered with this status (e.g. 503). */
  failAll: number | undefined;
  /** When set, requests are held until this many are in flight (or all expected ones arrived). */
  gate: { size: number; expected: number } | undefined;
  maxInFlight: number;
  stop: () => Promise<void>;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('hex')}"`;
}

/** Starts a fake CDN serving `initial` (manifest path -> body) under /manifests/. */
export async function startFakeCdn(initial: Record<string, string>): Promise<FakeCdn> {
  const held: (() => void)[] = [];
  let inFlight = 0;
  let arrived = 0;
  const cdn: FakeCdn = {
    url: '',
    files: new Map(Object.entries(initial)),
    requests: [],
    hang: new Set(),
    failAll: undefined,
    gate: undefined,
    maxInFlight: 0,
    stop: async () => {
      held.splice(0).forEach((release) => release());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const file = decodeURIComponent((req.url ?? '').replace(/^\/manifests\//, '').split('?')[0] ?? '');
    const ifNoneMatch =
      typeof req.headers['if-none-match'] === 'string' ? req.headers['if-none-match'] : undefined;
    const body = cdn.files.get(file);
    let status: number;
    if (cdn.failAll !== undefined) status = cdn.failAll;
    else if (body === undefined) status = 404;
    else if (ifNoneMatch === etagOf(body)) status = 304;
    else status = 200;
    cdn.requests.push({ file, ifNoneMatch, status });
    inFlight--;
    if (status === 200 && body !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json', etag: etagOf(body) }).end(body);
    } else if (status === 304 && body !== undefined) {
      res.writeHead(304, { etag: etagOf(body) }).end();
    } else {
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end('{"error":{"code":"x","message":"x"}}');
    }
  };

  const server = createServer((req, res) => {
    const file = (req.url ?? '').replace(/^\/manifests\//, '');
    if (cdn.hang.has(file)) return; // never answered; the client must time out
    inFlight++;
    arrived++;
    cdn.maxInFlight = Math.max(cdn.maxInFlight, inFlight);
    const gate = cdn.gate;
    if (gate === undefined) return answer(req, res);
    held.push(() => answer(req, res));
    if (held.length >= gate.size || arrived >= gate.expected) held.splice(0).forEach((release) => release());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  cdn.url = `http://127.0.0.1:${port}`;
  return cdn;
}

/** An address on 127.0.0.1 where nothing listens (connection refused). */
export async function deadCdnUrl(): Promise<string> {
  const cdn = await startFakeCdn({});
  await cdn.stop();
  return cdn.url;
}
