import { z } from 'zod';
import { ApiError, isRefreshDue, isTokenExpired } from '@tilerealm/sdk';
import { apiCall } from './api';
import type { ClientEnv } from './env';

/**
 * The signed-in account in this browser: a session token of the game server, kept in
 * localStorage so a reload stays signed in. Anonymous mode gets one from
 * `POST /api/auth/anonymous`; identity-provider mode exchanges the provider's access token at
 * `POST /api/auth/exchange`. A token handed over in the URL fragment (`#token=…`, printed by
 * `npm start` for the default agents' owner) is adopted and removed from the address bar.
 *
 * The token is renewed (`POST /api/auth/refresh`) once at most a fifth of its lifetime is left: on
 * every visit and hourly while the page is open. When the server refuses it (401 from any call,
 * WebSocket close 4001) the session ends: the token is dropped and the player is told, and only an
 * explicit "Play now" or sign-in makes a new identity. Nothing here ever creates one by itself.
 */
const STORAGE_KEY = 'tilerealm.session';

/** How often an open page looks at its token's expiry. */
export const SESSION_CHECK_INTERVAL_MS = 3_600_000;

const storedSchema = z.object({ token: z.string().min(10), accountId: z.string() });
export type StoredSession = z.infer<typeof storedSchema>;

const anonymousSchema = z.object({ token: z.string(), accountId: z.string() });
const exchangeSchema = z.looseObject({ token: z.string(), accountId: z.string().optional() });
const meSchema = z.looseObject({ accountId: z.string() });
const refreshedSchema = z.looseObject({ token: z.string() });

export const characterSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  combatLevel: z.number().optional(),
  /** Set when the character is one of the account's agents (`running`: its agent plays it now). */
  agent: z.object({ agentId: z.string(), running: z.boolean() }).nullable().optional(),
});
export type CharacterSummary = z.infer<typeof characterSchema>;

/** Where the session is kept (the browser's localStorage) and the clock; tests pass stand-ins. */
export interface SessionDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
}

export function browserSessionDeps(): SessionDeps {
  return { storage: window.localStorage, now: () => Date.now() };
}

/** Why the server refused a stored token: its `exp` has passed, or it is not valid at all. */
export type RejectionReason = 'expired' | 'invalid';

export class Session {
  private current: string;
  private rejection: RejectionReason | undefined;
  private readonly tokenListeners = new Set<(token: string) => void>();
  private readonly rejectionListeners = new Set<(reason: RejectionReason) => void>();

  constructor(
    readonly env: ClientEnv,
    token: string,
    readonly accountId: string,
    private readonly deps: SessionDeps = browserSessionDeps(),
  ) {
    this.current = token;
  }

  /** The session token (replaced when it is renewed). */
  get token(): string {
    return this.current;
  }

  /** Set once the server has refused the token: the session is over. */
  get rejected(): RejectionReason | undefined {
    return this.rejection;
  }

  /**
   * A REST call as this account. A 401 ends the session (see `reject`); once ended, calls fail at
   * once without sending the refused token again.
   */
  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    if (this.rejection)
      throw new ApiError(401, 'invalid_token', 'this session has ended: sign in again', undefined);
    try {
      return await apiCall(this.env.apiUrl, this.current, method, path, body);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) this.reject();
      throw err;
    }
  }

  /**
   * The server refused the token: drop it from storage (unless another tab has stored a different
   * one since), never use it again, and tell the listeners (the app shows the sign-in screen with
   * {@link rejectionNotice}).
   */
  reject(): void {
    if (this.rejection) return;
    const reason: RejectionReason = isTokenExpired(this.current, this.deps.now()) ? 'expired' : 'invalid';
    this.rejection = reason;
    if (readStored(this.deps.storage)?.token === this.current) this.deps.storage.removeItem(STORAGE_KEY);
    for (const listener of [...this.rejectionListeners]) listener(reason);
  }

  /**
   * Renews the token through `POST /api/auth/refresh` when at most a fifth of its lifetime is
   * left; the new token is stored and handed to the token listeners (the game's WebSocket client).
   * Resolves true when renewed. A 401 ends the session; other failures reject (retry later).
   */
  async refreshIfDue(): Promise<boolean> {
    if (this.rejection || !isRefreshDue(this.current, this.deps.now())) return false;
    const fresh = refreshedSchema.parse(await this.call('POST', '/api/auth/refresh'));
    this.current = fresh.token;
    this.save();
    for (const listener of [...this.tokenListeners]) listener(fresh.token);
    return true;
  }

  /**
   * Checks the token every `intervalMs` while the page is open; returns the function that stops.
   * A failed renewal (network, rate limit) is logged and tried again at the next check.
   */
  keepFresh(intervalMs = SESSION_CHECK_INTERVAL_MS): () => void {
    const handle = setInterval(() => {
      this.refreshIfDue().catch((err: unknown) => console.warn('could not renew the session token', err));
    }, intervalMs);
    return () => clearInterval(handle);
  }

  /** Calls `listener` with each renewed token; returns the unsubscribe function. */
  onTokenChange(listener: (token: string) => void): () => void {
    this.tokenListeners.add(listener);
    return () => this.tokenListeners.delete(listener);
  }

  /** Calls `listener` once the server refuses the token; returns the unsubscribe function. */
  onRejected(listener: (reason: RejectionReason) => void): () => void {
    this.rejectionListeners.add(listener);
    return () => this.rejectionListeners.delete(listener);
  }

  /** The account's characters (`GET /api/character`). */
  async characters(): Promise<CharacterSummary[]> {
    const body = await this.call('GET', '/api/character');
    const list = z.object({ characters: z.array(characterSchema) }).safeParse(body);
    if (list.success) return list.data.characters;
    const bare = z.array(characterSchema).safeParse(body);
    return bare.success ? bare.data : [];
  }

  /** Creates a character (`POST /api/character`); the server applies the name rules. */
  async createCharacter(name: string): Promise<CharacterSummary> {
    const body = await this.call('POST', '/api/character', { name });
    const wrapped = z.object({ character: characterSchema }).safeParse(body);
    if (wrapped.success) return wrapped.data.character;
    return characterSchema.parse(body);
  }

  save(): void {
    if (this.rejection) return;
    this.deps.storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ token: this.current, accountId: this.accountId }),
    );
  }

  signOut(): void {
    this.deps.storage.removeItem(STORAGE_KEY);
  }
}

/** What a visit finds: a working session, none, a refused one, or a server it cannot reach. */
export type RestoreOutcome =
  | { kind: 'signed-in'; session: Session }
  | { kind: 'none' }
  | { kind: 'rejected'; reason: RejectionReason }
  | { kind: 'unreachable'; message: string };

/**
 * The session kept in this browser (or handed over in the URL fragment), checked with
 * `GET /api/auth/me` and renewed when due. A refused token is dropped and reported as `rejected`
 * (never replaced by a new identity); when the server cannot be reached the stored token is kept
 * and the outcome is `unreachable`, so the player can retry rather than sign in anew.
 */
export async function restoreSession(
  env: ClientEnv,
  deps: SessionDeps,
  fragmentToken: string | undefined,
): Promise<RestoreOutcome> {
  const stored = readStored(deps.storage);
  if (fragmentToken) {
    const outcome = await checkToken(env, deps, fragmentToken);
    // A dead link falls back to this browser's own session, which it must not displace.
    if (outcome.kind !== 'rejected' || !stored) return outcome;
  }
  if (!stored) return { kind: 'none' };
  const outcome = await checkToken(env, deps, stored.token);
  if (outcome.kind === 'rejected') deps.storage.removeItem(STORAGE_KEY);
  return outcome;
}

async function checkToken(env: ClientEnv, deps: SessionDeps, token: string): Promise<RestoreOutcome> {
  let accountId: string;
  try {
    accountId = meSchema.parse(await apiCall(env.apiUrl, token, 'GET', '/api/auth/me')).accountId;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403))
      return { kind: 'rejected', reason: isTokenExpired(token, deps.now()) ? 'expired' : 'invalid' };
    return { kind: 'unreachable', message: err instanceof Error ? err.message : String(err) };
  }
  const session = new Session(env, token, accountId, deps);
  session.save();
  try {
    await session.refreshIfDue();
  } catch (err) {
    // The token still works for a while; the next check (hourly, or the next visit) tries again.
    console.warn('could not renew the session token', err);
  }
  if (session.rejected) return { kind: 'rejected', reason: session.rejected };
  return { kind: 'signed-in', session };
}

/** What the sign-in screen tells a player whose stored session the server refused. */
export function rejectionNotice(reason: RejectionReason, authMode: ClientEnv['authMode']): string {
  const what =
    reason === 'expired'
      ? 'Your session on this browser has expired.'
      : 'Your session on this browser is no longer valid.';
  if (authMode === 'identity-provider') return `${what} Sign in again to continue with your account.`;
  return `${what} Its temporary account and characters can no longer be played from here. "Play now" starts a new temporary account with new characters.`;
}

/** Anonymous mode: a fresh temporary identity (only ever on the player's explicit "Play now"). */
export async function signInAnonymously(env: ClientEnv, deps = browserSessionDeps()): Promise<Session> {
  const body = anonymousSchema.parse(await apiCall(env.apiUrl, undefined, 'POST', '/api/auth/anonymous'));
  const session = new Session(env, body.token, body.accountId, deps);
  session.save();
  return session;
}

/** Identity-provider mode: trades the provider's access token for a session token. */
export async function signInWithProvider(
  env: ClientEnv,
  providerToken: string,
  deps = browserSessionDeps(),
): Promise<Session> {
  const body = exchangeSchema.parse(await apiCall(env.apiUrl, providerToken, 'POST', '/api/auth/exchange'));
  const me = meSchema.parse(await apiCall(env.apiUrl, body.token, 'GET', '/api/auth/me'));
  const session = new Session(env, body.token, me.accountId, deps);
  session.save();
  return session;
}

function readStored(storage: SessionDeps['storage']): StoredSession | undefined {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `#token=…` (optionally after a route, `#/agents?token=…`): returned once and removed from the URL. */
export function takeTokenFromFragment(): string | undefined {
  const hash = window.location.hash;
  const match = /[#?&]token=([A-Za-z0-9._-]+)/.exec(hash);
  if (!match?.[1]) return undefined;
  const route = hash.startsWith('#/') ? hash.replace(/[?&]token=[A-Za-z0-9._-]+/, '') : '';
  history.replaceState(null, '', `${window.location.pathname}${window.location.search}${route}`);
  return match[1];
}
