/**
 * `npm run build`: the production build the container image runs (docs/decisions/0018).
 *
 * - the browser client (Vite) into packages/server/public, which the game server serves;
 * - one ESM bundle per program under dist/ (esbuild, platform node, target node20):
 *   dist/server.mjs (the game server), dist/cdn.mjs (the companion CDN), dist/agents.mjs (the agent
 *   runtime), dist/mcp.mjs (the MCP server, docs/mcp.md), and dist/view-worker.mjs (the worker thread
 *   a world starts to scan its views). The workspace packages (@tilerealm/*, TypeScript sources) are bundled in; every
 *   third-party package stays an import, installed as a production dependency beside the bundle.
 *
 * The programs find their data files (the migrations, the bundled manifests, the assets, the built
 * client, the root package.json) relative to their own source file (`import.meta.url`). In a bundle
 * every module shares the bundle's URL, so each workspace module's `import.meta.url` is rewritten
 * to the URL its source file has in the application directory, relative to the bundle. The data
 * therefore stays where it is in the repository (the image copies it with the same layout), and
 * the same code runs from the sources (tsx, tests) and from the bundle.
 *
 * `--skip-client` (or SKIP_CLIENT_BUILD=true) builds the bundles only (seconds).
 */
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import type { BuildResult, Plugin } from 'esbuild';
import { buildClient, DEFAULT_CLIENT_OUT_DIR } from './client-build';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the bundles go; the image runs them from here (the Dockerfile's CMD: `node <flags> dist/server.mjs`). */
export const DIST_DIR = join(REPO_ROOT, 'dist');

/** The programs of the image: bundle name → entry point. */
export const BUNDLES = {
  server: 'packages/server/src/app/main.ts',
  cdn: 'packages/cdn/src/main.ts',
  agents: 'packages/agents/src/main.ts',
  mcp: 'packages/mcp/src/main.ts',
  // Not a program: the worker thread a world starts to scan its views (server/src/world/view-thread.ts).
  'view-worker': 'packages/server/src/world/view-worker.ts',
} as const;

const WORKSPACE_SCOPE = '@tilerealm/';

/** Bare imports other than the workspace's own packages stay imports (production dependencies). */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Each workspace module's `import.meta.url` becomes its source file's URL, relative to the bundle. */
function sourceLocatedImportMeta(outDir: string): Plugin {
  return {
    name: 'source-located-import-meta',
    setup(build) {
      build.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]src[\\/].*\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
        const fromBundle = relative(outDir, args.path).split(sep).join('/');
        const located = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', located), loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles the three programs into `outDir` (default dist/). Throws on any esbuild error. The result's
 * metafile names what each bundle contains and the packages it still imports at run time.
 */
export async function buildBundles(outDir: string = DIST_DIR): Promise<BuildResult<{ metafile: true }>> {
  const { build } = await import('esbuild');
  return build({
    absWorkingDir: REPO_ROOT,
    entryPoints: Object.entries(BUNDLES).map(([out, entry]) => ({ out, in: entry })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Names stay readable in stack traces; no source map is shipped.
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalDependencies, sourceLocatedImportMeta(outDir)],
  });
}

async function main(): Promise<void> {
  const skipClient = process.argv.includes('--skip-client') || process.env['SKIP_CLIENT_BUILD'] === 'true';
  if (!skipClient) {
    const started = Date.now();
    await buildClient(DEFAULT_CLIENT_OUT_DIR);
    console.log(`[build] client: packages/server/public (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  const started = Date.now();
  await buildBundles();
  const names = Object.keys(BUNDLES).map((n) => `dist/${n}.mjs`);
  console.log(`[build] bundles: ${names.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error('[build] failed:', err);
    process.exit(1);
  });
}
