/**
 * The rules of home teleport that need no cast state: who may start one (cooldown, combat, PvP
 * depth, trading), where it lands, and how the time left is told. See docs/teleport.md.
 */
import { HOME_TELEPORT_MAX_PVP_LEVEL } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { Tile } from '../../core/types';
import type { World } from '../../core/world';
import type { TileMap } from '../../map/tile-map';
import { COOLDOWN } from './state';
import { TRADES } from '../trade/book';
import { isDying } from '../death/state';
import { COMBAT } from '../combat/state';

/** Milliseconds of one tick of the game's clock, for telling the time left in minutes and seconds. */
const NOMINAL_TICK_MS = 600;

/** How far (Chebyshev rings, in tiles) from the spawn point a landing looks for a free tile. */
export const LANDING_SEARCH_RADIUS = 10;

/**
 * `ticks` as the game's clock tells it, `m:ss` (600 ms a tick, rounded up to the second), so a
 * refused cast says how long to wait in words a player reads.
 */
export function formatTicks(ticks: number): string {
  const seconds = Math.ceil((Math.max(0, ticks) * NOMINAL_TICK_MS) / 1000);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * The tile a home teleport lands on: the spawn point itself when a player may stand there, else
 * the first walkable tile of the nearest ring around it (rings scanned in a fixed order, so the
 * choice is deterministic). Undefined when nothing within {@link LANDING_SEARCH_RADIUS} is free.
 */
export function landingTile(map: TileMap, spawn: Tile): Tile | undefined {
  if (map.isWalkable(spawn.x, spawn.z)) return { x: spawn.x, z: spawn.z };
  for (let r = 1; r <= LANDING_SEARCH_RADIUS; r++)
    for (let dx = -r; dx <= r; dx++)
      for (let dz = -r; dz <= r; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) !== r) continue;
        if (map.isWalkable(spawn.x + dx, spawn.z + dz)) return { x: spawn.x + dx, z: spawn.z + dz };
      }
  return undefined;
}

/** The starter town's spawn point: where new characters appear and deaths respawn. */
export function homeSpawn(world: World): Tile {
  const s = world.content.starterArea.spawnPoint ?? { x: 0, z: 0 };
  return { x: s.x, z: s.z };
}

/** Whether the player counts as in combat: within the combat timeout of a hit given or taken. */
export function inCombatNow(world: World, p: Player): boolean {
  return world.tick < COMBAT.of(p).inCombatUntil;
}

/**
 * Why the player may not start a home teleport now, as the failure to answer with; undefined when
 * it may. Checked in this order: dying, cooldown, PvP depth, combat, trading.
 */
export function castRefusal(world: World, p: Player): Outcome | undefined {
  if (isDying(p)) return fail('dead', 'you are dying');
  const left = COOLDOWN.of(p).readyTick - world.tick;
  if (left > 0)
    return fail(
      'teleport_cooldown',
      `you used home teleport recently: wait ${formatTicks(left)} (${left} ticks) before casting it again`,
    );
  const level = world.map.isPvp(p.x, p.z) ? world.map.pvpLevel(p.x, p.z) : 0;
  if (level > HOME_TELEPORT_MAX_PVP_LEVEL)
    return fail(
      'teleport_too_deep',
      `you are at PvP level ${level}: home teleport works up to level ${HOME_TELEPORT_MAX_PVP_LEVEL}`,
    );
  if (inCombatNow(world, p))
    return fail(
      'teleport_in_combat',
      `you cannot teleport while in combat: wait ${COMBAT.of(p).inCombatUntil - world.tick} more ticks without fighting`,
    );
  if (TRADES.of(world).tradeOfPlayer(p.id))
    return fail('teleport_busy', 'you are trading: finish or decline the trade first');
  return undefined;
}
