import { describe, expect, it } from 'vitest';
import { Outbox } from './outbox';
import type { Player } from './player';
import type { OutEvent } from './types';

/** A player as the outbox sees it: its id and its list. */
const player = (id: string) => ({ id, outbox: undefined }) as unknown as Player;
const ev = (n: number): OutEvent => ({ event: 'chat:message', data: { n } as never });
const ns = (events: OutEvent[] | undefined) => events?.map((e) => (e.data as unknown as { n: number }).n);

describe('Outbox', () => {
  it("keeps each id's events in the order sent, whether its player was in the world or not", () => {
    const box = new Outbox();
    const a = player('a');
    const b = player('b');
    box.add(a, 'a', ev(1));
    box.add(undefined, 'c', ev(2));
    box.add(b, 'b', ev(3));
    box.add(a, 'a', ev(4));
    box.add(undefined, 'c', ev(5));
    const out = box.drain();
    expect([...out.keys()]).toEqual(['a', 'b', 'c']);
    expect(ns(out.get('a'))).toEqual([1, 4]);
    expect(ns(out.get('b'))).toEqual([3]);
    expect(ns(out.get('c'))).toEqual([2, 5]);
    // Drained: the next tick starts empty, and the players hold no list.
    expect(box.drain().size).toBe(0);
    expect(a.outbox).toBeUndefined();
  });

  it('keeps one list an id through a logout and a login in one tick, in order', () => {
    const box = new Outbox();
    const old = player('a');
    box.add(old, 'a', ev(1));
    box.left(old);
    // After it left, by id; then the new session's player enters and goes on with the same list.
    box.add(undefined, 'a', ev(2));
    const next = player('a');
    box.entered(next);
    box.add(next, 'a', ev(3));
    // Events sent before a player entered come first too.
    box.add(undefined, 'b', ev(4));
    const b = player('b');
    box.entered(b);
    box.add(b, 'b', ev(5));
    const out = box.drain();
    expect(ns(out.get('a'))).toEqual([1, 2, 3]);
    expect(ns(out.get('b'))).toEqual([4, 5]);
    expect(out.size).toBe(2);
    expect(old.outbox).toBeUndefined();
    expect(next.outbox).toBeUndefined();
  });

  it('entering and leaving without events queue nothing', () => {
    const box = new Outbox();
    const a = player('a');
    box.entered(a);
    box.left(a);
    expect(box.drain().size).toBe(0);
  });
});
