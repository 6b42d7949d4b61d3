import { describe, expect, it } from 'vitest';
import { memoryLog } from '../../test/support/memory-log';
import { ShutdownBudget } from './shutdown';

function recorder() {
  const { log, lines } = memoryLog();
  return { lines, logger: log };
}

const never = () => new Promise<never>(() => undefined);

describe('ShutdownBudget', () => {
  it('runs steps in turn and reports a clean shutdown when all finish', async () => {
    const { logger, lines } = recorder();
    const budget = new ShutdownBudget(5_000, logger);
    const order: string[] = [];
    expect(await budget.run('a', () => void order.push('a'))).toBe('done');
    expect(await budget.run('b', async () => void order.push('b'))).toBe('done');
    expect(order).toEqual(['a', 'b']);
    expect(budget.report(0)).toMatchObject({
      clean: true,
      unsaved: 0,
      steps: [{ step: 'a' }, { step: 'b' }],
    });
    expect(lines).toEqual([]);
  });

  it('abandons a step that outlives its cap, forces it, logs it and goes on', async () => {
    const { logger, lines } = recorder();
    const budget = new ShutdownBudget(60_000, logger);
    let forced = false;
    const t0 = performance.now();
    const outcome = await budget.run('stuck', never, { capMs: 50, onTimeout: () => (forced = true) });
    expect(outcome).toBe('timeout');
    expect(performance.now() - t0).toBeLessThan(30_000);
    expect(forced).toBe(true);
    expect(lines).toEqual([expect.objectContaining({ level: 40, step: 'stuck', ms: 50 })]);
    expect(await budget.run('next', () => undefined)).toBe('done');
    expect(budget.report(0).clean).toBe(false);
  });

  it('never lets a step run past the whole deadline, whatever its cap', async () => {
    const { logger } = recorder();
    const budget = new ShutdownBudget(80, logger);
    expect(await budget.run('stuck', never, { capMs: 60_000 })).toBe('timeout');
    // Timers may fire a fraction of a millisecond before the clock reaches the deadline.
    expect(budget.remaining()).toBeLessThan(2);
    // With nothing left a step still starts (its synchronous part runs) but is not waited for.
    let started = false;
    expect(
      await budget.run('late', () => {
        started = true;
        return never();
      }),
    ).toBe('timeout');
    expect(started).toBe(true);
  });

  it('logs a failing step and goes on; unsaved data makes the shutdown unclean', async () => {
    const { logger, lines } = recorder();
    const budget = new ShutdownBudget(5_000, logger);
    expect(
      await budget.run('boom', () => {
        throw new Error('boom');
      }),
    ).toBe('failed');
    expect(lines[0]).toMatchObject({ level: 50, step: 'boom' });
    const clean = new ShutdownBudget(5_000, logger);
    expect(clean.report(2)).toMatchObject({ clean: false, unsaved: 2 });
  });
});
