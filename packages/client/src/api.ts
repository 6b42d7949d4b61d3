import { ApiError } from '@tilerealm/sdk';

/** The server's error body: `{ error: { code, message, details? } }`. */
interface ErrorBody {
  error: { code: string; message: string; details?: unknown[] };
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const e: unknown = value.error;
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' && 'message' in e;
}

/**
 * One JSON call to the game server's REST API with the bearer token. Non-2xx answers throw the
 * SDK's ApiError with the server's code (`http_<status>` when the body is not an error body); a
 * network failure throws ApiError `network_error` (status 0) so callers can retry it.
 */
export async function apiCall(
  baseUrl: string,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, 'network_error', err instanceof Error ? err.message : String(err), undefined);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    if (isErrorBody(json))
      throw new ApiError(response.status, json.error.code, json.error.message, json.error.details);
    throw new ApiError(
      response.status,
      `http_${response.status}`,
      text.slice(0, 200) || response.statusText,
      undefined,
    );
  }
  return json;
}
