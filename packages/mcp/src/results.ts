import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  ActionError,
  ApiError,
  ConnectionClosedError,
  GameError,
  NotConnectedError,
  TimeoutError,
} from '@tilerealm/sdk';

/** A tool could not do what was asked, before asking the server (e.g. nothing of that item carried). */
export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A successful tool result: the value as JSON text (for every client) and as structured content. */
export function ok(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * A failed tool result (`isError`): `{ error: { code, message } }` with the game server's error code
 * and message when the server refused (GameError: nothing changed in the world), `timeout` when no
 * answer came in time, `not_connected` when the game connection is down.
 */
export function fail(code: string, message: string): CallToolResult {
  const value = { error: { code, message } };
  return {
    content: [{ type: 'text', text: `${code}: ${message}` }],
    structuredContent: value,
    isError: true,
  };
}

/** Turns what a tool threw into its error result; a bug (not a game outcome) is also logged. */
export function errorResult(err: unknown, log: (msg: string) => void): CallToolResult {
  if (err instanceof GameError) return fail(err.code, err.message);
  if (err instanceof ToolError || err instanceof ActionError) return fail(err.code, err.message);
  if (err instanceof TimeoutError) return fail('timeout', err.message);
  if (err instanceof NotConnectedError || err instanceof ConnectionClosedError)
    return fail('not_connected', `${err.message}; the session reconnects by itself, try again shortly`);
  if (err instanceof ApiError) return fail(err.code, err.message);
  const message = err instanceof Error ? err.message : String(err);
  log(`tool failed: ${err instanceof Error && err.stack ? err.stack : message}`);
  return fail('internal_error', message);
}

/** Runs a tool body, answering its value or its error result. */
export async function run(
  log: (msg: string) => void,
  body: () => Promise<Record<string, unknown>>,
): Promise<CallToolResult> {
  try {
    return ok(await body());
  } catch (err) {
    return errorResult(err, log);
  }
}

/** Chebyshev distance between two tiles (the game's movement metric). */
export function dist(a: { x: number; z: number }, b: { x: number; z: number }): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.z - b.z));
}
