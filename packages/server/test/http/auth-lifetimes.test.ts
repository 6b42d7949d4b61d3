import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_AUDIENCE, SESSION_ISSUER } from '../../src/auth/session-tokens';
import { anonymous, createTestApp, TEST_JWT_SECRET, type TestApp } from '../http-harness';

const THIRTY_DAYS = 2_592_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The issued-at and expiry claims of a token, and its lifetime. */
function times(token: string): { iat: number; exp: number; lifetime: number } {
  const { iat, exp } = decodeJwt(token);
  if (iat === undefined || exp === undefined) throw new Error('token without iat or exp');
  return { iat, exp, lifetime: exp - iat };
}

/** A token signed with the server's own secret and claims, carrying only the times given. */
function ownToken(accountId: string, claims: { iat?: number; exp?: number; nbf?: number }): Promise<string> {
  const jwt = new SignJWT({ anon: true })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(accountId)
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE);
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
  return jwt.sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

describe('session token lifetimes (defaults)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives an anonymous identity a token that lives 30 days, as expiresAt says', async () => {
    const before = nowSeconds();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: '10.2.0.1' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ token: string; expiresAt: string }>();
    const { iat, exp, lifetime } = times(body.token);
    expect(lifetime).toBe(THIRTY_DAYS);
    expect(iat).toBeGreaterThanOrEqual(before);
    expect(iat).toBeLessThanOrEqual(nowSeconds());
    expect(Date.parse(body.expiresAt)).toBe(exp * 1000);
  });

  it('refreshes an anonymous token to a full anonymous lifetime, a signed-in one to a day', async () => {
    const who = await anonymous(t.app);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: who.headers,
      remoteAddress: '10.2.0.2',
    });
    expect(times(anon.json<{ token: string }>().token).lifetime).toBe(THIRTY_DAYS);

    const user = await t.repos.users.upsertProviderUser({ idpUserId: 'did:test:lifetime' });
    const session = await t.sessions.sign({ accountId: user.id, anonymous: false });
    expect(times(session.token).lifetime).toBe(86_400);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${session.token}` },
      remoteAddress: '10.2.0.2',
    });
    expect(times(signedIn.json<{ token: string }>().token).lifetime).toBe(86_400);
  });
});

describe('ANONYMOUS_TOKEN_TTL_SECONDS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ANONYMOUS_TOKEN_TTL_SECONDS: '7200' } });
  });
  afterAll(() => t.close());

  it('sets the lifetime of anonymous tokens', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: '10.2.1.1' });
    const body = res.json<{ token: string; expiresAt: string }>();
    expect(times(body.token).lifetime).toBe(7200);
    expect(Date.parse(body.expiresAt)).toBe(times(body.token).exp * 1000);
  });
});

describe('tokens not bounded in time are refused', () => {
  let t: TestApp;
  let accountId = '';
  beforeAll(async () => {
    t = await createTestApp();
    accountId = (await anonymous(t.app)).accountId;
  });
  afterAll(() => t.close());

  it('accepts a token of ours with iat and exp (the helper makes valid tokens)', async () => {
    const token = await ownToken(accountId, { iat: nowSeconds(), exp: nowSeconds() + 600 });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
  });

  it.each([
    ['without exp', () => ({ iat: nowSeconds() })],
    ['without iat', () => ({ exp: nowSeconds() + 600 })],
    ['issued in the future', () => ({ iat: nowSeconds() + 600, exp: nowSeconds() + 1200 })],
    ['not valid yet (nbf)', () => ({ iat: nowSeconds(), nbf: nowSeconds() + 600, exp: nowSeconds() + 1200 })],
  ])('401 invalid_token for a token %s, on /api/auth/me and /api/auth/refresh', async (_label, claims) => {
    const authorization = `Bearer ${await ownToken(accountId, claims())}`;
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization } });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('invalid_token');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization },
      remoteAddress: '10.2.2.1',
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().error.code).toBe('invalid_token');
  });
});
