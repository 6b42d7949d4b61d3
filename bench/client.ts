/**
 * Client load benchmark: the first playable frame. Builds the browser client (production build),
 * starts the game server on it (in this process, on a temporary world with the embedded database)
 * and the asset CDN, then opens the game in Debian's chromium (playwright-core) `--runs` times, each
 * time in a fresh browser context (empty cache) with a new account and character, and measures the
 * time from the navigation's start to the first frame the 3D view renders with the player in it
 * (`window.__worldView.ready`, observed from inside the page on each animation frame). Prints each
 * run, the median, then one JSON line of the figures.
 *
 *   npm run bench -- client [--runs 5]
 *
 * Chromium runs headless with software rendering (no GPU), like the browser tests, so the figure is
 * an upper bound for a player's machine with a graphics card.
 */
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RestClient } from '@tilerealm/sdk';
import { z } from 'zod';
import { buildCdn } from '../packages/cdn/src/app';
import { DEFAULT_ASSET_ROOT } from '../packages/cdn/src/config';
import {
  buildClientForTests,
  launchChromium,
  CHROMIUM_PATH,
} from '../packages/client/test/browser/browser-harness';
import { startServer } from '../packages/server/src/app/start-server';
import { percentile } from './stats';

/** In-page probe: records performance.now() at the first animation frame where the view is ready. */
const PROBE = `
  (() => {
    const check = () => {
      if (window.__worldView && window.__worldView.ready) {
        window.__firstPlayableMs = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

const timings = z.object({
  firstPlayableMs: z.number(),
  domContentLoadedMs: z.number(),
  loadMs: z.number(),
  transferredBytes: z.number(),
});
type Timings = z.infer<typeof timings>;

/** Sizes of the built scripts, largest first (the three.js chunk is `three-<hash>.js`). */
async function scriptSizes(dir: string): Promise<{ file: string; bytes: number }[]> {
  const assets = join(dir, 'assets');
  const files = (await readdir(assets)).filter((f) => f.endsWith('.js'));
  const sizes = await Promise.all(
    files.map(async (file) => ({ file, bytes: (await stat(join(assets, file))).size })),
  );
  return sizes.sort((a, b) => b.bytes - a.bytes);
}

export async function runClientBench(args: { runs: number }): Promise<void> {
  const buildStart = performance.now();
  const client = await buildClientForTests();
  const buildMs = Math.round(performance.now() - buildStart);
  const scripts = await scriptSizes(client.dir);
  console.log(
    `built in ${buildMs} ms: ${scripts.map((s) => `${s.file} ${Math.round(s.bytes / 1024)} KiB`).join(', ')}`,
  );
  const world = await mkdtemp(join(tmpdir(), 'tilerealm-bench-client-'));
  await mkdir(join(world, 'data'), { recursive: true });
  const cdn = buildCdn({ root: DEFAULT_ASSET_ROOT, logger: false });
  const cdnUrl = await cdn.listen({ port: 0, host: '127.0.0.1' });
  const server = await startServer(
    {
      ...process.env,
      WORLD: world,
      PORT: '0',
      HOST: '127.0.0.1',
      SKIP_MANIFESTS: 'true',
      DISABLE_RATE_LIMIT: 'true',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'warn',
      PUBLIC_CDN_URL: cdnUrl,
    },
    { publicDir: client.dir },
  );
  const browser = await launchChromium();
  try {
    const runs: Timings[] = [];
    for (let run = 1; run <= args.runs; run++) {
      const rest = new RestClient(server.url);
      const session = await rest.anonymous();
      const { player } = await rest.createPlayer(`Bench${run}x${Date.now() % 10000}`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const stored = JSON.stringify(JSON.stringify({ token: session.token, accountId: session.accountId }));
        await context.addInitScript(`localStorage.setItem('tilerealm.session', ${stored});${PROBE}`);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (err) => errors.push(err.message));
        await page.goto(`${server.url}/#/play/${player.id}`);
        const deadline = Date.now() + 60_000;
        let result: Timings | undefined;
        while (!result && Date.now() < deadline) {
          const raw: unknown = await page.evaluate(`(() => {
            if (window.__firstPlayableMs === undefined) return null;
            const nav = performance.getEntriesByType('navigation')[0];
            const bytes = performance.getEntriesByType('resource').reduce((n, r) => n + r.transferSize, nav.transferSize);
            return { firstPlayableMs: window.__firstPlayableMs, domContentLoadedMs: nav.domContentLoadedEventEnd,
              loadMs: nav.loadEventEnd, transferredBytes: bytes };
          })()`);
          if (raw !== null) result = timings.parse(raw);
          else await sleep(50);
        }
        if (!result) throw new Error(`run ${run}: no playable frame within 60 s (${errors.join('; ')})`);
        if (errors.length > 0) throw new Error(`run ${run}: page errors: ${errors.join('; ')}`);
        runs.push(result);
        console.log(
          `run ${run}: first playable frame ${Math.round(result.firstPlayableMs)} ms  (DOMContentLoaded ${Math.round(result.domContentLoadedMs)} ms, load ${Math.round(result.loadMs)} ms, ${Math.round(result.transferredBytes / 1024)} KiB)`,
        );
      } finally {
        await context.close();
      }
    }
    const sorted = runs.map((r) => r.firstPlayableMs).sort((a, b) => a - b);
    const medianMs = Math.round(percentile(sorted, 0.5));
    console.log(
      `first playable frame: median ${medianMs} ms, max ${Math.round(sorted[sorted.length - 1] ?? 0)} ms over ${runs.length} runs (${CHROMIUM_PATH}, headless, no GPU)`,
    );
    console.log(
      JSON.stringify({
        bench: 'client',
        runs: runs.length,
        firstPlayableMedianMs: medianMs,
        firstPlayableMs: sorted.map(Math.round),
        buildMs,
        scripts,
      }),
    );
  } finally {
    await browser.close();
    await server.close();
    await cdn.close();
    await client.cleanup();
    await rm(world, { recursive: true, force: true });
  }
}
