/**
 * Crowd benchmark: the load benchmark (real sockets, the server in its own process) with every bot
 * in one 30×30-tile area around the spawn: `--players` bots (500 by default) start on its walkable
 * tiles reachable from the spawn, then walk or run between them and chat as the load benchmark's
 * bots do. It prints the load benchmark's figures.
 *
 *   npm run bench -- crowd [--players 500] [--load-seconds 30]
 */
import { BUNDLED_MANIFESTS_DIR } from '../packages/server/src/app/paths';
import { loadContent } from '../packages/server/src/content/load';
import { buildTileMap } from '../packages/server/src/sim/map/build-tile-map';
import type { WireFormat } from '@tilerealm/protocol';
import { runLoadBench } from './load';

/** The crowd's side, in tiles. */
export const CROWD_SIDE = 30;

/** Walkable tiles reachable from the spawn within the CROWD_SIDE×CROWD_SIDE square centred on it. */
export async function crowdTiles(): Promise<Array<{ x: number; z: number }>> {
  const content = await loadContent(BUNDLED_MANIFESTS_DIR);
  const map = buildTileMap(content);
  const half = CROWD_SIDE / 2;
  const tiles: Array<{ x: number; z: number }> = [];
  for (let x = -half; x < half; x++)
    for (let z = -half; z < half; z++)
      if (map.isWalkable(x, z) && map.connected({ x: 0, z: 0 }, { x, z })) tiles.push({ x, z });
  return tiles;
}

export async function runCrowdBench(args: {
  players: number;
  seconds: number;
  format?: WireFormat;
}): Promise<void> {
  const area = await crowdTiles();
  console.log(
    `${args.players} bots within ${CROWD_SIDE}×${CROWD_SIDE} tiles around the spawn (${area.length} walkable)`,
  );
  await runLoadBench({ ...args, fighters: 0, gatherers: 0, area, bench: 'crowd' });
}
