import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnv } from '../src/env';
import {
  rejectionNotice,
  restoreSession,
  Session,
  SESSION_CHECK_INTERVAL_MS,
  type SessionDeps,
} from '../src/session';

const KEY = 'tilerealm.session';
const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 1);
const env: ClientEnv = {
  apiUrl: 'http://game.test',
  wsUrl: 'ws://game.test/ws',
  cdnUrl: 'http://cdn.test',
  authMode: 'anonymous',
  idpAppId: undefined,
};

/** An unsigned JWT-shaped 30-day token issued at `iatMs` (the client never verifies tokens). */
const token = (iatMs: number, n = 0) =>
  `e30.${Buffer.from(JSON.stringify({ iat: iatMs / 1000, exp: iatMs / 1000 + 30 * 86_400, n })).toString('base64url')}.sig`;

/** localStorage's three methods over a Map. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  stored(): { token: string; accountId: string } | undefined {
    const raw = this.items.get(KEY);
    return raw === undefined ? undefined : (JSON.parse(raw) as { token: string; accountId: string });
  }
}

type Reply = { status: number; body: unknown } | 'network-error';
interface Request {
  method: string;
  path: string;
  token: string | undefined;
}

let storage: MemoryStorage;
let now: number;
let deps: SessionDeps;
let requests: Request[];
/** The fake game server: `valid` tokens pass /api/auth/me; refresh issues token(now, n). */
let valid: Set<string>;
let override: ((r: Request) => Reply | undefined) | undefined;

function serve(r: Request): Reply {
  const fromOverride = override?.(r);
  if (fromOverride) return fromOverride;
  const ok = r.token !== undefined && valid.has(r.token);
  const refused = { status: 401, body: { error: { code: 'invalid_token', message: 'token expired' } } };
  if (r.path === '/api/auth/me') return ok ? { status: 200, body: { accountId: 'acc_1' } } : refused;
  if (r.path === '/api/auth/refresh') {
    if (!ok) return refused;
    const fresh = token(now, requests.length);
    valid.add(fresh);
    return { status: 200, body: { token: fresh, expiresAt: new Date(now + 30 * DAY).toISOString() } };
  }
  if (r.path === '/api/character') return ok ? { status: 200, body: { characters: [] } } : refused;
  if (r.path === '/api/auth/anonymous')
    return { status: 201, body: { token: token(now, 99), accountId: 'acc_new' } };
  return { status: 404, body: { error: { code: 'not_found', message: 'no' } } };
}

beforeEach(() => {
  storage = new MemoryStorage();
  now = T0;
  deps = { storage, now: () => now };
  requests = [];
  valid = new Set();
  override = undefined;
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const r: Request = {
      method: init.method ?? 'GET',
      path: url.pathname,
      token: headers.get('authorization')?.replace(/^Bearer /, ''),
    };
    requests.push(r);
    const reply = serve(r);
    if (reply === 'network-error') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const store = (t: string) => storage.setItem(KEY, JSON.stringify({ token: t, accountId: 'acc_1' }));

describe('restoring the stored session', () => {
  it('signs in with a stored token the server accepts, without renewing a young token', async () => {
    const t = token(T0 - 10 * DAY);
    valid.add(t);
    store(t);
    const outcome = await restoreSession(env, deps, undefined);
    expect(outcome.kind).toBe('signed-in');
    expect(outcome.kind === 'signed-in' && outcome.session.token).toBe(t);
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/me']);
  });

  it('renews a token in the last fifth of its life and stores the new one', async () => {
    const old = token(T0 - 25 * DAY);
    valid.add(old);
    store(old);
    const outcome = await restoreSession(env, deps, undefined);
    expect(requests.map((r) => [r.method, r.path, r.token])).toEqual([
      ['GET', '/api/auth/me', old],
      ['POST', '/api/auth/refresh', old],
    ]);
    const fresh = token(T0, 2);
    expect(outcome.kind === 'signed-in' && outcome.session.token).toBe(fresh);
    expect(storage.stored()).toEqual({ token: fresh, accountId: 'acc_1' });
  });

  it('reports an expired token as expired, drops it, and never makes a new identity by itself', async () => {
    const old = token(T0 - 31 * DAY);
    store(old);
    const outcome = await restoreSession(env, deps, undefined);
    expect(outcome).toEqual({ kind: 'rejected', reason: 'expired' });
    expect(storage.stored()).toBeUndefined();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/me']);
    expect(rejectionNotice('expired', 'anonymous')).toMatch(
      /expired.*"Play now" starts a new temporary account/s,
    );
  });

  it('reports a refused token that has not expired as invalid', async () => {
    store(token(T0 - DAY));
    expect(await restoreSession(env, deps, undefined)).toEqual({ kind: 'rejected', reason: 'invalid' });
    expect(rejectionNotice('invalid', 'identity-provider')).toBe(
      'Your session on this browser is no longer valid. Sign in again to continue with your account.',
    );
  });

  it('keeps the stored token when the server cannot be reached', async () => {
    const t = token(T0 - DAY);
    store(t);
    override = () => 'network-error';
    const outcome = await restoreSession(env, deps, undefined);
    expect(outcome.kind).toBe('unreachable');
    expect(storage.stored()?.token).toBe(t);
  });

  it('falls back to the stored session when a link hands over a refused token', async () => {
    const mine = token(T0 - DAY, 1);
    valid.add(mine);
    store(mine);
    const outcome = await restoreSession(env, deps, token(T0 - DAY, 2));
    expect(outcome.kind === 'signed-in' && outcome.session.token).toBe(mine);
    expect(storage.stored()?.token).toBe(mine);
  });

  it('stays signed in when a due renewal fails for a moment, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const old = token(T0 - 25 * DAY);
    valid.add(old);
    store(old);
    override = (r) => (r.path === '/api/auth/refresh' ? 'network-error' : undefined);
    const outcome = await restoreSession(env, deps, undefined);
    expect(outcome.kind === 'signed-in' && outcome.session.token).toBe(old);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('a session in use', () => {
  it('ends on a 401 from any call: token dropped, listeners told, no further requests with it', async () => {
    const t = token(T0 - DAY);
    store(t);
    const session = new Session(env, t, 'acc_1', deps);
    const reasons: string[] = [];
    session.onRejected((reason) => reasons.push(reason));
    await expect(session.characters()).rejects.toMatchObject({ status: 401 });
    expect(reasons).toEqual(['invalid']);
    expect(session.rejected).toBe('invalid');
    expect(storage.stored()).toBeUndefined();
    await expect(session.characters()).rejects.toMatchObject({ status: 401 });
    expect(requests).toHaveLength(1);
    session.save();
    expect(storage.stored()).toBeUndefined();
  });

  it('leaves a newer session stored by another tab in place when its own token is refused', async () => {
    const session = new Session(env, token(T0 - DAY, 1), 'acc_1', deps);
    const other = token(T0, 2);
    store(other);
    session.reject();
    expect(storage.stored()?.token).toBe(other);
  });

  it('renews the token hourly once it falls due and hands it to the token listeners', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const old = token(T0);
    valid.add(old);
    const session = new Session(env, old, 'acc_1', deps);
    const handed: string[] = [];
    session.onTokenChange((t) => handed.push(t));
    const stop = session.keepFresh();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(requests).toEqual([]);
    now = T0 + 25 * DAY;
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/refresh']);
    expect(handed).toEqual([session.token]);
    expect(session.token).not.toBe(old);
    expect(storage.stored()?.token).toBe(session.token);
    stop();
    now = T0 + 50 * DAY;
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(requests).toHaveLength(1);
  });
});
