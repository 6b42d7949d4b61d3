import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/app/paths';

/** The determinism rules for sim/ are enforced by ESLint; prove they fire (and only there). */
describe('sim/ lint rules', () => {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const lint = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${filePath}` });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };

  it.each([
    ['Math.random', 'export const r = Math.random();', 'no-restricted-properties'],
    ['Date.now', 'export const t = Date.now();', 'no-restricted-properties'],
    ['new Date()', 'export const d = new Date();', 'no-restricted-globals'],
    ['setTimeout', 'setTimeout(() => undefined, 1);', 'no-restricted-globals'],
    ['setInterval', 'setInterval(() => undefined, 1);', 'no-restricted-globals'],
    [
      'a node builtin',
      "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;",
      'no-restricted-imports',
    ],
    [
      'storage',
      "import { openDatabase } from '../storage/database';\nexport const o = openDatabase;",
      'no-restricted-imports',
    ],
    [
      'transport',
      "import { buildServer } from '../app/build-server';\nexport const b = buildServer;",
      'no-restricted-imports',
    ],
    ['fastify', "import Fastify from 'fastify';\nexport const f = Fastify;", 'no-restricted-imports'],
  ])('rejects %s in sim/', async (_label, code, rule) => {
    expect(await lint(code, 'packages/server/src/sim/example.ts')).toContain(rule);
  });

  it('allows the same code outside sim/', async () => {
    expect(
      await lint('export const r = Math.random() + Date.now();', 'packages/server/src/app/example.ts'),
    ).toEqual([]);
  });
});
