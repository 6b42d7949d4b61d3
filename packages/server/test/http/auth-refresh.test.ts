import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionTokens } from '../../src/auth/session-tokens';
import { anonymous, createTestApp, TEST_JWT_SECRET, type TestApp } from '../http-harness';

/** POST /api/auth/refresh from its own address, so other tests' auth calls never count against it. */
function refresh(t: TestApp, authorization: string | undefined, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    remoteAddress,
    ...(authorization === undefined ? {} : { headers: { authorization } }),
  });
}

describe('POST /api/auth/refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('renews a nearly expired anonymous token: same account and kind, later expiry', async () => {
    const who = await anonymous(t.app);
    const shortLived = new SessionTokens(TEST_JWT_SECRET, 5);
    const old = await shortLived.sign({ accountId: who.accountId, anonymous: true });
    const res = await refresh(t, `Bearer ${old.token}`, '10.1.0.1');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiresAt: string }>();
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(old.expiresAt.getTime());
    const claims = decodeJwt(body.token);
    expect(claims.sub).toBe(who.accountId);
    expect(claims['anon']).toBe(true);
    expect((claims.exp ?? 0) * 1000).toBe(Date.parse(body.expiresAt));
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json()).toEqual({ accountId: who.accountId, anonymous: true, isAdmin: false, via: 'session' });
  });

  it('keeps a signed-in (not anonymous) account not anonymous', async () => {
    const user = await t.repos.users.upsertProviderUser({ idpUserId: 'did:test:refresh' });
    const session = await t.sessions.sign({ accountId: user.id, anonymous: false });
    const res = await refresh(t, `Bearer ${session.token}`, '10.1.0.2');
    expect(res.statusCode).toBe(200);
    const token = res.json<{ token: string }>().token;
    expect(decodeJwt(token)['anon']).toBe(false);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ accountId: user.id, anonymous: false });
  });

  it('401s a missing token', async () => {
    const res = await refresh(t, undefined, '10.1.0.3');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it.each([
    ['garbage', 'GARBAGE'],
    ['a token signed with another secret', 'OTHER'],
    ['an expired token', 'EXPIRED'],
    ['a token of a deleted account', 'DELETED'],
  ])('401s %s', async (_label, kind) => {
    let header = 'Bearer garbage';
    if (kind === 'OTHER') {
      const other = new SessionTokens('another-secret-another-secret-another-secret', 60);
      header = `Bearer ${(await other.sign({ accountId: 'acc_x', anonymous: true })).token}`;
    } else if (kind === 'EXPIRED') {
      const who = await anonymous(t.app);
      const expired = new SessionTokens(TEST_JWT_SECRET, -10);
      header = `Bearer ${(await expired.sign({ accountId: who.accountId, anonymous: true })).token}`;
    } else if (kind === 'DELETED') {
      header = `Bearer ${(await t.sessions.sign({ accountId: 'acc_never_existed', anonymous: true })).token}`;
    }
    const res = await refresh(t, header, '10.1.0.4');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('is limited like the other auth routes: 10 per minute per address, then 429', async () => {
    const who = await anonymous(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await refresh(t, who.headers.authorization, '10.1.0.9')).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(429);
    expect((await refresh(t, who.headers.authorization, '10.1.0.10')).statusCode).toBe(200);
  });
});
