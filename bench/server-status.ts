/** What the socket benchmarks read from a server's `/status`. */
import { setTimeout as sleep } from 'node:timers/promises';

export interface StatusFigures {
  playersOnline: number;
  memory: { rssBytes: number };
  tick: {
    p50Ms: number;
    p99Ms: number;
    phases: Array<{ name: string; p50Ms: number; p99Ms: number }>;
    delivery: { p50Ms: number; p99Ms: number };
  } | null;
}

export async function status(base: string): Promise<StatusFigures> {
  return (await (await fetch(`${base}/status`)).json()) as StatusFigures;
}

/** The server's RSS with no one connected: the lowest of ten /status readings a second apart. */
export async function settledRss(base: string): Promise<number> {
  let lowest = Infinity;
  for (let i = 0; i < 10; i++) {
    lowest = Math.min(lowest, (await status(base)).memory.rssBytes);
    await sleep(1000);
  }
  return lowest;
}
