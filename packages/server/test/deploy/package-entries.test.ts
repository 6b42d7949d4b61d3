/**
 * Every workspace package's `main`, `types` and `exports` name files that exist, and the game
 * server's entry exports what its documentation promises.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/app/paths';

interface PackageJson {
  name: string;
  main?: string;
  types?: string;
  exports?: string | Record<string, string | Record<string, string>>;
}

/** Every path a package.json's exports map names (conditions and subpaths included). */
function exportTargets(exports: PackageJson['exports']): string[] {
  if (exports === undefined) return [];
  if (typeof exports === 'string') return [exports];
  return Object.values(exports).flatMap((v) => exportTargets(v));
}

const packages = readdirSync(join(REPO_ROOT, 'packages')).map((dir) => ({
  dir: join(REPO_ROOT, 'packages', dir),
  json: JSON.parse(readFileSync(join(REPO_ROOT, 'packages', dir, 'package.json'), 'utf8')) as PackageJson,
}));

describe('workspace package entries', () => {
  it.each(packages.map((p) => [p.json.name, p] as const))(
    '%s names files that exist',
    (_name, { dir, json }) => {
      const named = [json.main, json.types, ...exportTargets(json.exports)].filter((p): p is string => !!p);
      expect(named.filter((p) => !existsSync(join(dir, p)))).toEqual([]);
    },
  );

  it('@tilerealm/server exports its start, its HTTP application and its configuration', async () => {
    const server = await import('@tilerealm/server');
    expect(typeof server.startServer).toBe('function');
    expect(typeof server.buildServer).toBe('function');
    expect(server.loadConfig({}).config.port).toBe(5555);
    expect(server.CONFIG_VARIABLES).toContain('WORLD_ID');
    // The first import transforms the whole server (about 9 s on a quiet 2-core machine).
  }, 120_000);
});
