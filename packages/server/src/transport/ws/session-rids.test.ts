import { describe, expect, it } from 'vitest';
import { SessionRids } from './session-rids';

function counter(): () => number {
  let n = 0;
  return () => ++n;
}

describe('SessionRids', () => {
  it('hands out internal rids unique across sessions and maps answers back to the client rid', () => {
    const next = counter();
    const a = new SessionRids(next, 10);
    const b = new SessionRids(next, 10);
    const ia = a.inbound(1);
    const ib = b.inbound(1);
    expect(ia).not.toBe(ib);
    expect(a.outbound({ event: 'ack', data: { event: 'player:move' }, rid: ia })).toEqual({
      event: 'ack',
      data: { event: 'player:move' },
      rid: 1,
    });
    // Answered: a second answer with the same internal rid is not delivered.
    expect(a.outbound({ event: 'ack', data: { event: 'player:move' }, rid: ia })).toBeUndefined();
    // Another session's answer is dropped.
    expect(a.outbound({ event: 'ack', data: { event: 'player:move' }, rid: ib })).toBeUndefined();
    expect(b.outbound({ event: 'pong', data: { tick: 3 }, rid: ib })).toEqual({
      event: 'pong',
      data: { tick: 3 },
      rid: 1,
    });
  });

  it('rewrites the rid inside error and tradeError payloads too', () => {
    const rids = new SessionRids(counter(), 10);
    const i = rids.inbound('r-7');
    expect(
      rids.outbound({ event: 'error', data: { code: 'no_path', message: 'no', rid: i }, rid: i }),
    ).toEqual({ event: 'error', data: { code: 'no_path', message: 'no', rid: 'r-7' }, rid: 'r-7' });
    const j = rids.inbound(8);
    expect(
      rids.outbound({ event: 'tradeError', data: { code: 'too_far', message: 'far', rid: j }, rid: j }),
    ).toEqual({ event: 'tradeError', data: { code: 'too_far', message: 'far', rid: 8 }, rid: 8 });
    // An error whose rid stands only in the payload is mapped (and dropped when foreign) as well.
    expect(
      rids.outbound({ event: 'error', data: { code: 'no_path', message: 'no', rid: 99 } }),
    ).toBeUndefined();
  });

  it('passes events without a rid through, and keeps a request open across non-final events', () => {
    const rids = new SessionRids(counter(), 10);
    const plain = { event: 'world:update' as const, data: { tick: 4 } };
    expect(rids.outbound(plain)).toBe(plain);
    const i = rids.inbound(5);
    expect(rids.outbound({ event: 'world:update', data: { tick: 5 }, rid: i })).toMatchObject({ rid: 5 });
    expect(rids.outbound({ event: 'ack', data: { event: 'player:action' }, rid: i })).toMatchObject({
      rid: 5,
    });
    expect(rids.size).toBe(0);
  });

  it('keeps at most `max` requests waiting, dropping the oldest, and forgets everything when cleared', () => {
    const rids = new SessionRids(counter(), 2);
    const first = rids.inbound(1);
    const second = rids.inbound(2);
    const third = rids.inbound(3);
    expect(rids.size).toBe(2);
    expect(rids.outbound({ event: 'ack', data: { event: 'ping' }, rid: first })).toBeUndefined();
    expect(rids.outbound({ event: 'ack', data: { event: 'ping' }, rid: second })).toMatchObject({ rid: 2 });
    rids.clear();
    expect(rids.outbound({ event: 'ack', data: { event: 'ping' }, rid: third })).toBeUndefined();
  });
});
