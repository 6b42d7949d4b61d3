import { PerformanceObserver } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { StepGc } from './step-gc';

/** Allocates short-lived arrays until V8 has collected the young generation a few times. */
function churn(): number {
  let keep = 0;
  for (let i = 0; i < 400_000; i++) keep += new Array<number>(64).fill(i).length;
  return keep;
}

/** Collections V8 reports from now on, as a second observer sees them. */
function watchCollections(): { seen: () => number; stop: () => void } {
  let seen = 0;
  const o = new PerformanceObserver((list) => (seen += list.getEntries().length));
  o.observe({ entryTypes: ['gc'] });
  return { seen: () => seen, stop: () => o.disconnect() };
}

/** Turns of the event loop until `done`, at most `turns` of them. */
async function until(done: () => boolean, turns = 10_000): Promise<void> {
  for (let i = 0; i < turns && !done(); i++) await nextTurn();
}

describe('StepGc', () => {
  const made: StepGc[] = [];
  afterEach(() => made.splice(0).forEach((g) => g.stop()));

  it('counts the collections that began inside a step, and not those between steps', async () => {
    const gc = new StepGc();
    made.push(gc);
    const watch = watchCollections();
    // Between steps: V8 collects, the meter counts nothing.
    churn();
    await until(() => watch.seen() > 0);
    expect(watch.seen()).toBeGreaterThan(0);
    await nextTurn();
    expect(gc.totals.minor.count + gc.totals.major.count).toBe(0);
    // Inside a step: counted, with their time.
    gc.begin();
    churn();
    gc.end();
    await until(() => gc.totals.minor.count > 0);
    watch.stop();
    expect(gc.totals.minor.count).toBeGreaterThan(0);
    expect(gc.totals.minor.ms).toBeGreaterThan(0);
  });
});
