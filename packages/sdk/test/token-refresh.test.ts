import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GameClient,
  isRefreshDue,
  isTokenExpired,
  tokenTimes,
  type LifecycleEvents,
  type RenewToken,
} from '../src/index';
import { FakeGameServer } from './fake-server';

const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 1);
const s = (ms: number) => Math.floor(ms / 1000);
/** An unsigned JWT-shaped token with the given claims (clients never verify their tokens). */
const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
/** A 30-day token issued at `iatMs`. */
const monthToken = (iatMs: number, n = 0) => jwt({ iat: s(iatMs), exp: s(iatMs + 30 * DAY), n });
const fast = { baseDelayMs: 5, maxDelayMs: 20, savePendingDelayMs: 10, jitter: 0, maxAttempts: 3 };

function next<K extends keyof LifecycleEvents>(c: GameClient, event: K): Promise<LifecycleEvents[K][0]> {
  return new Promise((resolve) => c.lifecycle.once(event, (...args) => resolve(args[0])));
}

describe('token timing', () => {
  it('reads iat/exp of a JWT without verifying it, and nothing from anything else', () => {
    expect(tokenTimes(jwt({ iat: 10, exp: 20, name: 'Zoë ✓' }))).toEqual({
      issuedAtMs: 10_000,
      expiresAtMs: 20_000,
    });
    expect(tokenTimes('not-a-token')).toBeUndefined();
    expect(tokenTimes('a.%%%.c')).toBeUndefined();
    expect(tokenTimes(jwt({ iat: 10 }))).toBeUndefined();
  });

  it('is due in the last 20% of the lifetime, not before and not once expired', () => {
    const token = monthToken(T0);
    expect(isRefreshDue(token, T0 + 23 * DAY)).toBe(false);
    expect(isRefreshDue(token, T0 + 24 * DAY)).toBe(true);
    expect(isRefreshDue(token, T0 + 30 * DAY - 1)).toBe(true);
    expect(isRefreshDue(token, T0 + 30 * DAY)).toBe(false);
    expect(isTokenExpired(token, T0 + 30 * DAY)).toBe(true);
    expect(isTokenExpired(token, T0 + 30 * DAY - 1000)).toBe(false);
    expect(isRefreshDue(token, T0 + 27 * DAY, 0.05)).toBe(false);
  });
});

describe('GameClient token refresh', () => {
  let server: FakeGameServer;
  let client: GameClient | undefined;
  let now = T0;
  let renewals: string[] = [];
  let renew: RenewToken;

  beforeEach(async () => {
    server = await FakeGameServer.start();
    now = T0;
    renewals = [];
    renew = async (token) => {
      renewals.push(token);
      return { token: monthToken(now, renewals.length), expiresAt: new Date(now + 30 * DAY).toISOString() };
    };
  });
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await server.stop();
  });

  it('renews a due token before connecting, and logs in with the new one', async () => {
    const old = monthToken(T0 - 25 * DAY);
    const refreshed: Array<LifecycleEvents['tokenRefreshed'][0]> = [];
    client = await GameClient.connect({
      url: server.url,
      token: old,
      reconnect: false,
      tokenRefresh: { renew, now: () => now },
      beforeConnect: (c) => c.lifecycle.on('tokenRefreshed', (info) => refreshed.push(info)),
    });
    expect(renewals).toEqual([old]);
    expect(client.token).toBe(monthToken(T0, 1));
    expect((await server.connection(0)).token).toBe(monthToken(T0, 1));
    expect(refreshed).toEqual([
      { token: monthToken(T0, 1), expiresAt: new Date(T0 + 30 * DAY).toISOString() },
    ]);
  });

  it('renews while connected once the token is due, and reconnects with the new token', async () => {
    client = await GameClient.connect({
      url: server.url,
      token: monthToken(T0),
      reconnect: fast,
      tokenRefresh: { renew, now: () => now, intervalMs: 5 },
    });
    expect(renewals).toEqual([]);
    const refreshed = next(client, 'tokenRefreshed');
    now = T0 + 25 * DAY;
    await expect(refreshed).resolves.toMatchObject({ token: monthToken(now, 1) });
    expect(renewals).toEqual([monthToken(T0)]);
    expect(client.token).toBe(monthToken(now, 1));
    expect(client.state).toBe('open');

    const reconnected = next(client, 'reconnected');
    (await server.connection(0)).ws.terminate();
    await reconnected;
    expect((await server.connection(1)).token).toBe(monthToken(now, 1));
  });

  it('renews a token that fell due while disconnected before the reconnect attempt', async () => {
    client = await GameClient.connect({
      url: server.url,
      token: monthToken(T0),
      reconnect: fast,
      tokenRefresh: { renew, now: () => now },
    });
    now = T0 + 29 * DAY;
    const reconnected = next(client, 'reconnected');
    (await server.connection(0)).ws.terminate();
    await reconnected;
    expect(renewals).toEqual([monthToken(T0)]);
    expect((await server.connection(1)).token).toBe(monthToken(now, 1));
  });

  it('keeps the token and reports the failure when a renewal is refused', async () => {
    const old = monthToken(T0 - 25 * DAY);
    const failures: Error[] = [];
    client = await GameClient.connect({
      url: server.url,
      token: old,
      reconnect: false,
      tokenRefresh: {
        now: () => now,
        renew: () => Promise.reject(new Error('network down')),
      },
      beforeConnect: (c) => c.lifecycle.on('tokenRefreshFailed', ({ error }) => failures.push(error)),
    });
    expect(failures.map((e) => e.message)).toEqual(['network down']);
    expect(client.token).toBe(old);
    expect((await server.connection(0)).token).toBe(old);
    expect(client.state).toBe('open');
  });

  it('with tokenRefresh false renews nothing and reconnects with the token given to setToken', async () => {
    const old = monthToken(T0 - 29 * DAY);
    client = await GameClient.connect({ url: server.url, token: old, reconnect: fast, tokenRefresh: false });
    await expect(client.refreshTokenIfDue()).resolves.toBe(false);
    client.setToken('handed-over');
    const reconnected = next(client, 'reconnected');
    (await server.connection(0)).ws.terminate();
    await reconnected;
    expect((await server.connection(1)).token).toBe('handed-over');
  });
});
