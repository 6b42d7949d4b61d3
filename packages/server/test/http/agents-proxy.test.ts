import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../http-harness';
import { listenLocally, rawRequest } from '../raw-http';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: string;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** A stand-in agent runtime that records what reached it and answers 202 with JSON. */
const seen: Seen[] = [];
const runtime = createServer((req, res) => {
  void readBody(req).then((body) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
    res.writeHead(202, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ fromRuntime: true }));
  });
});

let t: TestApp;
let down: TestApp;
beforeAll(async () => {
  const url = await listen(runtime);
  t = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true', AGENT_API_URL: url } });
  // A port that was just free and is closed again: nothing answers there.
  const closed = createServer();
  const closedUrl = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  down = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true', AGENT_API_URL: closedUrl } });
});
afterAll(async () => {
  await t.close();
  await down.close();
  await new Promise<void>((resolve) => runtime.close(() => resolve()));
});

describe('/api/agent/* is proxied to AGENT_API_URL', () => {
  it('passes method, path, query, Authorization and body; returns the runtime status and body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agent/agents/ag_1/start?fast=1',
      headers: { authorization: 'Bearer a.b.c' },
      payload: { name: 'Woody' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ fromRuntime: true });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/agent/agents/ag_1/start?fast=1',
      authorization: 'Bearer a.b.c',
      body: JSON.stringify({ name: 'Woody' }),
    });
    const get = await t.app.inject({ url: '/api/agent/agents' });
    expect(get.statusCode).toBe(202);
    expect(seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/agent/agents',
      authorization: undefined,
      body: '',
    });
  });

  it('answers 503 service_unavailable when the runtime is not reachable', async () => {
    const res = await down.app.inject({ url: '/api/agent/agents' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('service_unavailable');
  });
});

describe('/api/agent/* stays under /api/agent/ on the runtime', () => {
  let port: number;
  beforeAll(async () => {
    port = await listenLocally(t.app);
  });

  it.each([
    '/api/agent/../../internal/secret',
    '/api/agent/agents/../../../internal/secret',
    '/api/agent/./agents',
    '/api/agent/%2e%2e/%2e%2e/internal/secret',
    '/api/agent/.%2E/internal',
    '/api/agent/agents%2f..%2f..%2finternal',
    '/api/agent/agents%2F..%2F..%2Finternal',
    '/api/agent/..%5c..%5cinternal',
    '/api/agent/..\\..\\internal\\secret',
    '/api/agent/agents%00',
    '/api/agent/agents%0d%0aX-Injected:%201',
    '/api/agent/%252e%252e/%252e%252e/internal',
    '/api/agent/agents//ag_1',
    '/%61pi/agent/%2e%2e/%2e%2e/internal',
  ])('refuses %s with 400 invalid_path and sends nothing upstream', async (target) => {
    const before = seen.length;
    const res = await rawRequest(port, 'GET', target, { authorization: 'Bearer a.b.c' });
    expect(res?.status).toBe(400);
    expect(JSON.parse(res?.body ?? '')).toMatchObject({ error: { code: 'invalid_path' } });
    expect(seen.length).toBe(before);
  });

  it('sends an absolute-form request to the runtime, never to the host it names', async () => {
    let elsewhere = 0;
    const other = createServer((_req, res) => {
      elsewhere += 1;
      res.writeHead(200).end();
    });
    const otherUrl = await listen(other);
    try {
      const res = await rawRequest(port, 'GET', `${otherUrl}/api/agent/agents`, {
        authorization: 'Bearer a.b.c',
      });
      expect(res?.status).toBe(202);
      expect(seen.at(-1)).toMatchObject({ url: '/api/agent/agents', authorization: 'Bearer a.b.c' });
      expect(elsewhere).toBe(0);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it.each([
    ['/api/agent/agents', '/api/agent/agents'],
    [
      '/api/agent/agents/ag_1/activity?limit=5&since=a%20b',
      '/api/agent/agents/ag_1/activity?limit=5&since=a%20b',
    ],
    ['/%61pi/agent/agents?x=1', '/api/agent/agents?x=1'],
    ['/api/agent/agents/ag%201', '/api/agent/agents/ag%201'],
    ['/api/agent/agents/%C3%A9t%C3%A9', '/api/agent/agents/%C3%A9t%C3%A9'],
    ['/api/agent/agents/', '/api/agent/agents/'],
    ['/api/agent/agents/a..b/.well', '/api/agent/agents/a..b/.well'],
  ])('passes %s on as %s', async (target, upstream) => {
    const res = await rawRequest(port, 'GET', target, { authorization: 'Bearer a.b.c' });
    expect(res?.status).toBe(202);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: upstream, authorization: 'Bearer a.b.c' });
  });
});
