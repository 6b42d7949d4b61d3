import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** Repository root (this file lives in packages/server/src/app). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The bundled default world's manifests, also the companion CDN's /manifests root. */
export const BUNDLED_MANIFESTS_DIR = join(REPO_ROOT, 'assets', 'manifests');
/** Where a built frontend is placed; served in production when it holds index.html. */
export const DEFAULT_PUBLIC_DIR = join(REPO_ROOT, 'packages', 'server', 'public');

/** Directories under the WORLD directory (a relative WORLD is resolved against the working directory). */
export function worldPaths(worldDir: string) {
  const root = isAbsolute(worldDir) ? worldDir : resolve(process.cwd(), worldDir);
  return {
    root,
    manifests: join(root, 'manifests'),
    database: join(root, 'data', 'db'),
    localPostgres: join(root, 'data', 'postgres'),
  };
}
