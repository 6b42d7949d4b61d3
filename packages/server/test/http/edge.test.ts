import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_CACHE_CONTROL } from '../../src/transport/http/routes/manifests';
import { createTestApp, type TestApp } from '../http-harness';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1/x',
  ADMIN_CODE: 'admin-code-123',
  PUBLIC_IDP_APP_ID: 'app',
  IDP_APP_SECRET: 'secret',
  PUBLIC_CDN_URL: 'https://cdn.example.test',
  PUBLIC_API_URL: 'https://play.example.test',
  PUBLIC_WS_URL: 'wss://play.example.test/ws',
};

/** A JavaScript asset large and repetitive enough to be worth compressing. */
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(',\n')}];\n`;
const HASHED_JS = 'assets/index-Ab12_-xY.js';

async function writeClient(dir: string, withPrecompressed: boolean): Promise<void> {
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>tilerealm</title><div id="app"></div>');
  await writeFile(join(dir, HASHED_JS), BIG_JS);
  await writeFile(join(dir, `${HASHED_JS}.map`), '{"version":3,"sources":["secret.ts"],"mappings":""}');
  if (withPrecompressed) await writeFile(join(dir, `${HASHED_JS}.br`), brotliCompressSync(BIG_JS));
  await writeFile(join(dir, 'robots.txt'), 'User-agent: *\n');
}

function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

describe('the edge in production', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tilerealm-edge-'));
    await writeClient(dir, true);
    t = await createTestApp({ env: PRODUCTION_ENV, publicDir: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.1, gzip;q=1', 'gzip'],
  ])('compresses a large JSON response for Accept-Encoding %s with %s', async (accept, expected) => {
    const plain = await t.app.inject({ url: '/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['vary']).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decoded(res))).toEqual(plain.json());
  });

  it('leaves small responses uncompressed', async () => {
    const res = await t.app.inject({ url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('serves the manifests compressed, with the specification cache header and ETag', async () => {
    const res = await t.app.inject({ url: '/manifests/biomes.json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(MANIFEST_CACHE_CONTROL);
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(JSON.parse(decoded(res))).toBeTypeOf('object');
    const etag = res.headers['etag'];
    expect(etag).toBeTypeOf('string');
    const again = await t.app.inject({
      url: '/manifests/biomes.json',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves a hashed asset immutable, precompressed brotli when present, gzip on the fly otherwise', async () => {
    const br = await t.app.inject({ url: `/${HASHED_JS}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(br)).toBe(BIG_JS);
    const gzip = await t.app.inject({ url: `/${HASHED_JS}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(gzip)).toBe(BIG_JS);
  });

  it('has index.html and unhashed files revalidated', async () => {
    for (const url of ['/', '/index.html', '/robots.txt']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const spa = await t.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for source maps', async () => {
    const res = await t.app.inject({ url: `/${HASHED_JS}.map` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });

  it('sends the security headers and the client content security policy', async () => {
    for (const url of ['/', '/health', '/api/unknown']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toMatch(/img-src [^;]*https:\/\/cdn\.example\.test/);
      expect(csp, url).toMatch(/media-src [^;]*https:\/\/cdn\.example\.test/);
      expect(csp, url).toMatch(/connect-src [^;]*https:\/\/cdn\.example\.test/);
      expect(csp, url).toMatch(/connect-src [^;]*wss:\/\/play\.example\.test/);
      expect(csp, url).toMatch(/connect-src [^;]*wss:(?!\/)/);
      expect(csp, url).not.toMatch(/connect-src [^;]*ws:(?!\/)/);
      expect(csp, url).toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('sends HSTS only on requests that came over https', async () => {
    const plain = await t.app.inject({ url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps swagger UI working with its own policy', async () => {
    const page = await t.app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    // Swagger UI's policy (its validator badge, styles from https:), not the game client's.
    expect(csp).toContain("img-src 'self' data: validator.swagger.io");
    expect(csp).not.toContain('cdn.example.test');
    const script = await t.app.inject({
      url: '/docs/static/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
  });
});

describe('the edge in development', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tilerealm-edge-dev-'));
    await writeClient(dir, false);
    t = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true', TRUST_PROXY: '1' }, publicDir: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves source maps outside production', async () => {
    expect((await t.app.inject({ url: `/${HASHED_JS}.map` })).statusCode).toBe(200);
  });

  it('has no upgrade-insecure-requests over http, and the page origin as ws:', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toMatch(/connect-src [^;]*ws:\/\/localhost:\d+/);
    expect(csp).toMatch(/connect-src [^;]* ws:(;| )/);
    expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:8080/);
    const docs = String((await t.app.inject({ url: '/docs/' })).headers['content-security-policy']);
    expect(docs).not.toContain('upgrade-insecure-requests');
  });

  it('sends HSTS when a trusted proxy says the request came over https', async () => {
    const res = await t.app.inject({ url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('compresses a hashed asset on the fly when no precompressed file exists', async () => {
    const res = await t.app.inject({ url: `/${HASHED_JS}`, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(BIG_JS);
  });
});
