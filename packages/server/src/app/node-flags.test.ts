import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingServerNodeFlags, SERVER_NODE_FLAGS } from './node-flags';
import { REPO_ROOT } from './paths';

describe("the game server's V8 flags", () => {
  it('are passed by the npm scripts that start the server and the benchmarks', () => {
    const scripts = (
      JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    for (const name of ['start:server', 'bench']) {
      const words = (scripts[name] ?? '').split(/\s+/);
      expect(words[0], name).toBe('node');
      expect(missingServerNodeFlags(words), name).toEqual([]);
    }
  });

  it('names the flags a process was started without', () => {
    expect(missingServerNodeFlags([])).toEqual([...SERVER_NODE_FLAGS]);
    expect(missingServerNodeFlags(['--import', 'tsx', ...SERVER_NODE_FLAGS])).toEqual([]);
    expect(missingServerNodeFlags(['--max-semi-space-size=64', '--expose-gc'])).toEqual([
      '--no-allocation-site-pretenuring',
      '--no-memory-reducer',
    ]);
  });
});
