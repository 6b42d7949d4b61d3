/**
 * Pathfinding benchmark: our breadth-first path finder against the reference
 * (@2004scape/rsmod-pathfinder, rsmod's finder compiled to WebAssembly) on the real default-world
 * map and the same seeded queries. Prints median and p99 microseconds per query for each and their
 * ratio, then one JSON line of the figures.
 *
 *   npm run bench -- pathfinding [--queries 2000]
 *
 * Walk queries: start and target walkable, at most 60 tiles apart (Chebyshev). Blocked queries:
 * the target is a tile nobody can stand on (water, a tree, a wall), so both finders fall back to
 * the nearest reachable tile. Ours returns the full step list; the reference returns only its
 * turning points, so the comparison is, if anything, in the reference's favour.
 */
import { fileURLToPath } from 'node:url';
import { loadContent } from '../packages/server/src/content/load';
import { Rng } from '../packages/server/src/sim/core/rng';
import { buildTileMap } from '../packages/server/src/sim/map/build-tile-map';
import { PathFinder, type TilePos } from '../packages/server/src/sim/map/pathfinder';
import { ReferenceFinder } from '../packages/server/src/sim/map/testing/reference-finder';
import type { TileMap } from '../packages/server/src/sim/map/tile-map';
import { percentile } from './stats';

const MANIFESTS = fileURLToPath(new URL('../assets/manifests', import.meta.url));
const MAX_QUERY_DISTANCE = 60;
const ROUNDS = 3;
const SEED = 2004;

interface Query {
  from: TilePos;
  to: TilePos;
}

interface Timing {
  medianUs: number;
  p99Us: number;
}

function randomTile(rng: Rng, map: TileMap, wantWalkable: boolean, near?: TilePos): TilePos {
  for (;;) {
    const tile = near
      ? {
          x: near.x + rng.between(-MAX_QUERY_DISTANCE, MAX_QUERY_DISTANCE),
          z: near.z + rng.between(-MAX_QUERY_DISTANCE, MAX_QUERY_DISTANCE),
        }
      : { x: map.originX + rng.nextInt(map.width), z: map.originZ + rng.nextInt(map.depth) };
    if (near && tile.x === near.x && tile.z === near.z) continue;
    // Blocked targets stay inside some area (a click on the world, not into the void).
    const fits = wantWalkable
      ? map.isWalkable(tile.x, tile.z)
      : !map.isWalkable(tile.x, tile.z) && map.areaAt(tile.x, tile.z);
    if (fits) return tile;
  }
}

function makeQueries(map: TileMap, rng: Rng, count: number, blockedTargets: boolean): Query[] {
  return Array.from({ length: count }, () => {
    const from = randomTile(rng, map, true);
    return { from, to: randomTile(rng, map, !blockedTargets, from) };
  });
}

function summarise(samples: number[]): Timing {
  samples.sort((a, b) => a - b);
  const us = (ms: number) => Math.round(ms * 1000 * 100) / 100;
  return { medianUs: us(percentile(samples, 0.5)), p99Us: us(percentile(samples, 0.99)) };
}

/** Times both finders on every query, interleaved so machine noise hits both alike. */
function measure(
  queries: Query[],
  ours: PathFinder,
  reference: ReferenceFinder,
): { ours: Timing; reference: Timing } {
  for (const q of queries) {
    ours.findPath(q.from, q.to);
    reference.waypoints(q.from, q.to);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of queries) {
      const t0 = performance.now();
      ours.findPath(q.from, q.to);
      const t1 = performance.now();
      reference.waypoints(q.from, q.to);
      const t2 = performance.now();
      a.push(t1 - t0);
      b.push(t2 - t1);
    }
  }
  return { ours: summarise(a), reference: summarise(b) };
}

/** Queries whose path lengths differ between the finders (reachable targets only). */
function countMismatches(queries: Query[], ours: PathFinder, reference: ReferenceFinder): number {
  let mismatches = 0;
  for (const q of queries) {
    const expected = reference.steps(q.from, q.to);
    const last = expected.at(-1);
    const got = ours.findPath(q.from, q.to);
    if (last?.x === q.to.x && last.z === q.to.z) {
      if (!got.ok || got.steps.length !== expected.length) mismatches++;
    }
  }
  return mismatches;
}

const line = (name: string, t: Timing) =>
  `${name.padEnd(10)} median ${t.medianUs.toFixed(2).padStart(8)} us   p99 ${t.p99Us.toFixed(2).padStart(8)} us`;

export async function runPathfindingBench(args: { queries: number }): Promise<void> {
  const content = await loadContent(MANIFESTS);
  const map = buildTileMap(content);
  const ours = new PathFinder(map);
  const reference = new ReferenceFinder(map);
  const rng = new Rng(SEED);
  const walk = makeQueries(map, rng, args.queries, false);
  const blocked = makeQueries(map, rng, Math.max(1, Math.floor(args.queries / 4)), true);

  console.log(
    `map ${map.width}x${map.depth} tiles; ${walk.length} walk queries, ${blocked.length} to blocked targets`,
  );
  const walkFigures = measure(walk, ours, reference);
  const blockedFigures = measure(blocked, ours, reference);
  const ratio = Math.round((walkFigures.ours.medianUs / walkFigures.reference.medianUs) * 100) / 100;
  const blockedRatio =
    Math.round((blockedFigures.ours.medianUs / blockedFigures.reference.medianUs) * 100) / 100;
  const mismatches = countMismatches(walk, ours, reference);

  console.log('walk to a walkable tile (<= 60 tiles):');
  console.log(`  ${line('ours', walkFigures.ours)}`);
  console.log(`  ${line('reference', walkFigures.reference)}`);
  console.log(`  ratio ours/reference (median) ${ratio}; path-length mismatches ${mismatches}`);
  console.log('walk to a blocked tile (nearest reachable tile):');
  console.log(`  ${line('ours', blockedFigures.ours)}`);
  console.log(`  ${line('reference', blockedFigures.reference)}`);
  console.log(`  ratio ours/reference (median) ${blockedRatio}`);
  console.log(
    JSON.stringify({
      bench: 'pathfinding',
      queries: walk.length,
      ours: walkFigures.ours,
      reference: walkFigures.reference,
      ratio,
      mismatches,
      blocked: { queries: blocked.length, ...blockedFigures, ratio: blockedRatio },
    }),
  );
}
