import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../http-harness';

/**
 * The client address (rate limits per address, new-identity limits on the WebSocket) comes from
 * X-Forwarded-For only when the peer is a proxy named by TRUST_PROXY; by default never.
 * The probe is the authentication limit: 10 attempts per minute per address.
 */
async function attempts(t: TestApp, remoteAddress: string, forwardedFor: string | undefined, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1/x',
  ADMIN_CODE: 'admin-code-123',
  PUBLIC_IDP_APP_ID: 'app',
  IDP_APP_SECRET: 'secret',
};

describe.each([
  ['development', {}],
  ['production', PRODUCTION],
])('without TRUST_PROXY (%s)', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: a new value per request does not make a new client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(...(await attempts(t, '10.30.0.1', `198.51.100.${i}`, 1)));
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('TRUST_PROXY with proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.31.0.0/24, 10.32.0.7' } });
  });
  afterAll(() => t.close());

  it('takes the client address from X-Forwarded-For sent by a configured proxy', async () => {
    expect((await attempts(t, '10.31.0.5', '198.51.100.1', 10)).every((s) => s === 401)).toBe(true);
    expect(await attempts(t, '10.31.0.5', '198.51.100.1', 1)).toEqual([429]);
    // another client behind the same proxy has its own budget; so does one behind the other proxy
    expect(await attempts(t, '10.31.0.5', '198.51.100.2', 1)).toEqual([401]);
    expect(await attempts(t, '10.32.0.7', '198.51.100.3', 1)).toEqual([401]);
    // the same client through the other proxy is the same client
    expect(await attempts(t, '10.32.0.7', '198.51.100.1', 1)).toEqual([429]);
  });

  it('skips addresses a client prepended: the first untrusted hop from the right is the client', async () => {
    expect((await attempts(t, '10.31.0.5', '203.0.113.9, 198.51.100.4', 10)).every((s) => s === 401)).toBe(
      true,
    );
    expect(await attempts(t, '10.31.0.5', '203.0.113.10, 198.51.100.4', 1)).toEqual([429]);
  });

  it('ignores X-Forwarded-For from any other peer', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(...(await attempts(t, '10.33.0.1', `198.51.100.${50 + i}`, 1)));
    expect(statuses[10]).toBe(429);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('takes the address the one proxy appended, not what the client wrote before it', async () => {
    expect((await attempts(t, '10.34.0.1', '203.0.113.1, 198.51.100.7', 10)).every((s) => s === 401)).toBe(
      true,
    );
    // a different proxy peer, a different forged prefix: still the client 198.51.100.7
    expect(await attempts(t, '10.34.0.2', '203.0.113.2, 198.51.100.7', 1)).toEqual([429]);
    expect(await attempts(t, '10.34.0.1', '198.51.100.8', 1)).toEqual([401]);
  });
});
