import { describe, expect, it } from 'vitest';
import {
  chooseSpot,
  CLUSTER_MAX_NEIGHBOURS,
  occupied,
  rivalsNear,
  seedOf,
  SPREAD_TILES,
} from '../src/behaviours/choose';
import { RUN_RESUME_ENERGY, shouldRun } from '../src/behaviours/run';

const forest = [
  { id: 'a', x: 30, z: -10 },
  { id: 'b', x: 32, z: -14 },
  { id: 'c', x: 34, z: 10 },
  { id: 'd', x: 90, z: 50 },
];
const here = { x: 0, z: 0 };
const none = () => false;

describe('choosing where to gather', () => {
  it('spreads agents starting together over the nearest resources, the same way each time', () => {
    const ids = ['ag_one', 'ag_two', 'ag_three'];
    const seeds = ids.map(seedOf);
    expect(ids.map(seedOf)).toEqual(seeds);
    expect(new Set(seeds).size).toBe(3);
    const picks = [0, 1, 2].map((s) => chooseSpot(forest, here, s, none)?.id);
    expect(new Set(picks)).toEqual(new Set(['a', 'b', 'c']));
    // Deterministic: the same seed, the same choice.
    expect(chooseSpot(forest, here, seeds[0] ?? 0, none)).toBe(chooseSpot(forest, here, seeds[0] ?? 0, none));
    // A resource much farther than the nearest is never among the choices.
    for (let s = 0; s < 20; s++) expect(chooseSpot(forest, here, s, none)?.id).not.toBe('d');
    expect(SPREAD_TILES).toBeLessThan(90 - 34);
  });

  it('moves on when a resource is taken, and has nothing when all are', () => {
    const takenIds = new Set(['a', 'b', 'c']);
    expect(chooseSpot(forest, here, 7, (s) => takenIds.has(s.id))?.id).toBe('d');
    expect(chooseSpot(forest, here, 7, () => true)).toBeUndefined();
  });

  it('prefers a forest to a lone tree not much nearer', () => {
    const spots = [
      { id: 'lone', x: -22, z: 55 },
      { id: 'w1', x: 30, z: -10 },
      { id: 'w2', x: 32, z: -14 },
      { id: 'w3', x: 34, z: 10 },
      { id: 'w4', x: 30, z: 20 },
    ];
    const from = { x: -20, z: 20 };
    // The lone tree is nearer (35 tiles against 54), but the tree amid three others comes first.
    expect(chooseSpot(spots, from, 0, none)?.id).toBe('w3');
    expect(chooseSpot(spots.slice(0, 1).concat(spots.slice(4)), from, 0, none)?.id).toBe('lone');
    // A lone tree right here is still taken first.
    expect(chooseSpot([...spots, { id: 'near', x: -20, z: 22 }], from, 0, none)?.id).toBe('near');
  });

  it('counts a resource with another player next to it as taken, but not the agent itself', () => {
    const spot = { id: 'a', x: 30, z: -10 };
    expect(occupied(spot, [{ kind: 'player', id: 'other', x: 31, z: -10 }], 'me')).toBe(true);
    expect(occupied(spot, [{ kind: 'player', id: 'me', x: 31, z: -10 }], 'me')).toBe(false);
    expect(occupied(spot, [{ kind: 'npc', id: 'goblin', x: 30, z: -9 }], 'me')).toBe(false);
    expect(occupied(spot, [{ kind: 'player', id: 'other', x: 33, z: -10 }], 'me')).toBe(false);
  });
});

describe('felled resources', () => {
  const grove = [
    { id: 'here', x: 1, z: 0 },
    { id: 'far', x: 30, z: 0 },
  ];
  it('waits by a tree about to grow back rather than walking farther than the wait', () => {
    expect(chooseSpot(grove, here, 0, none, 0, (s) => (s.id === 'here' ? 10 : 0))?.id).toBe('here');
  });
  it('walks on when the wait is longer than the walk', () => {
    expect(chooseSpot(grove, here, 0, none, 0, (s) => (s.id === 'here' ? 50 : 0))?.id).toBe('far');
  });
  it('does not let a big forest outweigh a near one without bound', () => {
    const big = Array.from({ length: 20 }, (_, i) => ({
      id: `big${i}`,
      x: 100 + (i % 5) * 3,
      z: (i % 4) * 3,
    }));
    const near = Array.from({ length: CLUSTER_MAX_NEIGHBOURS + 1 }, (_, i) => ({
      id: `near${i}`,
      x: 10 + i * 3,
      z: 0,
    }));
    expect(chooseSpot([...big, ...near], here, 0, none, 0)?.id).toBe('near0');
  });
});

describe('choosing alone or among rivals', () => {
  const spots = [
    { id: 'near', x: 5, z: 0 },
    { id: 'mid', x: 9, z: 0 },
    { id: 'far', x: 14, z: 0 },
  ];
  it('an agent alone always takes the best spot, whatever its seed', () => {
    for (let seed = 0; seed < 6; seed++) expect(chooseSpot(spots, here, seed, none, 0)?.id).toBe('near');
  });
  it('with rivals in view the seed spreads over as many spots as there are players', () => {
    const picks = new Set([0, 1, 2, 3, 4, 5].map((seed) => chooseSpot(spots, here, seed, none, 1)?.id));
    expect(picks).toEqual(new Set(['near', 'mid']));
  });
  it('counts other players near the agent as rivals', () => {
    const others = [
      { kind: 'player', id: 'me', x: 0, z: 0 },
      { kind: 'player', id: 'p1', x: 3, z: 3 },
      { kind: 'npc', id: 'n1', x: 1, z: 1 },
      { kind: 'player', id: 'p2', x: 40, z: 0 },
    ];
    expect(rivalsNear(here, others, 'me')).toBe(1);
  });
});

describe('running between resources', () => {
  it('switches running on once enough energy is back, and not while already running', () => {
    expect(shouldRun({ running: false, runEnergy: RUN_RESUME_ENERGY })).toBe(true);
    expect(shouldRun({ running: false, runEnergy: RUN_RESUME_ENERGY - 1 })).toBe(false);
    expect(shouldRun({ running: true, runEnergy: 10_000 })).toBe(false);
    expect(shouldRun(undefined)).toBe(false);
  });
});
