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

/** sim/core knows no feature: features keep their state in registry slots. */
describe('sim/core feature-import rule', () => {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const lint = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${filePath}` });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };
  const core = 'packages/server/src/sim/core/example.ts';

  it.each([
    ['a feature module', "import { TradeBook } from '../features/trade/book';\nexport const t = TradeBook;"],
    ['the feature list', "import { FEATURES } from '../features';\nexport const f = FEATURES;"],
    [
      'a type from a feature',
      "import type { Cast } from '../features/teleport/state';\nexport type C = Cast;",
    ],
    [
      'an aliased feature path',
      "import { SHOPS } from '@/sim/features/shops/stock';\nexport const s = SHOPS;",
    ],
  ])('rejects %s in sim/core', async (_label, code) => {
    expect(await lint(code, core)).toContain('no-restricted-imports');
  });

  it('still rejects I/O in sim/core', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;";
    expect(await lint(code, core)).toContain('no-restricted-imports');
  });

  it('allows core, the neutral item modules, and features importing features', async () => {
    const neutral =
      "import { ItemContainer } from '../items/container';\nimport { Rng } from './rng';\nexport const x = [ItemContainer, Rng];";
    expect(await lint(neutral, core)).toEqual([]);
    const feature = "import { TradeBook } from '../trade/book';\nexport const t = TradeBook;";
    expect(await lint(feature, 'packages/server/src/sim/features/shops/example.ts')).toEqual([]);
  });
});

/** Errors are never dropped silently in src: a rejection handler that ignores its error is refused. */
describe('silent catch rule', () => {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const lint = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${filePath}` });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };

  it.each([
    ['() => undefined', 'export const p = Promise.resolve().catch(() => undefined);'],
    ['() => {}', 'export const p = Promise.resolve().catch(() => {});'],
    ['a fallback value', 'export const p = Promise.resolve([1]).catch(() => []);'],
    ['function () {}', 'export const p = Promise.resolve().catch(function () {});'],
  ])('rejects .catch(%s) in every package', async (_label, code) => {
    for (const file of ['packages/server/src/x.ts', 'packages/agents/src/x.ts', 'packages/client/src/x.ts'])
      expect(await lint(code, file)).toContain('no-restricted-syntax');
  });

  it('allows a handler that takes the error, a named helper, and anything in tests', async () => {
    const handled = 'export const p = Promise.resolve().catch((err: unknown) => console.warn(err));';
    const named =
      'const expected = (): void => undefined;\nexport const p = Promise.resolve().catch(expected);';
    expect(await lint(handled, 'packages/server/src/x.ts')).toEqual([]);
    expect(await lint(named, 'packages/sdk/src/x.ts')).toEqual([]);
    expect(
      await lint('export const p = Promise.resolve().catch(() => undefined);', 'packages/sdk/src/x.test.ts'),
    ).toEqual([]);
  });
});
