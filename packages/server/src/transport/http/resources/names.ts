import { z } from 'zod';

/** Words no character may be named after (case-insensitive, also as a whole word inside a name). */
const RESERVED = ['admin', 'administrator', 'moderator', 'mod', 'system', 'server', 'tilerealm', 'jagex'];

/**
 * Character names: 1-12 characters of letters, digits, spaces, hyphens and underscores; starting
 * with a letter or digit; no leading, trailing or doubled separators; not a reserved word.
 * Uniqueness is case-insensitive and enforced by the database.
 */
export const characterName = z
  .string({ message: 'name must be a string' })
  .min(1, 'name must be 1 to 12 characters')
  .max(12, 'name must be 1 to 12 characters')
  .regex(
    /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/,
    'name may contain letters, digits and single spaces, hyphens or underscores between them',
  )
  .refine(
    (n) =>
      !n
        .toLowerCase()
        .split(/[ _-]/)
        .some((w) => RESERVED.includes(w)),
    'name is reserved',
  );
