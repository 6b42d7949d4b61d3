import { describe, expect, it } from 'vitest';
import { TickStats } from './tick-stats';

const report = (tick: number, ms: number) => ({
  tick,
  totalMs: ms,
  phases: [{ name: 'sync' as const, ms }],
});

describe('TickStats', () => {
  it('answers p50/p99 of the delivery over the same window as the phases', () => {
    const stats = new TickStats(4);
    // Six ticks in a window of four: the first two (the slowest deliveries) leave the window.
    for (const [i, delivery] of [900, 800, 1, 2, 3, 4].entries()) {
      stats.add(report(i + 1, 10 * (i + 1)));
      stats.addDelivery(delivery);
    }
    const figures = stats.figures(600);
    expect(figures?.delivery).toEqual({ p50Ms: 2, p99Ms: 4 });
    expect(figures?.phases).toEqual([{ name: 'sync', p50Ms: 40, p99Ms: 60 }]);
  });

  it('answers no figures before the first tick', () => {
    expect(new TickStats().figures(600)).toBeNull();
  });
});
