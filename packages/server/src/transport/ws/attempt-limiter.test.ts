import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';
import { MessageRateLimiter } from './limits';

describe('AttemptLimiter', () => {
  it('allows max attempts per window and key, then recovers', () => {
    let now = 0;
    const l = new AttemptLimiter(10, 60_000, () => now);
    const results = Array.from({ length: 11 }, () => l.take('a'));
    expect(results.slice(0, 10).every(Boolean)).toBe(true);
    expect(results[10]).toBe(false);
    expect(l.take('b')).toBe(true);
    now = 60_001;
    expect(l.take('a')).toBe(true);
  });
});

describe('MessageRateLimiter', () => {
  it('allows 60 per second, blocks the 61st, then closes on continued flooding', () => {
    const l = new MessageRateLimiter(60, 5000, 60);
    const verdicts = Array.from({ length: 61 }, () => l.hit(1000));
    expect(verdicts.slice(0, 60).every((v) => v === 'ok')).toBe(true);
    expect(verdicts[60]).toBe('block-start');
    expect(l.hit(1100)).toBe('blocked');
    expect(l.hit(7000)).toBe('ok'); // block over
  });

  it('closes when the flood goes on during the block', () => {
    const l = new MessageRateLimiter(60, 5000, 3);
    for (let i = 0; i < 61; i++) l.hit(0);
    expect([l.hit(10), l.hit(20), l.hit(30)]).toEqual(['blocked', 'blocked', 'close']);
  });
});
