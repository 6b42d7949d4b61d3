/**
 * The worker thread that scans a world's views (docs/decisions/0028-views-scanned-on-a-worker-thread.md):
 * started by the host once the world holds VIEW_THREAD_FROM players, it serves the world's scan
 * channel (sim/features/sync/scan-channel.ts) from view-worker.ts. The world scans its views itself
 * until the worker is up, and again for good if it fails.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { World } from '../sim/core/world';
import { ScanChannel, VIEW_CHANNEL } from '../sim/features/sync/scan-channel';

export interface ViewThreadOptions {
  /** The records' array's first length (it doubles when short). */
  output?: number;
  /** The worker's code as a CommonJS script (default: view-worker.ts, see workerModule). */
  source?: string;
  /**
   * False: the world's thread waits for the worker instead of scanning free chunks of viewers
   * itself (tests and measurements; default true).
   */
  share?: boolean;
  /** Told when the worker fails or exits before it is stopped. */
  onDown?: (err: unknown) => void;
}

const workers = new WeakMap<ScanChannel, Worker>();

/**
 * The worker's module: view-worker.ts through the TypeScript loader where the sources are
 * (packages/server/from-sources), else the build's bundle of it (dist/view-worker.mjs: the container
 * image holds the bundles, not the sources).
 */
function workerModule(): URL {
  const fromSources = new URL('../../from-sources/view-worker.mjs', import.meta.url);
  return existsSync(fromSources) ? fromSources : new URL('../../../../dist/view-worker.mjs', import.meta.url);
}

/** Starts a worker for `world`'s views and gives the world its channel, usable once the worker is up. */
export function startViewThread(world: World, options: ViewThreadOptions = {}): ScanChannel {
  const worker =
    options.source === undefined
      ? new Worker(workerModule(), { name: 'views' })
      : new Worker(options.source, { eval: true, name: 'views' });
  // A world that ends without stopping it does not keep its process alive.
  worker.unref();
  const channel = new ScanChannel((q) => worker.postMessage(q), {
    output: options.output,
    share: options.share,
  });
  workers.set(channel, worker);
  channel.onFailed = () => {
    options.onDown?.(new Error('the views worker stopped answering'));
    void worker.terminate();
  };
  worker.on('message', (m) => {
    if (m === 'ready') channel.markUp();
  });
  const down = (err: unknown) => {
    if (!channel.down) options.onDown?.(err);
    channel.markDown();
  };
  worker.on('error', down);
  worker.on('exit', (code) => down(new Error(`the views worker exited with code ${code}`)));
  VIEW_CHANNEL.of(world).channel = channel;
  return channel;
}

/** Stops `world`'s views worker, if it has one: the world scans its views itself from then on. */
export async function stopViewThread(world: World): Promise<void> {
  const slot = VIEW_CHANNEL.of(world);
  const channel = slot.channel;
  if (channel === undefined) return;
  slot.channel = undefined;
  channel.markDown();
  await workers.get(channel)?.terminate();
}

/**
 * Chunks of 16 handles whose viewers were scanned through `world`'s views channel, by the thread
 * that scanned them: the worker, or the world's thread instead of waiting (zeros without a worker).
 */
export function viewChunksOf(world: World): { worker: number; world: number } {
  const channel = VIEW_CHANNEL.of(world).channel;
  return { worker: channel?.chunksThere ?? 0, world: channel?.chunksHere ?? 0 };
}
