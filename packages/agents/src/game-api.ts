import { ApiError } from '@tilerealm/sdk';
import { z } from 'zod';

const meSchema = z.object({ accountId: z.string(), anonymous: z.boolean(), isAdmin: z.boolean() });
const tokenSchema = z.object({ token: z.string(), accountId: z.string() });
const refreshedSchema = z.object({ token: z.string(), expiresAt: z.string() });
const createdAgentSchema = z.object({
  agentId: z.string(),
  characterId: z.string(),
  name: z.string(),
  token: z.string(),
});
const characterSchema = z.object({ character: z.object({ id: z.string(), name: z.string() }) });
const characterListSchema = z.object({ characters: z.array(z.object({ id: z.string() })) });
const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export type Me = z.infer<typeof meSchema>;
export type CreatedAgent = z.infer<typeof createdAgentSchema>;

/**
 * The game server's REST calls the runtime makes: who a bearer token belongs to (owner check),
 * anonymous identities (the runtime's own owner account) and the agent mapping. Every response is
 * validated; failures are `ApiError`s carrying the server's status and code.
 */
export class GameApi {
  constructor(readonly baseUrl: string) {}

  /** GET /api/auth/me: the account behind a token (401 ApiError when it is not valid). */
  whoAmI(token: string): Promise<Me> {
    return this.call('GET', '/api/auth/me', token, undefined, meSchema);
  }

  /** POST /api/auth/anonymous: a fresh anonymous account for the runtime's default agents. */
  anonymous(): Promise<{ token: string; accountId: string }> {
    return this.call('POST', '/api/auth/anonymous', undefined, undefined, tokenSchema);
  }

  /**
   * POST /api/auth/refresh: a new token for the same account with a full lifetime, so agents keep
   * playing past their token's expiry (401 ApiError once the token has expired).
   */
  refreshToken(token: string): Promise<{ token: string; expiresAt: string }> {
    return this.call('POST', '/api/auth/refresh', token, undefined, refreshedSchema);
  }

  /**
   * POST /api/agents with the owner's token: creates the character and the agent mapping and
   * returns the token the agent connects with. When the game server has no agent endpoints (an
   * older server: 404), falls back to POST /api/character and the owner's own token.
   */
  async createAgent(ownerToken: string, name: string, agentId?: string): Promise<CreatedAgent> {
    const body = agentId === undefined ? { name } : { name, agentId };
    try {
      return await this.call('POST', '/api/agents', ownerToken, body, createdAgentSchema);
    } catch (err) {
      if (!isMissingRoute(err)) throw err;
    }
    const created = await this.call('POST', '/api/character', ownerToken, { name }, characterSchema);
    return {
      agentId: agentId ?? `ag_${created.character.id}`,
      characterId: created.character.id,
      name: created.character.name,
      token: ownerToken,
    };
  }

  /** GET /api/character: the ids of the account's characters (the owner's, for chat commands). */
  async characterIds(token: string): Promise<string[]> {
    const list = await this.call('GET', '/api/character', token, undefined, characterListSchema);
    return list.characters.map((c) => c.id);
  }

  /** DELETE /api/agents/:agentId (the character stays); a 404 is not an error. */
  async deleteAgent(ownerToken: string, agentId: string): Promise<void> {
    try {
      await this.call(
        'DELETE',
        `/api/agents/${encodeURIComponent(agentId)}`,
        ownerToken,
        undefined,
        z.unknown(),
      );
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
    }
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token: string | undefined,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const e = errorBody.safeParse(json);
      if (e.success) throw new ApiError(res.status, e.data.error.code, e.data.error.message, undefined);
      throw new ApiError(res.status, `http_${res.status}`, text.slice(0, 200) || res.statusText, undefined);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ApiError(res.status, 'bad_response', `${method} ${path}: ${parsed.error.message}`, undefined);
    return parsed.data;
  }
}

/** A 404 for the route itself (the game server predates the agent endpoints), not for an agent. */
function isMissingRoute(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404 && err.message.startsWith('no route');
}
