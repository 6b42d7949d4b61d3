import { keepDeparted as keepInMap, RETURN_MEMORY } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import {
  clearDeparted,
  DEPARTED_ROOM,
  DEPARTED_STRIDE,
  departedEntries,
  keepDeparted,
  NOT_KEPT,
  takeDeparted,
  type DepartedArrays,
} from './departed';

const VIEWERS = 3;

function arrays(): DepartedArrays {
  return {
    departedHandles: new Int32Array(VIEWERS * DEPARTED_ROOM),
    departedVersions: new Int32Array(VIEWERS * DEPARTED_ROOM),
    departedState: new Int32Array(VIEWERS * DEPARTED_STRIDE),
  };
}

describe('departed lists in shared arrays', () => {
  it("keep the clients' departed lists (the protocol's keepDeparted on a Map), for each viewer, through random leaves, returns and clears", () => {
    let seed = 11;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const a = arrays();
    const maps = Array.from({ length: VIEWERS }, () => new Map<number, number>());
    let taken = 0;
    let evicted = 0;
    let compacted = 0;
    for (let step = 0; step < 30_000; step++) {
      const v = rand(VIEWERS);
      const map = maps[v]!;
      const idx = rand(400);
      const roll = rand(2000);
      if (roll < 1300) {
        // An entity leaves the view: it was in view, so not among the departed ones.
        if (map.has(idx)) continue;
        const version = rand(5) - 1;
        if (map.size === RETURN_MEMORY) evicted++;
        if (a.departedState[v * DEPARTED_STRIDE + 1] === DEPARTED_ROOM) compacted++;
        keepInMap(map, idx, version);
        keepDeparted(a, v, idx, version);
      } else if (roll < 1999) {
        // Back in view: taken out of both, with what was kept of it.
        const want = map.has(idx) ? map.get(idx) : NOT_KEPT;
        map.delete(idx);
        const got = takeDeparted(a, v, idx);
        expect(got).toBe(want);
        if (got !== NOT_KEPT) taken++;
      } else {
        map.clear();
        clearDeparted(a, v);
      }
      if (step % 89 === 0)
        for (let w = 0; w < VIEWERS; w++) expect(departedEntries(a, w)).toEqual([...maps[w]!.entries()]);
    }
    for (let w = 0; w < VIEWERS; w++) expect(departedEntries(a, w)).toEqual([...maps[w]!.entries()]);
    // The run went through every case: full lists dropping their oldest, compactions and returns.
    expect(evicted).toBeGreaterThan(100);
    expect(compacted).toBeGreaterThan(10);
    expect(taken).toBeGreaterThan(1000);
  });

  it('gives back the version kept for each entity, and NOT_KEPT once taken', () => {
    const a = arrays();
    keepDeparted(a, 1, 7, 3);
    keepDeparted(a, 1, 0, -1);
    expect(departedEntries(a, 1)).toEqual([
      [7, 3],
      [0, -1],
    ]);
    expect(departedEntries(a, 0)).toEqual([]);
    expect(takeDeparted(a, 1, 0)).toBe(-1);
    expect(takeDeparted(a, 1, 7)).toBe(3);
    expect(takeDeparted(a, 1, 7)).toBe(NOT_KEPT);
    expect(departedEntries(a, 1)).toEqual([]);
  });
});
