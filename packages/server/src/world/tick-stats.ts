import type { TickFigures } from '../app/world-view';
import type { TickReport } from '../sim/core/world';

/**
 * Keeps the last `window` tick reports (100 ticks: one minute) and the time each tick's delivery took
 * (queueing, encoding and sending its frames), and answers p50/p99 per phase for /status.
 */
export class TickStats {
  private readonly reports: TickReport[] = [];
  private readonly deliveries: number[] = [];

  constructor(private readonly window = 100) {}

  add(report: TickReport): void {
    this.reports.push(report);
    if (this.reports.length > this.window) this.reports.shift();
  }

  /** The time the last tick's delivery took, in milliseconds. */
  addDelivery(ms: number): void {
    this.deliveries.push(ms);
    if (this.deliveries.length > this.window) this.deliveries.shift();
  }

  figures(tickMs: number): TickFigures | null {
    const last = this.reports[this.reports.length - 1];
    if (!last) return null;
    const totals = this.reports.map((r) => r.totalMs).sort((a, b) => a - b);
    const phases = last.phases.map((ph, i) => {
      const values = this.reports.map((r) => r.phases[i]?.ms ?? 0).sort((a, b) => a - b);
      return { name: ph.name, p50Ms: round(pct(values, 0.5)), p99Ms: round(pct(values, 0.99)) };
    });
    const deliveries = [...this.deliveries].sort((a, b) => a - b);
    return {
      tick: last.tick,
      tickMs,
      p50Ms: round(pct(totals, 0.5)),
      p99Ms: round(pct(totals, 0.99)),
      phases,
      delivery: { p50Ms: round(pct(deliveries, 0.5)), p99Ms: round(pct(deliveries, 0.99)) },
    };
  }
}

function pct(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
