import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, createTestApp, type TestApp } from '../http-harness';

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_APP_URL: 'https://play.example.org' } });
  });
  afterAll(() => t.close());

  it('echoes an allowed origin with credentials, methods and headers on preflight', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/player',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toBe('GET, PUT, POST, DELETE, OPTIONS, PATCH');
    expect(res.headers['access-control-allow-headers']).toBe('Content-Type, Authorization, X-Requested-With');
  });

  it('allows an origin from PUBLIC_APP_URL on simple requests', async () => {
    const res = await t.app.inject({ url: '/health', headers: { origin: 'https://play.example.org' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://play.example.org');
    expect(res.headers['vary']).toContain('Origin');
  });

  it('sends no CORS headers to a denied origin and never a wildcard', async () => {
    const simple = await t.app.inject({ url: '/health', headers: { origin: 'https://evil.example.com' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/player',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('REST rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('allows 100 requests per minute per address, then blocks with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push((await t.app.inject({ url: '/api/template', remoteAddress: '10.1.0.1' })).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const blocked = await t.app.inject({ url: '/api/template', remoteAddress: '10.1.0.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'rate_limited', details: { limit: 100 } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['x-ratelimit-limit']).toBe('100');
    // health, status and manifests are never blocked (a monitor must always get an answer)
    expect((await t.app.inject({ url: '/health', remoteAddress: '10.1.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/status', remoteAddress: '10.1.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/manifests/npcs.json', remoteAddress: '10.1.0.1' })).statusCode).toBe(
      200,
    );
  });

  it('counts per account when a token is presented', async () => {
    const a = await anonymous(t.app);
    const b = await anonymous(t.app);
    for (let i = 0; i < 100; i++) {
      await t.app.inject({ url: '/api/auth/me', headers: a.headers, remoteAddress: '10.2.0.1' });
    }
    const aBlocked = await t.app.inject({
      url: '/api/auth/me',
      headers: a.headers,
      remoteAddress: '10.2.0.1',
    });
    expect(aBlocked.statusCode).toBe(429);
    // same address, different account: its own budget
    const bOk = await t.app.inject({ url: '/api/auth/me', headers: b.headers, remoteAddress: '10.2.0.1' });
    expect(bOk.statusCode).toBe(200);
  });
});

describe('DISABLE_RATE_LIMIT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true' } });
  });
  afterAll(() => t.close());

  it('turns limits off outside production', async () => {
    for (let i = 0; i < 105; i++) {
      const res = await t.app.inject({ url: '/api/template', remoteAddress: '10.3.0.1' });
      expect(res.statusCode).toBe(200);
    }
  });
});
