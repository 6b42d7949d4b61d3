/**
 * HTTP benchmark: the real server process (embedded PGlite in a temporary world) under concurrent
 * load from this process over loopback. Prints the latency of /health and /status (the hosting monitor must get an answer within
 * 3 s) and an authenticated API route, then one JSON line of the figures.
 *
 *   npm run bench -- http [--connections 50] [--seconds 5]
 */
import { startServerProcess } from './server-process';
import { percentile } from './stats';

interface Figures {
  route: string;
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

async function hammer(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Omit<Figures, 'route'>> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 0.5)),
    p99Ms: round(percentile(latencies, 0.99)),
    maxMs: round(latencies[latencies.length - 1] ?? 0),
  };
}

export async function runHttpBench(args: { connections: number; seconds: number }): Promise<void> {
  const server = await startServerProcess();
  try {
    const auth = (await (await fetch(`${server.url}/api/auth/anonymous`, { method: 'POST' })).json()) as {
      token: string;
    };
    const headers = { authorization: `Bearer ${auth.token}` };
    const figures: Figures[] = [];
    for (const [route, h] of [
      ['/health', {}],
      ['/status', {}],
      ['/api/v1/world/areas', headers],
    ] as const) {
      const f = { route, ...(await hammer(`${server.url}${route}`, h, args.connections, args.seconds)) };
      figures.push(f);
      console.log(
        `${route.padEnd(22)} ${String(f.rps).padStart(6)} req/s  p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms  max ${f.maxMs} ms  errors ${f.errors}`,
      );
    }
    console.log(
      JSON.stringify({ bench: 'http', connections: args.connections, seconds: args.seconds, figures }),
    );
  } finally {
    await server.stop();
  }
}
