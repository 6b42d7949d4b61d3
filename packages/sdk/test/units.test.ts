import { describe, expect, it } from 'vitest';
import {
  closeCodeName,
  DEFAULT_RECONNECT,
  parseServerFrame,
  retryDelayMs,
  shouldRetry,
  TypedEmitter,
} from '../src/index';
import { encodeFrame } from '@tilerealm/protocol';

describe('retryDelayMs', () => {
  const policy = {
    ...DEFAULT_RECONNECT,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    savePendingDelayMs: 700,
    jitter: 0.5,
  };

  it('doubles from the base delay up to the cap', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(policy, n, 1006, noJitter))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('takes up to `jitter` of the delay off', () => {
    expect(retryDelayMs(policy, 3, 1006, () => 1)).toBe(200);
  });

  it('waits at least savePendingDelayMs after a 4004 refusal', () => {
    expect(retryDelayMs(policy, 1, 4004, () => 0)).toBe(700);
    expect(retryDelayMs(policy, 5, 4004, () => 0)).toBe(1000);
  });
});

describe('shouldRetry / closeCodeName', () => {
  it('never retries replaced, unauthorized, unavailable character, kicked or a normal close', () => {
    expect([1000, 4000, 4001, 4005, 4006].map(shouldRetry)).toEqual([false, false, false, false, false]);
    expect([1001, 1006, 1009, 1011, 4002, 4003, 4004].map(shouldRetry)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('names protocol close codes', () => {
    expect(closeCodeName(4004)).toBe('savePending');
    expect(closeCodeName(1006)).toBeUndefined();
  });
});

describe('TypedEmitter', () => {
  it('supports on, once, off and isolates throwing handlers', () => {
    const emitter = new TypedEmitter<{ n: [value: number] }>();
    const errors: unknown[] = [];
    emitter.onHandlerError = (err) => errors.push(err);
    const seen: string[] = [];
    emitter.on('n', () => {
      throw new Error('boom');
    });
    const off = emitter.on('n', (v) => seen.push(`on${v}`));
    emitter.once('n', (v) => seen.push(`once${v}`));
    emitter.emit('n', 1);
    off();
    emitter.emit('n', 2);
    expect(seen).toEqual(['on1', 'once1']);
    expect(errors).toHaveLength(2);
    expect(emitter.listenerCount('n')).toBe(1);
  });
});

describe('parseServerFrame', () => {
  it('accepts a valid envelope and rejects bad JSON, bad envelopes and unknown events', () => {
    expect(parseServerFrame('{"event":"pong","data":{"tick":3},"rid":4}', false, 'json')).toEqual([
      { ok: true, message: { event: 'pong', data: { tick: 3 }, rid: 4 } },
    ]);
    expect(parseServerFrame('{nope', false, 'json')).toMatchObject([{ ok: false }]);
    expect(parseServerFrame('{"data":{}}', false, 'json')).toMatchObject([{ ok: false }]);
    expect(parseServerFrame('{"event":"future:thing","data":{}}', false, 'json')).toMatchObject([
      { ok: false, event: 'future:thing' },
    ]);
    expect(parseServerFrame('{"event":"pong","data":{}}', true, 'json')).toMatchObject([{ ok: false }]);
  });

  it('splits an array frame into its envelopes, in order, checking each on its own', () => {
    const frame = JSON.stringify([
      { event: 'ack', data: { event: 'player:move' }, rid: 1 },
      { event: 'world:update', data: { tick: 'soon' } },
      { event: 'pong', data: { tick: 5 }, rid: 2 },
    ]);
    expect(parseServerFrame(frame, false, 'json')).toEqual([
      { ok: true, message: { event: 'ack', data: { event: 'player:move' }, rid: 1 } },
      expect.objectContaining({ ok: false, event: 'world:update' }),
      { ok: true, message: { event: 'pong', data: { tick: 5 }, rid: 2 } },
    ]);
    const packed = encodeFrame(
      [
        { event: 'pong', data: { tick: 6 } },
        { event: 'pong', data: { tick: 7 } },
      ],
      'msgpack',
    );
    expect(parseServerFrame(packed, true, 'msgpack').map((r) => r.ok && r.message.data)).toEqual([
      { tick: 6 },
      { tick: 7 },
    ]);
    expect(parseServerFrame('[]', false, 'json')).toEqual([]);
  });
});
