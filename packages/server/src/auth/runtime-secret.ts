import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The header carrying the agent runtime's credential (AGENT_RUNTIME_SECRET): on its requests to
 * `/api/internal/agent-runtime/*`, and on the upgrade of its agents' `/ws` connections (which then
 * take no place under the per-address connection cap).
 */
export const AGENT_RUNTIME_SECRET_HEADER = 'x-agent-runtime-secret';

/**
 * Whether `presented` is the configured runtime secret, compared in constant time (both hashed
 * first, so neither their content nor their lengths leak through timing). False when no secret is
 * configured or none (or an empty one) was presented.
 */
export function runtimeSecretMatches(presented: string | undefined, expected: string | undefined): boolean {
  if (expected === undefined || presented === undefined || presented === '') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
