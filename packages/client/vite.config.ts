import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser client. `vite` serves it on :5173 and proxies the game server's paths to
 * GAME_SERVER_URL (default http://localhost:5555), so the page talks to one origin in development
 * as it does in production; `vite build` writes it into the server's public directory, which the
 * server then serves (production mode). CLIENT_OUT_DIR overrides the output directory (tests).
 *
 * Source maps exist only in development: the dev server has them, and `vite build --mode
 * development` writes them; a production build has none (the server also refuses `*.map` in
 * production).
 */
const server = process.env.GAME_SERVER_URL ?? 'http://localhost:5555';
const outDir = process.env.CLIENT_OUT_DIR ?? fileURLToPath(new URL('../server/public', import.meta.url));

/** Text files worth compressing, and the smallest size worth it (as the server's threshold). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible
 * output file, once at build time; the game server sends them to clients that accept them instead of
 * compressing the same bytes on every request.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'tilerealm-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const body = await readFile(path);
          if (body.length < MIN_BYTES) return;
          const [brotli, gzipped] = await Promise.all([
            br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, brotli), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * three.js goes into its own chunk (`three-<hash>.js`): it is most of the bundle's bytes and changes
 * only when the dependency is upgraded, so browsers keep it cached across client releases while the
 * game's own code (the entry chunk) is fetched again.
 */
export function manualChunks(id: string): string | undefined {
  return /[\\/]node_modules[\\/]three[\\/]/.test(id) ? 'three' : undefined;
}

export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: process.env.CI ? 'warn' : 'info',
  plugins: [precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    sourcemap: mode === 'development',
    rollupOptions: { output: { manualChunks } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/env.js': server,
      '/manifests': server,
      '/health': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
}));
