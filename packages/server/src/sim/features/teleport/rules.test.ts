import { describe, expect, it } from 'vitest';
import { TileMap } from '../../map/tile-map';
import { formatTicks, LANDING_SEARCH_RADIUS, landingTile } from './rules';

describe('landingTile', () => {
  it('lands on the spawn point when it is walkable', () => {
    const map = TileMap.fromGrid(['...', '...', '...']);
    expect(landingTile(map, { x: 1, z: 1 })).toEqual({ x: 1, z: 1 });
  });

  it('takes the first walkable tile of the nearest ring when the spawn point is blocked', () => {
    // Rows run north (z = 4) to south (z = 0); the spawn (2, 2) and its whole first ring are blocked.
    const map = TileMap.fromGrid(['.....', '.###.', '.###.', '.###.', '.....']);
    expect(landingTile(map, { x: 2, z: 2 })).toEqual({ x: 0, z: 0 });
    const open = TileMap.fromGrid(['.....', '.###.', '.##..', '.###.', '.....']);
    expect(landingTile(open, { x: 2, z: 2 })).toEqual({ x: 3, z: 2 });
  });

  it('steps aside from a spawn point blocked at run time (a lit fire)', () => {
    const map = TileMap.fromGrid(['...', '...', '...']);
    map.addBlocker(1, 1);
    expect(landingTile(map, { x: 1, z: 1 })).toEqual({ x: 0, z: 0 });
  });

  it('finds nothing when no tile within the search radius is free', () => {
    const size = 2 * LANDING_SEARCH_RADIUS + 1;
    const map = TileMap.fromGrid(Array.from({ length: size }, () => '#'.repeat(size)));
    expect(landingTile(map, { x: LANDING_SEARCH_RADIUS, z: LANDING_SEARCH_RADIUS })).toBeUndefined();
  });
});

describe('formatTicks', () => {
  it('tells ticks as minutes and seconds of the 600 ms game clock, rounded up', () => {
    expect(formatTicks(3000)).toBe('30:00');
    expect(formatTicks(2999)).toBe('30:00');
    expect(formatTicks(99)).toBe('1:00');
    expect(formatTicks(1)).toBe('0:01');
    expect(formatTicks(0)).toBe('0:00');
    expect(formatTicks(-5)).toBe('0:00');
  });
});
