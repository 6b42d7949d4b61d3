import { PerformanceObserver, performance } from 'node:perf_hooks';
import { constants } from 'node:perf_hooks';
import { percentile } from './stats';

/**
 * Garbage collections inside chosen windows of the run (each a timed step): V8 reports every
 * collection (perf_hooks `gc` entries, delivered asynchronously); `windows()` sums, per window, the
 * milliseconds of the collections that began inside it. This is what makes a tick slower than the
 * sum of its phases' own work.
 */
export class GcMeter {
  private readonly seen: Array<{ start: number; ms: number; major: boolean }> = [];
  private readonly spans: Array<{ start: number; end: number }> = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind ?? 0;
      this.seen.push({
        start: e.startTime,
        ms: e.duration,
        major: kind !== constants.NODE_PERFORMANCE_GC_MINOR,
      });
    }
  });

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Runs `f` as a measured window. */
  time<T>(f: () => T): T {
    const start = performance.now();
    try {
      return f();
    } finally {
      this.spans.push({ start, end: performance.now() });
    }
  }

  /**
   * Per window, the collections' milliseconds (p50 and p99), the share of all the windows' time
   * they took, and how many were minor (scavenges) and major; stops observing.
   */
  async summary(): Promise<{ p50Ms: number; p99Ms: number; share: number; minor: number; major: number }> {
    // The entries arrive on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 100));
    this.observer.disconnect();
    const perSpan = this.spans.map(() => 0);
    let minor = 0;
    let major = 0;
    for (const g of this.seen) {
      const i = this.spans.findIndex((s) => g.start >= s.start && g.start < s.end);
      if (i < 0) continue;
      perSpan[i] = (perSpan[i] ?? 0) + g.ms;
      if (g.major) major++;
      else minor++;
    }
    const inside = perSpan.reduce((a, b) => a + b, 0);
    const total = this.spans.reduce((a, s) => a + (s.end - s.start), 0);
    perSpan.sort((a, b) => a - b);
    const round = (n: number): number => Math.round(n * 10) / 10;
    return {
      p50Ms: round(percentile(perSpan, 0.5)),
      p99Ms: round(percentile(perSpan, 0.99)),
      share: total > 0 ? Math.round((inside / total) * 100) / 100 : 0,
      minor,
      major,
    };
  }
}
