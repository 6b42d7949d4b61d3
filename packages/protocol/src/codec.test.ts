import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeEnvelope, encodeFrame } from './codec';
import type { Envelope } from './envelope';

const snapshot = {
  idx: 7,
  id: 'c-7',
  kind: 'player',
  name: 'Ann "the" \u2603',
  x: -3,
  z: 12,
  y: 1.25,
  running: false,
  combatLevel: 3,
  worn: { weapon: 'bronze_sword' },
};
const move = [7, -2, 12, 1.5, 1];

function update(tick: number, extra: Record<string, unknown> = {}): Envelope {
  return {
    event: 'world:update',
    data: {
      tick,
      self: { x: 1, z: 2 },
      entered: [snapshot],
      moved: [move, [9, 0, 0, 0, 0]],
      left: [3],
      ...extra,
    },
  };
}

describe('JSON frames', () => {
  it('are exactly JSON.stringify of the envelope or the array of envelopes', () => {
    const single = update(5);
    expect(encodeEnvelope(single, 'json')).toBe(JSON.stringify(single));
    expect(encodeFrame([single], 'json')).toBe(JSON.stringify(single));
    const many: Envelope[] = [
      { event: 'chat:message', data: { from: 'Ann', message: 'hi' }, rid: 4 },
      update(6, { changed: undefined, itemsAdded: [{ id: 'g1', itemId: 'bones', quantity: 1, x: 0, z: 0 }] }),
      { event: 'world:update', data: [1, 2] },
      { event: 'error', data: null, rid: 'r1' },
      update(7),
    ];
    expect(encodeFrame(many, 'json')).toBe(JSON.stringify(many));
  });

  it('carry a shared snapshot or move tuple serialised once, identically in every frame', () => {
    const first = encodeFrame([update(8)], 'json');
    const second = encodeFrame([update(8, { moved: [move] })], 'json');
    expect(first).toBe(JSON.stringify(update(8)));
    expect(second).toBe(JSON.stringify(update(8, { moved: [move] })));
    const decoded = decodeFrame(second as string, false, 'json');
    expect(decoded).toEqual({ ok: true, value: JSON.parse(JSON.stringify(update(8, { moved: [move] }))) });
  });

  it('leave msgpack frames to msgpack', () => {
    const frame = encodeFrame([update(9)], 'msgpack');
    expect(frame).toBeInstanceOf(Uint8Array);
    expect(decodeFrame(frame, true, 'msgpack')).toEqual({ ok: true, value: update(9) });
  });
});
