import { describe, expect, it } from 'vitest';
import { PmRateLimiter } from './limits';
import { SerialQueue } from './serial';

describe('PmRateLimiter', () => {
  it('allows max messages in any sliding window, per sender', () => {
    let now = 0;
    const limiter = new PmRateLimiter(() => now, 3, 1000);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, true]);
    expect(limiter.take('a')).toBe(false);
    expect(limiter.take('b')).toBe(true);
    now = 999;
    expect(limiter.take('a')).toBe(false); // refusals are not counted, the window still holds 3
    now = 1000;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    limiter.forget('a');
    expect(limiter.take('a')).toBe(true);
  });
});

describe('SerialQueue', () => {
  it('runs jobs one at a time in order, past failures', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = queue.run(async () => {
      log.push('first:start');
      await gate;
      log.push('first:end');
      return 1;
    });
    const failing = queue.run(async () => {
      log.push('second');
      throw new Error('boom');
    });
    const third = queue.run(async () => {
      log.push('third');
      return 3;
    });
    await Promise.resolve();
    expect(log).toEqual(['first:start']);
    release();
    expect(await first).toBe(1);
    await expect(failing).rejects.toThrow('boom');
    expect(await third).toBe(3);
    expect(log).toEqual(['first:start', 'first:end', 'second', 'third']);
  });
});
