import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../http-harness';
import { listenLocally, rawRequest } from '../raw-http';

/**
 * Limits and authentication are decided on the route that matched, never on the raw URL: the router
 * decodes `/%61pi/...` into `/api/...`, so a check on `request.url` would let an encoded path through.
 */
describe('rate limits on encoded and unknown paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts POST /%61pi/auth/anonymous in the authentication limit of its address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/%61pi/auth/anonymous',
        remoteAddress: '10.20.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array<number>(10).fill(201));
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/anonymous',
      remoteAddress: '10.20.0.1',
    });
    expect(encoded.statusCode).toBe(429);
    expect(encoded.json().error.code).toBe('rate_limited');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/anonymous',
      remoteAddress: '10.20.0.1',
    });
    expect(plain.statusCode).toBe(429);
    const otherEncoding = await t.app.inject({
      method: 'POST',
      url: '/api/auth/%61nonymous',
      remoteAddress: '10.20.0.1',
    });
    expect(otherEncoding.statusCode).toBe(429);
  });

  it('counts every authentication endpoint in one budget per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: '10.21.0.1' }))
          .statusCode,
      );
    }
    for (let i = 0; i < 5; i++) {
      // no token: 401, but an attempt all the same
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: '10.21.0.1' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 401, 401, 401, 401, 401]);
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      remoteAddress: '10.21.0.1',
    });
    expect(exchange.statusCode).toBe(429);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/auth/anonymous',
      remoteAddress: '10.21.0.1',
    });
    expect(anon.statusCode).toBe(429);
  });

  it('counts an encoded REST path in the REST limit', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({ url: '/%61pi/templat%65', remoteAddress: '10.22.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('100');
    }
    expect((await t.app.inject({ url: '/api/template', remoteAddress: '10.22.0.1' })).statusCode).toBe(429);
  });

  it('counts unknown paths, encoded or not, against the address budget', async () => {
    for (let i = 0; i < 50; i++) {
      expect((await t.app.inject({ url: `/api/nope/${i}`, remoteAddress: '10.23.0.1' })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ url: `/%61pi/nope/${i}`, remoteAddress: '10.23.0.1' })).statusCode).toBe(
        404,
      );
    }
    const blocked = await t.app.inject({ url: '/api/template', remoteAddress: '10.23.0.1' });
    expect(blocked.statusCode).toBe(429);
    const unknown = await t.app.inject({ url: '/api/nope/again', remoteAddress: '10.23.0.1' });
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().error.code).toBe('rate_limited');
    // routes outside the API stay open
    expect((await t.app.inject({ url: '/health', remoteAddress: '10.23.0.1' })).statusCode).toBe(200);
  });

  it('verifies the bearer token on an encoded API path', async () => {
    const user = await t.repos.users.createAnonymous();
    const { token } = await t.sessions.sign({ accountId: user.id, anonymous: true });
    const res = await t.app.inject({ url: '/%61pi/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountId: user.id });
    const bad = await t.app.inject({
      url: '/%61pi/auth/me',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('invalid_token');
  });

  it('counts an absolute-form request target like its path', async () => {
    // inject() cannot send one: the request line must be written by hand
    const port = await listenLocally(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await rawRequest(port, 'POST', 'http://elsewhere.example/api/auth/refresh');
      statuses.push(res?.status ?? 0);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});
