import { builtinModules } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/app/paths';

/**
 * Every workspace package declares what it imports: a bare specifier in its shipped source must be
 * in its `dependencies`; in its tests and build configuration (vite.config.ts, drizzle.config.ts),
 * in `dependencies` or `devDependencies`, or the root's `devDependencies` (the shared test and
 * build tools: vitest, typescript...). Test support inside src (`testing/` folders, `test-*.ts`)
 * counts as test code. Node builtins are exempt. Relative imports are not checked.
 */

const PACKAGES_DIR = join(REPO_ROOT, 'packages');
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'public', 'dist']);
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function manifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.'))
        out.push(...sourceFiles(join(dir, entry.name)));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

/** Module specifiers of static imports and exports, dynamic imports and requires. */
export function importedSpecifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) if (m[1]) found.push(m[1]);
  return found;
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or undefined. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || BUILTINS.has(specifier)) return undefined;
  if (specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isDevFile(packageDir: string, file: string): boolean {
  const rel = relative(packageDir, file).split('\\').join('/');
  // Test support kept next to the code it tests: `testing/` folders and `test-*.ts` helpers.
  return (
    !rel.startsWith('src/') ||
    /\.test\.[a-z]+$/.test(rel) ||
    rel.split('/').includes('testing') ||
    /(^|\/)test-[^/]+$/.test(rel)
  );
}

const root = manifest(REPO_ROOT);
const packageDirs = readdirSync(PACKAGES_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => join(PACKAGES_DIR, e.name));

describe('each package declares the dependencies it imports', () => {
  it('finds the workspace packages', () => {
    expect(packageDirs.map((d) => manifest(d).name)).toEqual(
      expect.arrayContaining([
        '@tilerealm/server',
        '@tilerealm/protocol',
        '@tilerealm/sdk',
        '@tilerealm/client',
        '@tilerealm/agents',
        '@tilerealm/cdn',
      ]),
    );
  });

  it.each(packageDirs.map((d) => [manifest(d).name, d]))('%s', (name, dir) => {
    const pkg = manifest(dir);
    const deps = new Set(Object.keys(pkg.dependencies ?? {}));
    const devDeps = new Set([
      ...Object.keys(pkg.devDependencies ?? {}),
      ...Object.keys(root.devDependencies ?? {}),
    ]);
    const missing = new Set<string>();
    for (const file of sourceFiles(dir)) {
      const dev = isDevFile(dir, file);
      for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
        const used = packageOf(specifier);
        if (used === undefined || used === name) continue;
        if (deps.has(used) || (dev && devDeps.has(used))) continue;
        missing.add(`${used} (${relative(dir, file)}${dev ? ', dev' : ''})`);
      }
    }
    expect([...missing].sort(), `${name} imports undeclared packages`).toEqual([]);
  });
});

const Q = "'";

describe('the import scanner', () => {
  it('sees static, side-effect, dynamic and type imports and re-exports', () => {
    const code = [
      "import { a } from 'alpha';",
      "import type { B } from '@scope/beta/sub';",
      "import 'gamma/register';",
      "export { d } from 'delta';",
      // Spelled with a variable quote so this file's own scan does not see it.
      `const e = await import(${Q}epsilon${Q});`,
      "import { f } from './local';",
      "import { g } from 'node:fs';",
    ].join('\n');
    expect(importedSpecifiers(code).map(packageOf).filter(Boolean).sort()).toEqual([
      '@scope/beta',
      'alpha',
      'delta',
      'epsilon',
      'gamma',
    ]);
  });
});
