import { describe, expect, it } from 'vitest';
import { findPath, MAX_PATH_DISTANCE, PathFinder, type PathResult, type TilePos } from './pathfinder';
import { TileMap } from './tile-map';

const open = (w: number, d: number) => TileMap.fromGrid(Array.from({ length: d }, () => '.'.repeat(w)));

/** Asserts a path is legal step by step on the map and returns it. */
function legalSteps(map: TileMap, from: TilePos, result: PathResult): TilePos[] {
  if (!result.ok) throw new Error(`expected a path, got ${result.reason}`);
  let at = from;
  for (const step of result.steps) {
    expect(
      map.canStep(at.x, at.z, step.x - at.x, step.z - at.z),
      `${at.x},${at.z} -> ${step.x},${step.z}`,
    ).toBe(true);
    at = step;
  }
  return result.steps;
}

describe('findPath on fixture maps', () => {
  it('walks a straight corridor, excluding the start tile', () => {
    const map = TileMap.fromGrid(['#####', '.....', '#####']);
    const result = findPath(map, { x: 0, z: 1 }, { x: 4, z: 1 });
    expect(result).toEqual({
      ok: true,
      reachedTarget: true,
      steps: [
        { x: 1, z: 1 },
        { x: 2, z: 1 },
        { x: 3, z: 1 },
        { x: 4, z: 1 },
      ],
    });
  });

  it('takes diagonals in the open, so the length is the Chebyshev distance', () => {
    const map = open(10, 10);
    const steps = legalSteps(map, { x: 0, z: 0 }, findPath(map, { x: 0, z: 0 }, { x: 6, z: 3 }));
    expect(steps).toHaveLength(6);
    expect(steps.at(-1)).toEqual({ x: 6, z: 3 });
  });

  it('returns ok with no steps when start and target are the same tile', () => {
    expect(findPath(open(3, 3), { x: 1, z: 1 }, { x: 1, z: 1 })).toEqual({
      ok: true,
      steps: [],
      reachedTarget: true,
    });
  });

  it('never cuts a corner: a diagonal needs both orthogonal neighbours walkable', () => {
    // (1,0) is blocked, so (0,0) -> (1,1) must go through (0,1).
    const map = TileMap.fromGrid(['..', '.#']);
    expect(map.canStep(0, 0, 1, 1)).toBe(false);
    expect(findPath(map, { x: 0, z: 0 }, { x: 1, z: 1 })).toEqual({
      ok: true,
      reachedTarget: true,
      steps: [
        { x: 0, z: 1 },
        { x: 1, z: 1 },
      ],
    });
  });

  it('never squeezes between two diagonally touching blocked tiles', () => {
    const map = TileMap.fromGrid(['#.', '.#']);
    const result = findPath(map, { x: 0, z: 0 }, { x: 1, z: 1 });
    expect(result).toEqual({ ok: true, steps: [], reachedTarget: false });
  });

  it('goes around a wall by the shortest legal route', () => {
    const map = TileMap.fromGrid([
      '.........', //
      '.#######.',
      '....#....',
      '....#....',
    ]);
    const from = { x: 2, z: 0 };
    const steps = legalSteps(map, from, findPath(map, from, { x: 6, z: 0 }));
    // Up the open west column, along the top row and down the east column: 2 steps to (0,1), 2 up
    // to (0,3), 8 east, 2 down to (8,1), 2 back to (6,0). No diagonal may clip the wall's ends.
    expect(steps.at(-1)).toEqual({ x: 6, z: 0 });
    expect(steps.filter((s) => s.z === 3)).toHaveLength(9);
    expect(steps).toHaveLength(16);
  });

  it('stops next to a blocked target, on the reachable tile closest to it', () => {
    const map = TileMap.fromGrid(['.........', '....#....']);
    const result = findPath(map, { x: 0, z: 0 }, { x: 4, z: 0 });
    expect(result.ok && result.reachedTarget).toBe(false);
    expect(legalSteps(map, { x: 0, z: 0 }, result)).toEqual([
      { x: 1, z: 0 },
      { x: 2, z: 0 },
      { x: 3, z: 0 },
    ]);
  });

  it('ends on the nearest reachable tile when the target is walled in', () => {
    const map = TileMap.fromGrid([
      '.......', // z=3
      '.###...', // z=2
      '.#.#...', // z=1: (2,1) is enclosed
      '.###...', // z=0
    ]);
    const from = { x: 6, z: 0 };
    const result = findPath(map, from, { x: 2, z: 1 });
    expect(result.ok && result.reachedTarget).toBe(false);
    // Squared distance 4 is the best any reachable tile gets: (0,1), (4,1) and (2,3); (4,1) is the
    // closest by path.
    expect(legalSteps(map, from, result).at(-1)).toEqual({ x: 4, z: 1 });
  });

  it('moves no step when the player already stands on the nearest reachable tile', () => {
    const map = TileMap.fromGrid(['...', '.#.', '...']);
    expect(findPath(map, { x: 1, z: 0 }, { x: 1, z: 1 })).toEqual({
      ok: true,
      steps: [],
      reachedTarget: false,
    });
  });

  it('fails with no_path when nothing walkable lies near the target, or the start is off the map', () => {
    const map = TileMap.fromGrid(['.' + '~'.repeat(30)]);
    expect(findPath(map, { x: 0, z: 0 }, { x: 25, z: 0 })).toEqual({ ok: false, reason: 'no_path' });
    expect(findPath(map, { x: -5, z: 0 }, { x: 0, z: 0 })).toEqual({ ok: false, reason: 'no_path' });
  });

  it('rejects targets more than 200 tiles away and accepts exactly 200', () => {
    const map = open(202, 1);
    expect(MAX_PATH_DISTANCE).toBe(200);
    expect(findPath(map, { x: 0, z: 0 }, { x: 201, z: 0 })).toEqual({ ok: false, reason: 'too_far' });
    expect(findPath(map, { x: 201, z: 0 }, { x: 0, z: 0 })).toEqual({ ok: false, reason: 'too_far' });
    const result = findPath(map, { x: 0, z: 0 }, { x: 200, z: 0 });
    expect(result.ok && result.reachedTarget && result.steps.length).toBe(200);
    expect(findPath(map, { x: 0, z: 0 }, { x: 50, z: 0 }, { maxDistance: 49 })).toEqual({
      ok: false,
      reason: 'too_far',
    });
  });

  it('bounds the search by path length: maxDistance + searchRadius steps', () => {
    // Two tiles apart, but the only way round the wall is 42 steps long.
    const map = TileMap.fromGrid(['.....................', '####################.', '.....................']);
    const from = { x: 0, z: 0 };
    const to = { x: 0, z: 2 };
    const full = findPath(map, from, to);
    expect(full.ok && full.reachedTarget && legalSteps(map, from, full).length).toBe(42);
    // 5 + 3 = 8 steps are not enough: the nearest tile reached (within 3 of the target) is the start.
    expect(findPath(map, from, to, { maxDistance: 5, searchRadius: 3 })).toEqual({
      ok: true,
      steps: [],
      reachedTarget: false,
    });
  });

  it('breaks ties in RuneScape order: orthogonal before diagonal, west, east, south, north', () => {
    const map = open(5, 5);
    const from = { x: 1, z: 1 };
    expect(findPath(map, from, { x: 3, z: 2 })).toMatchObject({
      steps: [
        { x: 2, z: 1 },
        { x: 3, z: 2 },
      ],
    });
    expect(findPath(map, from, { x: 3, z: 0 })).toMatchObject({
      steps: [
        { x: 2, z: 1 },
        { x: 3, z: 0 },
      ],
    });
    expect(findPath(map, { x: 3, z: 3 }, { x: 1, z: 2 })).toMatchObject({
      steps: [
        { x: 2, z: 3 },
        { x: 1, z: 2 },
      ],
    });
  });

  it('is deterministic across calls and instances, whatever ran before', () => {
    const map = TileMap.fromGrid(['..........', '.####.###.', '....#.....', '.##...##..', '..........']);
    const a = new PathFinder(map);
    const b = new PathFinder(map);
    const first = a.findPath({ x: 0, z: 0 }, { x: 9, z: 4 });
    for (let i = 0; i < 20; i++) a.findPath({ x: i % 10, z: 0 }, { x: 9 - (i % 10), z: 4 });
    expect(a.findPath({ x: 0, z: 0 }, { x: 9, z: 4 })).toEqual(first);
    expect(b.findPath({ x: 0, z: 0 }, { x: 9, z: 4 })).toEqual(first);
    expect(first.ok && first.reachedTarget).toBe(true);
  });

  it('sees blockers changed between queries, even after more changes than the map journal keeps', () => {
    const map = open(5, 3);
    const finder = new PathFinder(map);
    const straight = finder.findPath({ x: 0, z: 1 }, { x: 4, z: 1 });
    for (let k = 0; k < 1500; k++) {
      map.addBlocker(3, 1);
      map.removeBlocker(3, 1);
    }
    map.addBlocker(2, 1);
    const around = finder.findPath({ x: 0, z: 1 }, { x: 4, z: 1 });
    expect(legalSteps(map, { x: 0, z: 1 }, around).some((s) => s.x === 2 && s.z === 1)).toBe(false);
    map.removeBlocker(2, 1);
    expect(finder.findPath({ x: 0, z: 1 }, { x: 4, z: 1 })).toEqual(straight);
  });

  it('routes around dynamic blockers and forgets them once removed', () => {
    const map = TileMap.fromGrid(['.....', '.....', '.....']);
    map.addBlocker(2, 1);
    const around = findPath(map, { x: 0, z: 1 }, { x: 4, z: 1 });
    expect(legalSteps(map, { x: 0, z: 1 }, around).some((s) => s.x === 2 && s.z === 1)).toBe(false);
    map.removeBlocker(2, 1);
    expect(findPath(map, { x: 0, z: 1 }, { x: 4, z: 1 })).toMatchObject({
      steps: [
        { x: 1, z: 1 },
        { x: 2, z: 1 },
        { x: 3, z: 1 },
        { x: 4, z: 1 },
      ],
    });
  });
});
