/**
 * Building the browser client (packages/client) with Vite, for `npm start` and the browser tests.
 * A build is current when its index.html is newer than every source file of the client and of the
 * packages it bundles (sdk, protocol), so a `git pull` rebuilds it at the next start.
 */
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_ROOT = join(REPO, 'packages', 'client');
export const DEFAULT_CLIENT_OUT_DIR = join(REPO, 'packages', 'server', 'public');
const SOURCE_DIRS = [
  join(CLIENT_ROOT, 'src'),
  join(CLIENT_ROOT, 'index.html'),
  join(CLIENT_ROOT, 'vite.config.ts'),
  join(REPO, 'packages', 'sdk', 'src'),
  join(REPO, 'packages', 'protocol', 'src'),
];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

/** True when `outDir` holds a build at least as new as every client source. */
export async function clientBuildIsCurrent(outDir: string): Promise<boolean> {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return false;
  const built = (await stat(index)).mtimeMs;
  for (const dir of SOURCE_DIRS) if (existsSync(dir) && (await newestMtime(dir)) > built) return false;
  return true;
}

/**
 * Runs `vite build` for the client into `outDir` (emptied first). Vite sets NODE_ENV=production in
 * the calling process for the build; it is put back afterwards, so processes started later (the
 * game server under `npm start`) keep the environment they were given. Only errors are printed:
 * the known warnings (the non-module /env.js script, comments in zod's sources) are noise here.
 */
export async function buildClient(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const nodeEnv = process.env['NODE_ENV'];
  try {
    await build({
      configFile: join(CLIENT_ROOT, 'vite.config.ts'),
      root: CLIENT_ROOT,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}
