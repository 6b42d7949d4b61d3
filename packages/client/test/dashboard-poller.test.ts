import { ApiError } from '@tilerealm/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeError, isUnreachable } from '../src/dashboard/model';
import {
  clampInterval,
  createPoller,
  isRetryable,
  pollStatusText,
  RETRY_DELAYS_MS,
  withRetry,
  type PollStatus,
  type Timers,
} from '../src/dashboard/poller';

const apiError = (status: number, code = `http_${status}`): ApiError =>
  new ApiError(status, code, `failed ${status}`, undefined);

/** Timers that go through whatever setTimeout is installed now (vitest's fakes in these tests). */
const fakeTimers = (): Timers => ({
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
});

/** A poller whose task outcomes are scripted; records when (fake ms) each call happened. */
function scripted(outcomes: (true | Error)[], intervalMs?: number) {
  const calls: number[] = [];
  const statuses: PollStatus[] = [];
  const start = Date.now();
  const task = vi.fn(async () => {
    calls.push(Date.now() - start);
    const next = outcomes.shift() ?? true;
    if (next !== true) throw next;
  });
  const poller = createPoller({ intervalMs, task, timers: fakeTimers(), onStatus: (s) => statuses.push(s) });
  return { poller, task, calls, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('poll interval', () => {
  it('defaults to 7 s and clamps the configuration into 5..10 s', () => {
    expect(clampInterval(undefined)).toBe(7000);
    expect(clampInterval(Number.NaN)).toBe(7000);
    expect(clampInterval(1000)).toBe(5000);
    expect(clampInterval(4999)).toBe(5000);
    expect(clampInterval(5000)).toBe(5000);
    expect(clampInterval(8000)).toBe(8000);
    expect(clampInterval(10_000)).toBe(10_000);
    expect(clampInterval(60_000)).toBe(10_000);
    expect(createPoller({ task: async () => {} }).intervalMs).toBe(7000);
    expect(createPoller({ task: async () => {}, intervalMs: 100 }).intervalMs).toBe(5000);
  });

  it('polls at once and then every interval', async () => {
    const { poller, calls, statuses } = scripted([]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(6999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 7000]);
    await vi.advanceTimersByTimeAsync(7000);
    expect(calls).toEqual([0, 7000, 14_000]);
    expect(statuses.every((s) => s.kind === 'ok')).toBe(true);
    expect(statuses[0]).toMatchObject({ kind: 'ok', nextInMs: 7000 });
    poller.stop();
  });

  it('uses the clamped interval: a 2 s configuration polls every 5 s, a 30 s one every 10 s', async () => {
    const fast = scripted([], 2000);
    fast.poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fast.calls).toEqual([0, 5000, 10_000]);
    fast.poller.stop();
    const slow = scripted([], 30_000);
    slow.poller.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(slow.calls.map((t) => t - (slow.calls[0] ?? 0))).toEqual([0, 10_000, 20_000]);
    slow.poller.stop();
  });
});

describe('poll retry backoff', () => {
  it('retries a failure after exactly 1 s, 2 s and 4 s, then reports it and waits for the interval', async () => {
    const fail = () => apiError(0, 'network_error');
    const { poller, calls, statuses } = scripted([fail(), fail(), fail(), fail(), fail()]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1000]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toEqual([0, 1000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1000, 3000]);
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toEqual([0, 1000, 3000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1000, 3000, 7000]);
    // The third retry failed: reported, next poll one interval later (not another retry).
    expect(statuses.map((s) => s.kind)).toEqual(['retrying', 'retrying', 'retrying', 'failed']);
    expect(statuses.slice(0, 3).map((s) => (s.kind === 'retrying' ? s.delayMs : -1))).toEqual([
      1000, 2000, 4000,
    ]);
    const failed = statuses[3];
    expect(failed).toMatchObject({ kind: 'failed', nextInMs: 7000 });
    if (failed)
      expect(pollStatusText(failed, describeError)).toMatch(/^Last update failed: .*retrying in 7 s$/);
    await vi.advanceTimersByTimeAsync(6999);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1000, 3000, 7000, 14_000]);
    // A new cycle starts its backoff from 1 s again.
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([0, 1000, 3000, 7000, 14_000, 15_000]);
    poller.stop();
  });

  it('a success resets the backoff', async () => {
    const { poller, calls, statuses } = scripted([apiError(503), apiError(503), true, apiError(500)]);
    poller.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual([0, 1000, 3000]); // failed, retried after 1 s, failed, after 2 s, succeeded
    expect(statuses.map((s) => s.kind)).toEqual(['retrying', 'retrying', 'ok']);
    await vi.advanceTimersByTimeAsync(7000);
    expect(calls).toEqual([0, 1000, 3000, 10_000]); // regular poll, fails
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1000, 3000, 10_000, 11_000]); // 1 s again, not 4 s
    expect(statuses.at(-2)).toMatchObject({ kind: 'retrying', attempt: 1, delayMs: 1000 });
    poller.stop();
  });

  it.each([400, 401, 403, 404, 409])(
    'does not retry a %i: reported at once, next regular poll',
    async (status) => {
      const { poller, calls, statuses } = scripted([apiError(status)]);
      poller.start();
      await vi.advanceTimersByTimeAsync(6999);
      expect(calls).toEqual([0]);
      expect(statuses).toHaveLength(1);
      expect(statuses[0]).toMatchObject({ kind: 'failed', nextInMs: 7000 });
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toEqual([0, 7000]);
      poller.stop();
    },
  );

  it.each([429, 500, 502, 503, 0])('retries a %i', async (status) => {
    const { poller, calls } = scripted([apiError(status)]);
    poller.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([0, 1000]);
    poller.stop();
  });
});

describe('poller stop', () => {
  it('stop() clears every timer and no poll runs afterwards', async () => {
    const { poller, calls } = scripted([apiError(503)]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1); // the 1 s retry
    poller.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(poller.running).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([0]);
  });

  it('a poll that settles after stop() schedules nothing and reports nothing', async () => {
    let release: () => void = () => {};
    const statuses: PollStatus[] = [];
    const task = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const poller = createPoller({ task, timers: fakeTimers(), onStatus: (s) => statuses.push(s) });
    poller.start();
    expect(task).toHaveBeenCalledTimes(1);
    poller.stop();
    release();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(statuses).toEqual([]);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('can be started again after a stop, and pollNow() polls at once', async () => {
    const { poller, calls } = scripted([]);
    poller.start();
    await vi.advanceTimersByTimeAsync(3000);
    poller.stop();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0, 3000]);
    await vi.advanceTimersByTimeAsync(1000);
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0, 3000, 4000]);
    await vi.advanceTimersByTimeAsync(7000);
    expect(calls).toEqual([0, 3000, 4000, 11_000]);
    expect(vi.getTimerCount()).toBe(1);
    poller.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('withRetry (control calls)', () => {
  it('uses the spec delays', () => {
    expect(RETRY_DELAYS_MS).toEqual([1000, 2000, 4000]);
  });

  it('retries after exactly 1 s, 2 s and 4 s, then throws the last error', async () => {
    const at: number[] = [];
    const t0 = Date.now();
    const fn = vi.fn(async () => {
      at.push(Date.now() - t0);
      throw apiError(502);
    });
    const result = withRetry(fn).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(at).toEqual([0, 1000, 3000, 7000]);
    const err = await result;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(502);
  });

  it('returns the first success', async () => {
    let n = 0;
    const fn = vi.fn(async () => {
      n++;
      if (n < 3) throw apiError(429, 'rate_limited');
      return 'ok';
    });
    const result = withRetry(fn);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it.each([400, 401, 403, 404, 409])('does not retry a %i', async (status) => {
    const wait = vi.fn(async () => {});
    const fn = vi.fn(async () => {
      throw apiError(status);
    });
    await expect(withRetry(fn, RETRY_DELAYS_MS, wait)).rejects.toMatchObject({ status });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
  });

  it.each([
    ['429', apiError(429)],
    ['500', apiError(500)],
    ['503', apiError(503)],
    ['network (status 0)', apiError(0, 'network_error')],
    ['a plain TypeError', new TypeError('Failed to fetch')],
  ])('retries %s with the injected sleep', async (_name, error) => {
    const waits: number[] = [];
    const wait = vi.fn(async (ms: number) => {
      waits.push(ms);
    });
    const onRetry = vi.fn();
    const fn = vi.fn(async () => {
      throw error;
    });
    await expect(withRetry(fn, RETRY_DELAYS_MS, wait, { onRetry })).rejects.toBe(error);
    expect(fn).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(onRetry.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ]);
  });

  it('classifies errors', () => {
    for (const s of [0, 429, 500, 502, 503, 504]) expect(isRetryable(apiError(s))).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 422]) expect(isRetryable(apiError(s))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(true);
    expect(isUnreachable(apiError(503, 'service_unavailable'))).toBe(true);
    expect(isUnreachable(apiError(502))).toBe(true);
    expect(isUnreachable(apiError(0, 'network_error'))).toBe(true);
    expect(isUnreachable(apiError(401))).toBe(false);
  });
});
