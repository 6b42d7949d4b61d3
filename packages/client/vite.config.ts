import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The browser client. `vite` serves it on :5173 and proxies the game server's paths to
 * GAME_SERVER_URL (default http://localhost:5555), so the page talks to one origin in development
 * as it does in production; `vite build` writes it into the server's public directory, which the
 * server then serves (production mode). CLIENT_OUT_DIR overrides the output directory (tests).
 */
const server = process.env.GAME_SERVER_URL ?? 'http://localhost:5555';
const outDir = process.env.CLIENT_OUT_DIR ?? fileURLToPath(new URL('../server/public', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: process.env.CI ? 'warn' : 'info',
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    sourcemap: true,
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
});
