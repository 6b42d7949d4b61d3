import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_FLAGS } from '../packages/server/src/app/node-flags';
import { freePort } from './net';

/** How long the server may take to answer /health after it was started. */
const STARTUP_MS = 120_000;

export interface ServerProcess {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, graceful) and removes its temporary world. */
  stop(): Promise<void>;
}

/**
 * The real server in its own process (so the load does not share its event loop) on a fresh
 * temporary world with the embedded database, bundled content and rate limits off. Resolves once
 * /health answers.
 */
export async function startServerProcess(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const world = await mkdtemp(join(tmpdir(), 'tilerealm-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'packages/server/src/app/main.ts'],
    {
      env: {
        ...process.env,
        WORLD: world,
        PORT: String(port),
        HOST: '127.0.0.1',
        SKIP_MANIFESTS: 'true',
        DISABLE_RATE_LIMIT: 'true',
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let gone = false;
  const exited = new Promise((resolve) => child.once('exit', resolve)).then(() => (gone = true));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(world, { recursive: true, force: true });
  };
  // Startup (compiling on the fly, migrating the embedded database) takes seconds, more on a busy machine.
  const deadline = performance.now() + STARTUP_MS;
  while (performance.now() < deadline && !gone) {
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, port, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(
    gone
      ? 'the server exited before answering /health (its output is above)'
      : `the server did not answer /health within ${STARTUP_MS / 1000} s`,
  );
}

/**
 * Fails with a clear message when this process may not open `sockets` sockets and some files more
 * (the server, its child, inherits the same limit and holds as many). Node cannot raise its own
 * limit, so the shell that runs the bench must (`ulimit -n`). Where /proc is missing (not Linux)
 * the limit is not checked, and a line says so.
 */
export async function checkOpenFilesLimit(sockets: number): Promise<void> {
  const needed = sockets + 1024;
  const limits = await readFile('/proc/self/limits', 'utf8').catch(() => undefined);
  const row = limits === undefined ? null : /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits);
  if (!row) {
    console.log(
      `open files limit not checked (no /proc/self/limits); ${sockets} sockets need about ${needed}`,
    );
    return;
  }
  const soft = row[1] === 'unlimited' ? Infinity : Number(row[1]);
  if (soft >= needed) return;
  throw new Error(
    `${sockets} bot sockets need about ${needed} open files in the bench and as many in the server, ` +
      `but the limit is ${row[1]} (hard limit ${row[2]}): run \`ulimit -n ${needed}\` in this shell ` +
      `(raising it past the hard limit needs root), then run the bench again`,
  );
}

/** Ticks the server has run and the time they took, step and delivery together (ms). */
export interface TickTotals {
  ticks: number;
  ms: number;
  /** The mean event-loop delay since the previous reading of /metrics (ms). */
  loopDelayMs: number;
  /** CPU time the server process has used, every thread (the thread pool's compression too), in seconds. */
  cpuSeconds: number;
  /** Chunks of viewers scanned through the views' worker channel, by the worker and by the world's thread. */
  viewChunks: { worker: number; world: number };
  /** Young-generation collections (scavenges) of the server process so far. */
  minorCollections: number;
  /** Collections that began inside the world's steps so far, by kind: how many, and their seconds. */
  stepGc: Record<'minor' | 'major' | 'incremental' | 'weakcb', { count: number; seconds: number }>;
}

const GC_KINDS = ['minor', 'major', 'incremental', 'weakcb'] as const;

/**
 * The server's running tick totals, from the histograms of its Prometheus `/metrics` (open outside
 * production when METRICS_TOKEN is unset). The difference of two readings is the mean cost of the
 * ticks between them: unlike `/status`, whose figures cover the last 100 ticks (a minute), it follows
 * the last few ticks. The event-loop delay is prom-client's, reset at each reading. Gives up after
 * 30 s (an event loop that stalled that long).
 */
export async function tickTotals(url: string): Promise<TickTotals> {
  const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(30_000) })).text();
  const value = (name: string): number => {
    const escaped = name.replace(/[{}"]/g, (c) => `\\${c}`);
    const m = new RegExp(`^tilerealm_${escaped} (\\S+)$`, 'm').exec(text);
    if (!m) throw new Error(`the server's /metrics has no tilerealm_${name}`);
    return Number(m[1]);
  };
  return {
    ticks: value('tick_duration_seconds_count'),
    ms: 1000 * (value('tick_duration_seconds_sum') + value('tick_delivery_duration_seconds_sum')),
    loopDelayMs: 1000 * value('nodejs_eventloop_lag_mean_seconds'),
    cpuSeconds: value('process_cpu_seconds_total'),
    viewChunks: {
      worker: value('view_chunks_scanned_total{thread="worker"}'),
      world: value('view_chunks_scanned_total{thread="world"}'),
    },
    // Absent until the first collection.
    minorCollections: text.includes('tilerealm_nodejs_gc_duration_seconds_count{kind="minor"}')
      ? value('nodejs_gc_duration_seconds_count{kind="minor"}')
      : 0,
    stepGc: Object.fromEntries(
      GC_KINDS.map((kind) => [
        kind,
        {
          count: value(`tick_gc_total{kind="${kind}"}`),
          seconds: value(`tick_gc_seconds_total{kind="${kind}"}`),
        },
      ]),
    ) as TickTotals['stepGc'],
  };
}
