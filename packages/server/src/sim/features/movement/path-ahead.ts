import type { ClientPayload } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { playerSlot } from '../../core/slots';
import type { World } from '../../core/world';
import { findPath, type PathResult } from '../../map/pathfinder';

/**
 * Walks searched ahead of their tick (decision 0031). A `player:move` is searched in the players
 * phase, from where the player stands then; but between ticks nobody moves, so the search from where
 * the player stands when the request arrives is the same search, and the world's thread is idle
 * then. {@link searchAhead} (the request's preparer, core/prepare.ts) searches it on arrival and
 * keeps the result here; {@link takePath} hands it to the tick's search only for the same start,
 * target and map (its walkability version), and the tick searches afresh otherwise (the player was
 * teleported in the input phase, a door closed). The path finder is a function of those three, so
 * the path is the same either way: nothing hashes this cache, and a world without it (a replay, a
 * test stepping the world) walks the same paths.
 */
interface Ahead {
  /** The world tick during which it was searched (between that tick and the next). */
  tick: number;
  fromX: number;
  fromZ: number;
  toX: number;
  toZ: number;
  version: number;
  /** Undefined: nothing kept (none searched, or taken). A target too far is kept as the finder's refusal. */
  result: PathResult | undefined;
}

export const PATH_AHEAD = playerSlot('movement.pathAhead', {
  init: (): Ahead => ({ tick: -1, fromX: 0, fromZ: 0, toX: 0, toZ: 0, version: -1, result: undefined }),
});

/**
 * Searches a `player:move` as it arrives. One search a player between two ticks at most: a later
 * request of the same interval (which wins: the newest click does) is searched by its tick, so a
 * client that sends many moves costs at most one search more per tick than before (the tick itself
 * searches at most one per player).
 */
export function searchAhead(world: World, p: Player, data: ClientPayload<'player:move'>): void {
  const ahead = PATH_AHEAD.of(p);
  if (ahead.tick === world.tick) return;
  ahead.tick = world.tick;
  ahead.fromX = p.x;
  ahead.fromZ = p.z;
  ahead.toX = data.x;
  ahead.toZ = data.z;
  ahead.version = world.map.version;
  ahead.result = findPath(world.map, { x: p.x, z: p.z }, { x: data.x, z: data.z });
}

/** The path from where `p` stands to (x, z): the one searched ahead when it still holds, else searched now. */
export function takePath(world: World, p: Player, x: number, z: number): PathResult {
  const ahead = PATH_AHEAD.of(p);
  const kept = ahead.result;
  ahead.result = undefined;
  if (
    kept !== undefined &&
    ahead.fromX === p.x &&
    ahead.fromZ === p.z &&
    ahead.toX === x &&
    ahead.toZ === z &&
    ahead.version === world.map.version
  )
    return kept;
  return findPath(world.map, { x: p.x, z: p.z }, { x, z });
}
