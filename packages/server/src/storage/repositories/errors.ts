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

/**
 * SQLSTATE classes and codes that say "the database could not be reached or is going away", not
 * "this statement is wrong": connection exceptions (class 08), operator intervention (57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 57014 a statement cancelled by its
 * timeout), insufficient resources (class 53: too many connections, out of memory or disk), and
 * the two outcomes of concurrency that a retry resolves (40001 serialization failure, 40P01 deadlock).
 */
const TRANSIENT_SQLSTATE = /^(08...|53...|57P0[123]|57014|40001|40P01)$/;

/** Node socket errors and the pg driver's own messages when a connection drops or never opens. */
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /connection timeout/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /server closed the connection unexpectedly/i,
];

const codeShape = z.object({ code: z.string() });
const messageShape = z.object({ message: z.string() });

/**
 * True when `err` means the database is unavailable (unreachable, restarting, overloaded, or the
 * statement timed out), so the same work may succeed later; false when the work itself is at fault
 * (a constraint, a bad value), so retrying it unchanged would fail again. Walks the cause chain
 * like {@link findPgError}.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    const code = codeShape.safeParse(current);
    if (code.success) {
      if (/^[0-9A-Z]{5}$/.test(code.data.code) && TRANSIENT_SQLSTATE.test(code.data.code)) return true;
      if (TRANSIENT_NODE_CODES.has(code.data.code)) return true;
    }
    const message = messageShape.safeParse(current);
    if (message.success && TRANSIENT_MESSAGES.some((re) => re.test(message.data.message))) return true;
    const next = withCause.safeParse(current);
    current = next.success ? next.data.cause : undefined;
  }
  return false;
}
