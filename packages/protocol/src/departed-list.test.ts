import { describe, expect, it } from 'vitest';
import { DepartedList, NOT_KEPT } from './departed-list';
import { keepDeparted, RETURN_MEMORY } from './entity-move';

describe('DepartedList', () => {
  it('keeps the same entries in the same order as keepDeparted on a Map, through random leaves, returns and clears', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const list = new DepartedList<string>();
    const map = new Map<number, string>();
    let taken = 0;
    let evicted = 0;
    for (let step = 0; step < 20_000; step++) {
      const idx = rand(400);
      const roll = rand(2000);
      if (roll < 1300) {
        const had = map.size;
        keepDeparted(map, idx, `e${idx}@${step}`);
        // keepDeparted moves a kept one to newest; the list is told to take it out first.
        list.take(idx);
        list.keep(idx, `e${idx}@${step}`);
        if (map.size === had && had === RETURN_MEMORY) evicted++;
      } else if (roll < 1999) {
        // Back in view: taken out of both, with what was known of it.
        const known = map.has(idx) ? map.get(idx) : NOT_KEPT;
        map.delete(idx);
        const got = list.take(idx);
        expect(got).toBe(known);
        if (got !== NOT_KEPT) taken++;
      } else {
        map.clear();
        list.clear();
      }
      expect(list.size).toBe(map.size);
      if (step % 97 === 0) expect(list.keys()).toEqual([...map.keys()]);
    }
    expect(list.keys()).toEqual([...map.keys()]);
    // The run went through every case: full lists dropping their oldest, and returns.
    expect(evicted).toBeGreaterThan(100);
    expect(taken).toBeGreaterThan(1000);
  });

  it('keeps what was known of an entity, undefined included', () => {
    const list = new DepartedList<string | undefined>();
    list.keep(3, undefined);
    list.keep(4, 'four');
    expect(list.take(3)).toBeUndefined();
    expect(list.take(3)).toBe(NOT_KEPT);
    expect(list.take(4)).toBe('four');
    expect(list.size).toBe(0);
  });
});
