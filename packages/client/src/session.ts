import { z } from 'zod';
import { ApiError } from '@tilerealm/sdk';
import { apiCall } from './api';
import type { ClientEnv } from './env';

/**
 * The signed-in account in this browser: a session token of the game server, kept in
 * localStorage so a reload stays signed in. Anonymous mode gets one from
 * `POST /api/auth/anonymous`; identity-provider mode exchanges the provider's access token at
 * `POST /api/auth/exchange`. A token handed over in the URL fragment (`#token=…`, printed by
 * `npm start` for the default agents' owner) is adopted and removed from the address bar.
 */
const STORAGE_KEY = 'tilerealm.session';

const storedSchema = z.object({ token: z.string().min(10), accountId: z.string() });
export type StoredSession = z.infer<typeof storedSchema>;

const anonymousSchema = z.object({ token: z.string(), accountId: z.string() });
const exchangeSchema = z.looseObject({ token: z.string(), accountId: z.string().optional() });
const meSchema = z.looseObject({ accountId: z.string() });

export const characterSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  combatLevel: z.number().optional(),
});
export type CharacterSummary = z.infer<typeof characterSchema>;

export class Session {
  constructor(
    readonly env: ClientEnv,
    public token: string,
    public accountId: string,
  ) {}

  /** A REST call as this account. */
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    return apiCall(this.env.apiUrl, this.token, method, path, body);
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
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: this.token, accountId: this.accountId }));
  }

  signOut(): void {
    localStorage.removeItem(STORAGE_KEY);
  }
}

/** The session kept in this browser, if its token is still accepted (`GET /api/auth/me`). */
export async function restoreSession(env: ClientEnv): Promise<Session | undefined> {
  const fromUrl = takeTokenFromFragment();
  const raw = fromUrl ? { token: fromUrl, accountId: '' } : readStored();
  if (!raw) return undefined;
  try {
    const me = meSchema.parse(await apiCall(env.apiUrl, raw.token, 'GET', '/api/auth/me'));
    const session = new Session(env, raw.token, me.accountId);
    session.save();
    return session;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      localStorage.removeItem(STORAGE_KEY);
      return undefined;
    }
    throw err;
  }
}

/** Anonymous mode: a fresh temporary identity. */
export async function signInAnonymously(env: ClientEnv): Promise<Session> {
  const body = anonymousSchema.parse(await apiCall(env.apiUrl, undefined, 'POST', '/api/auth/anonymous'));
  const session = new Session(env, body.token, body.accountId);
  session.save();
  return session;
}

/** Identity-provider mode: trades the provider's access token for a session token. */
export async function signInWithProvider(env: ClientEnv, providerToken: string): Promise<Session> {
  const body = exchangeSchema.parse(await apiCall(env.apiUrl, providerToken, 'POST', '/api/auth/exchange'));
  const me = meSchema.parse(await apiCall(env.apiUrl, body.token, 'GET', '/api/auth/me'));
  const session = new Session(env, body.token, me.accountId);
  session.save();
  return session;
}

function readStored(): StoredSession | undefined {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `#token=…` (optionally after a route, `#/agents?token=…`): returned once and removed from the URL. */
function takeTokenFromFragment(): string | undefined {
  const hash = window.location.hash;
  const match = /[#?&]token=([A-Za-z0-9._-]+)/.exec(hash);
  if (!match?.[1]) return undefined;
  const route = hash.startsWith('#/') ? hash.replace(/[?&]token=[A-Za-z0-9._-]+/, '') : '';
  history.replaceState(null, '', `${window.location.pathname}${window.location.search}${route}`);
  return match[1];
}
