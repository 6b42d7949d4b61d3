import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config';
import { registerErrorHandling } from '../../src/transport/http/plugins/error-handler';
import {
  agentProxyRoutes,
  forwardedRequestHeaders,
  passedResponseHeaders,
} from '../../src/transport/http/routes/agent-proxy';

/** What the stand-in runtime saw of the last request. */
let lastHeaders: IncomingMessage['headers'] = {};
let lastBody = '';
/** Sockets the silent route holds open, released in afterAll. */
const held = new Set<ServerResponse>();
const sockets = new Set<Socket>();

const CHUNKS = 40;
const CHUNK = 'x'.repeat(16 * 1024);

function runtimeHandler(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    lastHeaders = req.headers;
    lastBody = Buffer.concat(chunks).toString('utf8');
    if (req.url === '/api/agent/silent') {
      held.add(res); // never answers
      return;
    }
    if (req.url === '/api/agent/stream') {
      // A chunked body written piece by piece: only a streaming proxy passes it without buffering.
      res.writeHead(200, { 'content-type': 'text/plain' });
      let i = 0;
      const next = (): void => {
        if (i++ === CHUNKS) return void res.end();
        res.write(CHUNK, next);
      };
      next();
      return;
    }
    res.writeHead(201, {
      'content-type': 'application/json; charset=utf-8',
      etag: '"v1"',
      'cache-control': 'private, max-age=5',
      'x-agent-runtime': 'yes',
      'x-per-hop': 'drop me',
      connection: 'keep-alive, x-per-hop',
      'keep-alive': 'timeout=5',
    });
    res.end(JSON.stringify({ ok: true }));
  });
}

async function listen(server: Server): Promise<string> {
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

const runtime = createServer(runtimeHandler);
let app: FastifyInstance;
let runtimeUrl = '';

beforeAll(async () => {
  const url = await listen(runtime);
  runtimeUrl = url;
  const { config } = loadConfig({ NODE_ENV: 'test', AGENT_API_URL: url });
  app = Fastify({ logger: false });
  registerErrorHandling(app, { spaFallback: false });
  await agentProxyRoutes(app, { config }, { timeoutMs: 500 });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  for (const res of held) res.destroy();
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => runtime.close(() => resolve()));
});

describe('the /api/agent/* proxy (@fastify/http-proxy)', () => {
  it('passes the runtime response headers through, without hop-by-hop ones', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/agent/agents', payload: { name: 'W' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['etag']).toBe('"v1"');
    expect(res.headers['cache-control']).toBe('private, max-age=5');
    expect(res.headers['x-agent-runtime']).toBe('yes');
    expect(res.headers['x-per-hop']).toBeUndefined();
    expect(res.headers['keep-alive']).toBeUndefined();
    expect(lastBody).toBe(JSON.stringify({ name: 'W' }));
  });

  it('forwards the allowed request headers only, with the runtime as Host', async () => {
    await app.inject({
      url: '/api/agent/agents',
      headers: {
        authorization: 'Bearer a.b.c',
        'if-none-match': '"v1"',
        cookie: 'session=secret',
        'x-forwarded-for': '10.9.8.7',
      },
    });
    expect(lastHeaders['authorization']).toBe('Bearer a.b.c');
    expect(lastHeaders['if-none-match']).toBe('"v1"');
    expect(lastHeaders['cookie']).toBeUndefined();
    expect(lastHeaders['x-forwarded-for']).toBeUndefined();
    expect(lastHeaders['host']).toBe(new URL(runtimeUrl).host);
  });

  it('streams a large chunked response body through', async () => {
    const res = await app.inject({ url: '/api/agent/stream' });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBe(CHUNKS * CHUNK.length);
    expect(res.body).toBe(CHUNK.repeat(CHUNKS));
  });

  it('answers 503 service_unavailable when the runtime stays silent past the timeout', async () => {
    const res = await app.inject({ url: '/api/agent/silent' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('service_unavailable');
  });
});

describe('the /api/agent/* query string', () => {
  it('refuses malformed percent-encoding with 400 invalid_path instead of failing inside the proxy', async () => {
    const res = await app.inject({ url: '/api/agent/agents?%80' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_path');
  });
});

describe('proxy header rules', () => {
  it('keeps the listed request headers and sets Host', () => {
    expect(
      forwardedRequestHeaders({ authorization: 'B', cookie: 'c', accept: 'application/json' }, 'rt:4001'),
    ).toEqual({ host: 'rt:4001', authorization: 'B', accept: 'application/json' });
  });

  it('drops hop-by-hop response headers and those Connection names', () => {
    expect(
      passedResponseHeaders({
        connection: 'close, X-Secret-Hop',
        'x-secret-hop': '1',
        'transfer-encoding': 'chunked',
        upgrade: 'h2c',
        'content-type': 'text/plain',
      }),
    ).toEqual({ 'content-type': 'text/plain' });
  });
});
