import { afterEach, describe, expect, it, vi } from 'vitest';
import { TickLoop } from './tick-loop';

/** A promise resolved by the tick callback once `count` ticks ran (the test's own timeout is the deadline). */
function ticksReached(count: number, onTick: (n: number) => void) {
  let ticks = 0;
  let resolve: () => void = () => undefined;
  const reached = new Promise<void>((r) => (resolve = r));
  return {
    reached,
    tick: () => {
      ticks++;
      if (ticks === count) resolve();
      onTick(ticks);
    },
  };
}

describe('TickLoop', () => {
  let loop: TickLoop | undefined;
  afterEach(() => {
    loop?.stop();
    vi.restoreAllMocks();
  });

  it('reports a tick that throws and keeps ticking', async () => {
    const errors: unknown[] = [];
    const boom = new Error('tick 2 failed');
    const { reached, tick } = ticksReached(5, (n) => {
      if (n === 2) throw boom;
    });
    loop = new TickLoop(1, tick, (err) => errors.push(err));
    loop.start();
    await reached;
    expect(errors).toEqual([boom]);
    expect(loop.failed).toBe(1);
  });

  it('keeps ticking when reporting the failure fails too (it goes to stderr)', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { reached, tick } = ticksReached(4, (n) => {
      if (n <= 2) throw new Error(`tick ${n} failed`);
    });
    loop = new TickLoop(1, tick, () => {
      throw new Error('the logger is broken');
    });
    loop.start();
    await reached;
    expect(loop.failed).toBe(2);
    expect(stderr).toHaveBeenCalledTimes(2);
    expect(stderr.mock.calls[0]?.[1]).toMatchObject({ message: 'tick 1 failed' });
  });
});
