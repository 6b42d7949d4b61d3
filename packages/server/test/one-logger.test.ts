import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/app/paths';

const SRC = path.join(REPO_ROOT, 'packages/server/src');
/** The one module that defines the logger type (and may name pino's own). */
const LOGGER_MODULE = 'app/logger.ts';

/** Every TypeScript file under packages/server/src, relative to it. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') ? [path.relative(SRC, full)] : [];
  });
}

/** What is wrong with a file's logger types: each match is a logger type other than `Log`. */
const RULES: Array<[string, RegExp]> = [
  ['a logger interface or type', /\binterface\s+\w*Logger\b|\btype\s+\w*Logger\s*(?:<[^>]*>)?\s*=/],
  // `warn(obj: object, msg: string): void` in an interface or an inline object type: a look-alike.
  [
    'a look-alike log method',
    /\b(?:fatal|error|warn|info|debug|trace)\??\s*\(\s*\w+\s*:\s*(?:object|string)\b[^)]*\)\s*:\s*void/,
  ],
  [
    "pino's or Fastify's logger type",
    /\b(?:FastifyBaseLogger|FastifyLoggerInstance)\b|import\s+(?:type\s+)?\{[^}]*\bLogger\b[^}]*\}\s+from\s+'pino'/,
  ],
];

function offences(code: string): string[] {
  return RULES.filter(([, re]) => re.test(code)).map(([what]) => what);
}

/** The server has one logger type, `Log` from app/logger.ts; no module declares its own. */
describe('one logger type', () => {
  it('the rules catch the look-alikes they are for', () => {
    expect(offences('export interface SaveLogger {\n  error(obj: object, msg: string): void;\n}')).toEqual([
      'a logger interface or type',
      'a look-alike log method',
    ]);
    expect(offences('  log: { warn(obj: object, msg: string): void },')).toEqual(['a look-alike log method']);
    expect(offences('  info(msg: string): void;')).toEqual(['a look-alike log method']);
    expect(offences("import type { DestinationStream, Logger } from 'pino';")).toEqual([
      "pino's or Fastify's logger type",
    ]);
    expect(offences("import { type FastifyBaseLogger } from 'fastify';")).toEqual([
      "pino's or Fastify's logger type",
    ]);
    expect(offences("import type { Log } from '../app/logger';\n  logger: Log;")).toEqual([]);
  });

  it('no module under packages/server/src declares or takes another', () => {
    const files = sources();
    expect(files).toContain(LOGGER_MODULE);
    const found = files
      .filter((f) => f !== LOGGER_MODULE)
      .flatMap((f) => offences(readFileSync(path.join(SRC, f), 'utf8')).map((what) => `${f}: ${what}`));
    expect(found).toEqual([]);
  });
});
