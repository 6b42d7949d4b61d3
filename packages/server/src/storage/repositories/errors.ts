import { z } from 'zod';

const pgErrorShape = z.object({ code: z.string(), constraint: z.string().optional() });
const withCause = z.object({ cause: z.unknown() });

/**
 * Finds the PostgreSQL error behind a query failure. drizzle wraps driver
 * errors (`DrizzleQueryError`, original in `cause`), and the two drivers use
 * different error classes, so this walks the cause chain and reads the
 * SQLSTATE `code` and `constraint` fields both drivers provide.
 */
export function findPgError(err: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    const parsed = pgErrorShape.safeParse(current);
    if (parsed.success && /^[0-9A-Z]{5}$/.test(parsed.data.code)) return parsed.data;
    const next = withCause.safeParse(current);
    current = next.success ? next.data.cause : undefined;
  }
  return undefined;
}

/** True when `err` is a unique violation (SQLSTATE 23505), optionally of one named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pgErr = findPgError(err);
  if (pgErr?.code !== '23505') return false;
  return constraint === undefined || pgErr.constraint === undefined || pgErr.constraint === constraint;
}
