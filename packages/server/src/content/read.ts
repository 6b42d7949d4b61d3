import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { IssueList } from './errors';

/** Marker for a manifest that is absent on disk. */
export const MISSING = Symbol('missing');

/**
 * Reads and JSON-parses one manifest. Syntax errors are recorded (with the file name) and yield
 * undefined; an absent file yields MISSING (the caller decides whether that is an error).
 */
export async function readJson(dir: string, file: string, issues: IssueList): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(dir, file), 'utf8');
  } catch (err) {
    if (isNotFound(err)) return MISSING;
    issues.add(file, `cannot read: ${String(err)}`);
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch (err) {
    issues.add(file, `invalid JSON: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'ENOENT';
}

/** `$.items[3].bonuses` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    '$',
  );
}

/** Records every zod issue of a failed parse as `file: at <json path>: message`. */
export function reportZodError(
  issues: IssueList,
  file: string,
  error: z.ZodError,
  prefix: readonly PropertyKey[] = [],
): void {
  for (const issue of error.issues) {
    issues.add(file, `at ${formatPath([...prefix, ...issue.path])}: ${issue.message}`);
  }
}

/** Parses a whole value; records issues and returns undefined on failure. */
export function parseWith<T>(
  issues: IssueList,
  file: string,
  raw: unknown,
  schema: z.ZodType<T>,
): T | undefined {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  reportZodError(issues, file, result.error);
  return undefined;
}

/**
 * Result of parsing a list of id'd entries element by element: the valid entries, plus the ids
 * of every entry that names one (valid or not). References to an entry that exists but is broken
 * are then not reported a second time as dangling.
 */
export interface ParsedList<T> {
  entries: T[];
  knownIds: Set<string>;
}

/** Parses each element of `rawList` (found at JSON path `prefix`) with `schema`. */
export function parseElements<T>(
  issues: IssueList,
  file: string,
  rawList: readonly unknown[],
  prefix: readonly PropertyKey[],
  schema: z.ZodType<T>,
): ParsedList<T> {
  const entries: T[] = [];
  const knownIds = new Set<string>();
  rawList.forEach((raw, index) => {
    const id = rawId(raw);
    if (id !== undefined) knownIds.add(id);
    const result = schema.safeParse(raw);
    if (result.success) entries.push(result.data);
    else reportZodError(issues, file, result.error, [...prefix, index]);
  });
  return { entries, knownIds };
}

/** The `id` (or `itemId`) string of a raw element, if it has one. */
export function rawId(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  if ('id' in raw && typeof raw.id === 'string') return raw.id;
  if ('itemId' in raw && typeof raw.itemId === 'string') return raw.itemId;
  return undefined;
}
