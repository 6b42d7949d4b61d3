import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionTokens } from '../../src/auth/session-tokens';
import { anonymous, createTestApp, TEST_JWT_SECRET, type TestApp } from '../http-harness';

describe('anonymous mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('issues a temporary identity whose token works', async () => {
    const who = await anonymous(t.app);
    const me = await t.app.inject({ url: '/api/auth/me', headers: who.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ accountId: who.accountId, anonymous: true, isAdmin: false, via: 'session' });
    const row = await t.repos.users.findById(who.accountId);
    expect(row?.isAnonymous).toBe(true);
  });

  it('401s a missing token', async () => {
    const res = await t.app.inject('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it.each([
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['garbage', 'Bearer garbage'],
    ['a token signed with another secret', 'OTHER'],
    ['an expired token', 'EXPIRED'],
    ['a token of a deleted account', 'DELETED'],
  ])('401s %s', async (_label, header) => {
    let value = header;
    if (header === 'OTHER') {
      const other = new SessionTokens('another-secret-another-secret-another-secret', 60);
      value = `Bearer ${(await other.sign({ accountId: 'acc_x', anonymous: true })).token}`;
    } else if (header === 'EXPIRED') {
      const expired = new SessionTokens(TEST_JWT_SECRET, -10);
      const who = await anonymous(t.app);
      value = `Bearer ${(await expired.sign({ accountId: who.accountId, anonymous: true })).token}`;
    } else if (header === 'DELETED') {
      value = `Bearer ${(await t.sessions.sign({ accountId: 'acc_never_existed', anonymous: true })).token}`;
    }
    const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization: value } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('refuses the exchange endpoint without an identity provider', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/exchange' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('auth_mode_disabled');
  });
});

describe('authentication rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('allows 10 attempts per minute per address, then 429 with Retry-After', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await t.app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: '10.0.0.7' }))
          .statusCode,
      );
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/anonymous',
      remoteAddress: '10.0.0.7',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress: '10.0.0.8' }))
        .statusCode,
    ).toBe(201);
    // the block does not leak into the REST limit of other routes
    expect((await t.app.inject({ url: '/api/template', remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
  });
});

describe('identity-provider mode (local JWKS on loopback)', () => {
  let t: TestApp;
  let jwks: Server;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let jwksHits = 0;

  /** `expSeconds: null` leaves `exp` out; `iatSeconds` sets `iat` relative to now. */
  const providerToken = (claims: {
    sub?: string;
    aud?: string;
    expSeconds?: number | null;
    iatSeconds?: number;
    discord?: string;
  }) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ ...(claims.discord ? { discord: claims.discord } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://idp.test')
      .setAudience(claims.aud ?? 'game-app-id')
      .setIssuedAt(now + (claims.iatSeconds ?? 0));
    if (claims.expSeconds !== null) jwt.setExpirationTime(now + (claims.expSeconds ?? 300));
    if (claims.sub !== undefined) jwt.setSubject(claims.sub);
    return jwt.sign(privateKey);
  };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      jwksHits++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    t = await createTestApp({
      env: {
        PUBLIC_IDP_APP_ID: 'game-app-id',
        IDP_APP_SECRET: 'app-secret-value',
        IDP_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
        IDP_ISSUER: 'https://idp.test',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => jwks.close(resolve));
  });

  it('accepts a provider token, links one users row per provider id and records social ids', async () => {
    const token = await providerToken({ sub: 'did:privy:alice', discord: 'alice#1' });
    const first = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ anonymous: false, via: 'identity-provider' });
    const again = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${await providerToken({ sub: 'did:privy:alice' })}` },
    });
    expect(again.json().accountId).toBe(first.json().accountId);
    const row = await t.repos.users.findByProviderId('idp', 'did:privy:alice');
    expect(row?.id).toBe(first.json().accountId);
    expect(row?.socialIds).toMatchObject({ discord: 'alice#1' });
    expect(jwksHits).toBeGreaterThan(0);
  });

  it('exchanges a provider token for a session token that works on its own', async () => {
    const token = await providerToken({ sub: 'did:privy:bob' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<{ token: string; accountId: string; expiresAt: string }>();
    // Exchanged session tokens live one day (EXCHANGED_TOKEN_TTL_SECONDS).
    const { iat = 0, exp = 0 } = decodeJwt(session.token);
    expect(exp - iat).toBe(86_400);
    expect(Date.parse(session.expiresAt)).toBe(exp * 1000);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json()).toMatchObject({ accountId: session.accountId, via: 'session', anonymous: false });
  });

  it.each([
    ['the wrong audience', { sub: 'did:privy:carol', aud: 'another-app' }],
    ['an expired token', { sub: 'did:privy:carol', expSeconds: -60 }],
    ['a token without expiry', { sub: 'did:privy:carol', expSeconds: null }],
    ['a token issued in the future', { sub: 'did:privy:carol', iatSeconds: 600, expSeconds: 1200 }],
    ['no subject', {}],
  ])('401s %s', async (_label, claims) => {
    const token = await providerToken(claims);
    const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('disables anonymous identities', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/anonymous' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('auth_mode_disabled');
  });
});
