import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_ERRORS } from '../../src/transport/http/errors';
import { anonymous, createTestApp, type TestApp } from '../http-harness';
import { listenLocally, parseResponse, sendRaw, type RawResponse } from '../raw-http';

/**
 * Malformed and odd requests against a real listening server (oversized headers and broken request
 * lines never reach `inject()`): every error answer is our JSON body with a catalogued code sent with
 * that code's status, nothing is a 500, nothing escapes /api/agent/ upstream, and the server keeps
 * serving. A fixed list of known troublemakers, then seeded random requests.
 */

interface Probe {
  method: string;
  target: string;
  headers: [string, string][];
  body: string;
}

const upstreamPaths: string[] = [];
let upstream: Server;
let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    upstreamPaths.push(req.url ?? '');
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const address = upstream.address();
  if (address === null || typeof address === 'string') throw new Error('upstream not on TCP');
  t = await createTestApp({
    env: { DISABLE_RATE_LIMIT: 'true', AGENT_API_URL: `http://127.0.0.1:${address.port}` },
  });
  token = (await anonymous(t.app)).token;
  port = await listenLocally(t.app);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

function serialize(p: Probe): Buffer {
  const head = p.headers.map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return Buffer.from(
    `${p.method} ${p.target} HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}connection: close\r\n\r\n${p.body}`,
    'latin1',
  );
}

function withLength(headers: [string, string][], body: string): [string, string][] {
  return body === '' ? headers : [...headers, ['content-length', String(Buffer.byteLength(body, 'latin1'))]];
}

/** The contract every answer keeps; returns the answer for further checks. */
async function check(p: Probe): Promise<RawResponse> {
  const upstreamBefore = upstreamPaths.length;
  const res = parseResponse(await sendRaw(port, serialize(p)));
  const what = `${p.method} ${p.target.slice(0, 120)}`;
  expect(res, `no answer to ${what}`).toBeDefined();
  if (res === undefined) throw new Error('unreachable');
  expect(res.status, `${what} -> ${res.status} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    if (p.method !== 'HEAD') {
      const body: unknown = JSON.parse(res.body);
      expect(body, what).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      const code = (body as { error: { code: string } }).error.code;
      expect(Object.keys(HTTP_ERRORS), `${what}: unknown code ${code}`).toContain(code);
      expect(HTTP_ERRORS[code as keyof typeof HTTP_ERRORS], `${what}: ${code} sent with ${res.status}`).toBe(
        res.status,
      );
    }
  }
  for (const seen of upstreamPaths.slice(upstreamBefore)) {
    expect(seen.startsWith('/api/agent/'), `${what}: upstream saw ${seen}`).toBe(true);
  }
  return res;
}

const get = (target: string, headers: [string, string][] = []): Probe => ({
  method: 'GET',
  target,
  headers,
  body: '',
});
function post(target: string, contentType: string | undefined, body: string, auth = true): Probe {
  const headers: [string, string][] = [];
  if (contentType !== undefined) headers.push(['content-type', contentType]);
  if (auth) headers.push(['authorization', `Bearer ${token}`]);
  return { method: 'POST', target, headers: withLength(headers, body), body };
}

const FIXED: [string, () => Probe, number?][] = [
  ['unknown method', () => ({ method: 'FOO', target: '/api/template', headers: [], body: '' }), 400],
  ['method with a symbol', () => ({ method: 'G@T', target: '/health', headers: [], body: '' }), 400],
  ['lower-case method', () => ({ method: 'get', target: '/health', headers: [], body: '' }), 400],
  ['WebDAV method', () => ({ method: 'PROPFIND', target: '/api/template', headers: [], body: '' }), 404],
  [
    'QUERY without content type',
    () => ({ method: 'QUERY', target: '/api/template', headers: [], body: '' }),
    400,
  ],
  ['TRACE', () => ({ method: 'TRACE', target: '/api/template', headers: [], body: '' }), 404],
  ['garbage request line', () => ({ method: 'garbage', target: '', headers: [], body: '' }), 400],
  ['bad percent-encoding', () => get('/api/%E0%A4%A'), 400],
  ['bad percent-encoding in a parameter', () => get('/api/character/%zz'), 400],
  ['overlong parameter', () => get(`/api/character/${'a'.repeat(150)}`), 414],
  ['overlong encoded parameter', () => get(`/api/player/by-name/${'%41'.repeat(120)}`), 414],
  ['URL beyond the header limit', () => get(`/${'a'.repeat(20_000)}`), 431],
  ['header beyond the limit', () => get('/api/template', [['x-big', 'a'.repeat(20_000)]]), 431],
  [
    'many headers beyond the limit',
    () =>
      get(
        '/health',
        Array.from({ length: 900 }, (_, i) => [`x-h${i}`, 'v'.repeat(20)]),
      ),
    431,
  ],
  ['absolute-form target', () => get('http://evil.example/api/template'), 200],
  ['absolute-form target to the agent proxy', () => get('http://evil.example/api/agent/agents'), 200],
  ['asterisk target', () => get('*'), 404],
  ['NUL in the path', () => get('/api/%00'), 404],
  ['raw control character', () => get('/api/\x01x'), 400],
  ['dot segments to nowhere', () => get('/api/../../etc/passwd'), 404],
  ['encoded dot segments in the agent proxy', () => get('/api/agent/%2e%2e/%2e%2e/x'), 400],
  ['backslashes in the agent proxy', () => get('/api/agent/..\\..\\x'), 400],
  ['invalid JSON', () => post('/api/v1/player', 'application/json', '{"name":'), 400],
  ['empty JSON', () => post('/api/v1/player', 'application/json', ''), 400],
  [
    'JSON with a prototype key',
    () => post('/api/v1/player', 'application/json', '{"__proto__":{"x":1}}'),
    400,
  ],
  ['JSON array body', () => post('/api/v1/player', 'application/json', '[1,2]'), 400],
  [
    'deeply nested JSON',
    () => post('/api/v1/player', 'application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    400,
  ],
  [
    'body over 64 KiB',
    () => post('/api/v1/player', 'application/json', `{"name":"${'a'.repeat(70_000)}"}`),
    413,
  ],
  ['text/plain body', () => post('/api/v1/player', 'text/plain', 'name=x'), 415],
  ['form body', () => post('/api/v1/player', 'application/x-www-form-urlencoded', 'name=x'), 415],
  ['multipart body', () => post('/api/v1/player', 'multipart/form-data; boundary=x', '--x--'), 415],
  [
    'JSON with an odd charset',
    () => post('/api/v1/player', 'application/json; charset=utf-16', '{"name":"a"}'),
  ],
  ['content type with garbage', () => post('/api/v1/player', ';;;', '{}'), 415],
  ['body without content type', () => post('/api/v1/player', undefined, '{"name":"x"}'), 415],
  [
    'invalid Content-Length',
    () => ({ method: 'POST', target: '/api/v1/player', headers: [['content-length', 'abc']], body: '' }),
    400,
  ],
  [
    'Content-Length and Transfer-Encoding',
    () => ({
      method: 'POST',
      target: '/api/v1/player',
      headers: [
        ['content-length', '2'],
        ['transfer-encoding', 'chunked'],
      ],
      body: '0\r\n\r\n',
    }),
    400,
  ],
  [
    'bad chunk size',
    () => ({
      method: 'POST',
      target: '/api/v1/player',
      headers: [
        ['content-type', 'application/json'],
        ['transfer-encoding', 'chunked'],
      ],
      body: 'zz\r\n{}\r\n0\r\n\r\n',
    }),
    400,
  ],
  [
    'unknown Transfer-Encoding',
    () => ({
      method: 'POST',
      target: '/api/v1/player',
      headers: [['transfer-encoding', 'gzip, chunked, x']],
      body: '0\r\n\r\n',
    }),
    400,
  ],
  ['bad query value', () => get('/api/template?x=%zz&y=%'), 200],
  ['bad query for a typed parameter', () => get('/api/template?limit=abc&limit=1&x[y]=z'), 200],
  ['huge query string', () => get(`/api/template?${'a=1&'.repeat(3000)}`), 200],
  ['bad bearer token', () => get('/api/auth/me', [['authorization', 'Bearer \u00ff\u00fe']]), 401],
  [
    'bearer token of 12 KiB',
    () => get('/api/auth/me', [['authorization', `Bearer ${'a'.repeat(12_000)}`]]),
    401,
  ],
  [
    'Range beyond a static file',
    () => get('/docs/static/swagger-ui.css', [['range', 'bytes=999999999-']]),
    416,
  ],
  [
    'failed If-Match on a static file',
    () => get('/docs/static/swagger-ui.css', [['if-match', '"nope"']]),
    412,
  ],
  ['Range on an API route', () => get('/api/template', [['range', 'bytes=999999-']]), 200],
  [
    'upgrade to WebSocket on a REST route',
    () =>
      get('/api/template', [
        ['upgrade', 'websocket'],
        ['connection', 'upgrade'],
      ]),
    200,
  ],
  ['WebSocket route without upgrade', () => get('/ws'), 404],
];

describe('error bodies under malformed requests', () => {
  it.each(FIXED)('%s', async (_name, probe, expected) => {
    const res = await check(probe());
    if (expected !== undefined) expect(res.status).toBe(expected);
  });

  it('keeps the contract for seeded random requests', async () => {
    await fc.assert(
      fc.asyncProperty(probeArbitrary(), async (p) => void (await check(p))),
      {
        seed: 0x7e11,
        numRuns: 300,
      },
    );
  });

  it('still serves after all of it', async () => {
    const res = parseResponse(await sendRaw(port, serialize(get('/health'))));
    expect(res?.status).toBe(200);
    expect(JSON.parse(res?.body ?? '{}')).toMatchObject({ status: 'ok' });
  });
});

const ROUTES = [
  '/api/auth/anonymous',
  '/api/auth/refresh',
  '/api/auth/me',
  '/api/v1/player',
  '/api/v1/world',
  '/api/character',
  '/api/character/:p',
  '/api/character/:p/inventory',
  '/api/characters/:p/skills',
  '/api/player/:p',
  '/api/player/by-name/:p',
  '/api/template/:p',
  '/api/agents/:p/goal',
  '/api/agent/:p/:p',
  '/api/voice/token',
  '/manifests/:p',
  '/health',
  '/env.js',
  '/:p',
];

/** Printable ASCII except space (a raw space would end the request target). */
const urlChar = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
const pct = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`);

const segment = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      'ag_1',
      'adventurer',
      'npcs.json',
      'Fuzzy',
      '00000000-0000-4000-8000-000000000000',
    ),
    weight: 3,
  },
  fc.constantFrom(
    'ag_1',
    'x',
    '..',
    '.',
    '%2e%2e',
    '%2f',
    '%5c',
    '%00',
    '%25',
    '%',
    '%zz',
    '\\',
    '',
    '%C3%A9',
    '%ED%A0%80',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
  fc.array(fc.oneof(urlChar, pct), { minLength: 1, maxLength: 30 }).map((a) => a.join('')),
  fc.integer({ min: 90, max: 400 }).map((n) => 'z'.repeat(n)),
);

const query = fc.oneof(
  fc.constant(''),
  fc.array(fc.oneof(urlChar, pct), { maxLength: 40 }).map((a) => `?${a.join('')}`),
  fc.constantFrom('?limit=-1', '?limit=1e9', '?a[b][c]=1', '?__proto__[x]=1', '?a=%', '?=&=&'),
);

const body = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '{}',
    '{"name":"Fuzzy"}',
    '{"name":',
    'null',
    '"x"',
    '[]',
    '{"name":123}',
    '{"agentId":"../x"}',
  ),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
);

function probeArbitrary(): fc.Arbitrary<Probe> {
  return fc
    .record({
      method: fc.oneof(
        { arbitrary: fc.constantFrom('GET', 'POST'), weight: 6 },
        {
          arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'BREW'),
          weight: 2,
        },
      ),
      route: fc.constantFrom(...ROUTES),
      segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
      query,
      contentType: fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 4 },
        fc.constantFrom(
          undefined,
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'image/png',
          '',
        ),
      ),
      auth: fc.constantFrom('none', 'valid', 'valid', 'garbage'),
      origin: fc.constantFrom(undefined, 'http://localhost:3000', 'https://evil.example'),
      body,
    })
    .map((r) => {
      let i = 0;
      const path = r.route.replace(/:p/g, () => r.segments[i++] ?? 'x');
      const headers: [string, string][] = [];
      if (r.contentType !== undefined) headers.push(['content-type', r.contentType]);
      if (r.auth === 'valid') headers.push(['authorization', `Bearer ${token}`]);
      if (r.auth === 'garbage') headers.push(['authorization', 'Bearer x.y.z']);
      if (r.origin !== undefined) headers.push(['origin', r.origin]);
      const b = r.method === 'GET' || r.method === 'HEAD' ? '' : r.body;
      return { method: r.method, target: `${path}${r.query}`, headers: withLength(headers, b), body: b };
    });
}
