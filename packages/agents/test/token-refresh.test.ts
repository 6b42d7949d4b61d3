import { RestClient } from '@tilerealm/sdk';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_AUDIENCE, SESSION_ISSUER } from '../../server/src/auth/session-tokens';
import { useRealtimeServer } from '../../server/test/e2e/realtime-harness';
import { GameApi } from '../src/game-api';
import { isRefreshDue, isTokenExpired, RefreshTimer, tokenTimes } from '../src/token-refresh';
import { removeDir, RUNTIME_SERVER_ENV, startRuntime, type TestRuntime } from './runtime-harness';

/** An unsigned JWT-shaped string with the given claims (the runtime never verifies its tokens). */
const fakeJwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('token timing', () => {
  const now = 1_000_000_000_000;
  const s = (ms: number) => Math.floor(ms / 1000);

  it('reads iat/exp without verifying, and nothing from a non-JWT', () => {
    expect(tokenTimes(fakeJwt({ iat: 10, exp: 20 }))).toEqual({ issuedAtMs: 10_000, expiresAtMs: 20_000 });
    expect(tokenTimes('not-a-token')).toBeUndefined();
    expect(tokenTimes(fakeJwt({ sub: 'x' }))).toBeUndefined();
  });

  it('is due within the last 20% of the lifetime, not before and not once expired', () => {
    const day = 86_400_000;
    expect(isRefreshDue(fakeJwt({ iat: s(now - day / 2), exp: s(now + day / 2) }), now)).toBe(false);
    expect(isRefreshDue(fakeJwt({ iat: s(now - 0.9 * day), exp: s(now + 0.1 * day) }), now)).toBe(true);
    expect(isRefreshDue(fakeJwt({ iat: s(now - day), exp: s(now - 1000) }), now)).toBe(false);
    expect(isTokenExpired(fakeJwt({ iat: s(now - day), exp: s(now - 1000) }), now)).toBe(true);
    expect(isRefreshDue(fakeJwt({ exp: s(now + 3_600_000) }), now)).toBe(true);
  });

  it('checks on an unref’d timer, sooner after a failed pass', async () => {
    vi.useFakeTimers();
    try {
      const answers = [true, false];
      const calls: number[] = [];
      const timer = new RefreshTimer(
        async () => {
          calls.push(Date.now());
          return { retrySoon: answers.shift() ?? false };
        },
        1000,
        100,
      );
      const t0 = Date.now();
      timer.start();
      await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(100);
      await vi.advanceTimersByTimeAsync(1000);
      timer.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls.map((c) => c - t0)).toEqual([1000, 1100, 2100]);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The runtime replaces a nearly expired token with a freshly minted one and keeps playing. */
describe('agent runtime token renewal', () => {
  const live = useRealtimeServer({ TICK_MS: '20', ...RUNTIME_SERVER_ENV });
  let rt: TestRuntime | undefined;
  let owner = { token: '', accountId: '' };

  /** A real session token of the account, issued 400 s ago and expiring in 60 s: due for renewal. */
  const shortLived = async () => {
    const now = Math.floor(Date.now() / 1000);
    const secret = new TextEncoder().encode(live.world.env['JWT_SECRET']);
    return new SignJWT({ anon: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(owner.accountId)
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(now - 400)
      .setExpirationTime(now + 60)
      .sign(secret);
  };

  beforeAll(async () => {
    owner = await new RestClient(live.server.url).anonymous();
  });
  afterAll(async () => {
    await rt?.close();
    if (rt) await removeDir(rt.dataDir);
  });

  it('connects with a minted token and swaps a due one for a fresh one on the live client', async () => {
    rt = await startRuntime(live.server.url);
    const me = { accountId: owner.accountId, anonymous: true, isAdmin: false };
    const { agentId } = await rt.runtime.create(owner.token, me, 'Quillon');
    const runner = rt.runtime.get(agentId);
    const bot = runner?.connection;
    expect(runner?.status).toBe('running');
    const minted = bot?.client.token ?? '';
    // Minted for this connection: not the owner's token, an hour long, of the owner's account.
    expect(minted).not.toBe(owner.token);
    expect(tokenTimes(minted)?.expiresAtMs).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(await new GameApi(live.server.url).whoAmI(minted)).toMatchObject({ accountId: owner.accountId });
    let dropped = false;
    bot?.client.lifecycle.on('disconnected', () => (dropped = true));

    // Nothing is due yet: a pass leaves the token alone.
    expect((await rt.runtime.refreshTokens()).renewed).toBe(0);
    const short = await shortLived();
    bot?.client.setToken(short);
    expect((await rt.runtime.refreshTokens()).renewed).toBe(1);
    const fresh = bot?.client.token ?? '';
    expect(fresh).not.toBe(short);
    expect(tokenTimes(fresh)?.expiresAtMs).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(await new GameApi(live.server.url).whoAmI(fresh)).toMatchObject({ accountId: owner.accountId });
    // The agent kept playing on the same connection: only its next reconnect uses the new token.
    expect(runner?.connection).toBe(bot);
    expect(runner?.status).toBe('running');
    expect(dropped).toBe(false);
    expect(runner?.activity.recent(100).map((a) => a.message)).toContain('session token renewed');
  });
});
