import { z } from 'zod';

/**
 * Imported first by the entry point, before any schema is built: the page runs under a
 * Content-Security-Policy without 'unsafe-eval', so zod must not compile its object parsers with
 * `new Function` (it would try, be refused and report a policy violation on every load).
 */
z.config({ jitless: true });
