import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadContent } from '../../content/load';
import { SHIPPED_MANIFESTS } from '../../content/test-fixtures';
import { Rng } from '../core/rng';
import { buildTileMap } from './build-tile-map';
import { OPEN_REACH, OpenGround } from './open-ground';
import { PathFinder, type TilePos } from './pathfinder';
import { TileMap } from './tile-map';

let world: TileMap;
beforeAll(async () => {
  world = buildTileMap(await loadContent(SHIPPED_MANIFESTS));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function walkableTile(rng: Rng, map: TileMap): TilePos {
  for (;;) {
    const x = rng.nextInt(map.width) + map.originX;
    const z = rng.nextInt(map.depth) + map.originZ;
    if (map.isWalkable(x, z)) return { x, z };
  }
}

/** A target up to `reach` tiles from `from` (walkable or not, on the map or not). */
function near(rng: Rng, from: TilePos, reach: number): TilePos {
  return { x: from.x + rng.nextInt(2 * reach + 1) - reach, z: from.z + rng.nextInt(2 * reach + 1) - reach };
}

/** Compares looked-up and searched paths for `count` queries; returns how many were looked up. */
function compare(map: TileMap, rng: Rng, count: number, reach = OPEN_REACH + 2): number {
  const finder = new PathFinder(map);
  const lookup = vi.spyOn(OpenGround.prototype, 'path');
  for (let i = 0; i < count; i++) {
    const from = walkableTile(rng, map);
    const to = near(rng, from, reach);
    expect(finder.findPath(from, to), `${from.x},${from.z} -> ${to.x},${to.z}`).toEqual(
      finder.search(from, to),
    );
  }
  const found = lookup.mock.results.filter((r) => r.value !== undefined).length;
  lookup.mockRestore();
  return found;
}

describe('open-ground paths (looked up instead of searched)', () => {
  it('are the paths the search finds, across the bundled world', () => {
    const looked = compare(world, new Rng(7), 4000);
    // The lookup must be exercised, and must not be everything (blocked ground is searched).
    expect(looked).toBeGreaterThan(400);
    expect(looked).toBeLessThan(4000);
  });

  it('are the paths the search finds on open grids, at every offset within reach', () => {
    const side = 2 * OPEN_REACH + 7;
    const map = TileMap.fromGrid(Array.from({ length: side }, () => '.'.repeat(side)));
    const finder = new PathFinder(map);
    const from = { x: OPEN_REACH + 3, z: OPEN_REACH + 3 };
    let looked = 0;
    const lookup = vi.spyOn(OpenGround.prototype, 'path');
    for (let dz = -OPEN_REACH; dz <= OPEN_REACH; dz++)
      for (let dx = -OPEN_REACH; dx <= OPEN_REACH; dx++) {
        const to = { x: from.x + dx, z: from.z + dz };
        expect(finder.findPath(from, to)).toEqual(finder.search(from, to));
      }
    looked = lookup.mock.results.filter((r) => r.value !== undefined).length;
    // Every offset but (0, 0), which needs no path at all.
    expect(looked).toBe((2 * OPEN_REACH + 1) ** 2 - 1);
  });

  it('follow blockers added and removed at run time, beyond what the map journal keeps', () => {
    const rng = new Rng(11);
    const side = 90;
    const map = TileMap.fromGrid(
      Array.from({ length: side }, (_, r) =>
        Array.from({ length: side }, (_, c) => (r % 29 === 5 && c % 7 !== 0 ? '#' : '.')).join(''),
      ),
    );
    const finder = new PathFinder(map);
    const placed: TilePos[] = [];
    let looked = 0;
    const lookup = vi.spyOn(OpenGround.prototype, 'path');
    for (let round = 0; round < 40; round++) {
      // Fires lit and put out: more openings than the clearances wait for, more changes (some
      // rounds) than the map's journal keeps.
      const lit = round % 10 === 9 ? 1200 : 20;
      for (let k = 0; k < lit; k++) {
        const t = walkableTile(rng, map);
        map.addBlocker(t.x, t.z);
        placed.push(t);
      }
      for (let k = 0; k < lit && placed.length > 30; k++) {
        const t = placed.splice(rng.nextInt(placed.length), 1)[0] as TilePos;
        map.removeBlocker(t.x, t.z);
      }
      for (let q = 0; q < 40; q++) {
        const from = walkableTile(rng, map);
        const to = near(rng, from, OPEN_REACH);
        expect(finder.findPath(from, to)).toEqual(finder.search(from, to));
      }
    }
    looked = lookup.mock.results.filter((r) => r.value !== undefined).length;
    expect(looked).toBeGreaterThan(50);
  });
});
