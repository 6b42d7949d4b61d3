import { ApiError } from '@tilerealm/sdk';
import { z } from 'zod';

const meSchema = z.object({ accountId: z.string(), anonymous: z.boolean(), isAdmin: z.boolean() });
const tokenSchema = z.object({ token: z.string(), accountId: z.string() });
const createdAgentSchema = z.object({
  agentId: z.string(),
  characterId: z.string(),
  name: z.string(),
  token: z.string(),
});
const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export type Me = z.infer<typeof meSchema>;
export type CreatedAgent = z.infer<typeof createdAgentSchema>;

/**
 * The game server's REST calls the runtime makes: who a bearer token belongs to (owner check),
 * anonymous identities (the runtime's own owner account) and creating and deleting agents with the
 * owner's token. Every response is validated; failures are `ApiError`s carrying the server's status
 * and code. What the runtime does with its own credential is in directory.ts.
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
   * POST /api/agents with the owner's token: creates the character (under the game's character
   * rules) and the agent mapping. The session token it answers is not kept: the runtime mints its
   * own when it connects the agent (directory.ts).
   */
  createAgent(ownerToken: string, name: string, agentId?: string): Promise<CreatedAgent> {
    const body = agentId === undefined ? { name } : { name, agentId };
    return this.call('POST', '/api/agents', ownerToken, body, createdAgentSchema);
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

  private call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token: string | undefined,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    return requestJson(this.baseUrl, method, path, headers, body, schema);
  }
}

/**
 * One JSON request to the game server, its answer validated by `schema`; a failure is an
 * `ApiError` with the server's status and code (`http_<status>` for a body that is not an error).
 */
export async function requestJson<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  extraHeaders: Record<string, string>,
  body: unknown,
  schema: z.ZodType<T>,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, baseUrl), {
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
