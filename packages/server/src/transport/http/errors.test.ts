import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../app/paths';
import { HTTP_ERRORS } from './errors';

describe('docs/errors.md', () => {
  it('lists exactly the catalogue, each code with its status', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'errors.md'), 'utf8');
    const documented = Object.fromEntries(
      [...doc.matchAll(/^\| (\d{3})\s+\| `([a-z_]+)`\s+\|/gm)].map((m) => [m[2], Number(m[1])]),
    );
    expect(documented).toEqual({ ...HTTP_ERRORS });
  });
});
