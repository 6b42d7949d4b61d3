import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

/** The release version, from the root package.json (reported by /health and the OpenAPI document). */
export const VERSION: string = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'))).version;
