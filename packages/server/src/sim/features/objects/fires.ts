/**
 * Objects made at run time: fires lit by firemaking. A fire is a station (`recipes/firemaking.json`
 * fireStationId, a "cook" station) with id `fire:<n>` that burns for a number of ticks and leaves
 * ashes behind. A blocking station blocks its tile in the collision map while it stands.
 */
import type { World } from '../../core/world';
import { recordSpawned, spawnGroundItem } from '../ground-items/spawn';
import type { WorldObject } from './types';
import { OBJECTS } from './state';

/**
 * Puts a dynamic station (a fire) on (x, z) that goes out at `expiresAt` (a tick; 0: never). `id`
 * is given when restoring a saved fire; otherwise a fresh `fire:<n>`.
 */
export function placeDynamicStation(
  world: World,
  defId: string,
  x: number,
  z: number,
  expiresAt: number,
  id?: string,
): WorldObject {
  const store = OBJECTS.of(world);
  const o = store.add({
    id: id ?? store.nextDynamicId(),
    kind: 'station',
    defId,
    x,
    z,
    depleted: false,
    dynamic: true,
  });
  if (world.content.stations.get(defId)?.blocking) world.map.addBlocker(x, z);
  if (expiresAt > 0) store.schedule(o, expiresAt);
  return o;
}

/** Lights a fire on (x, z) for `burnTicks` ticks (firemaking calls it once the logs caught). */
export function lightFire(world: World, x: number, z: number, burnTicks: number): WorldObject {
  return placeDynamicStation(
    world,
    world.content.recipes.firemaking.fireStationId,
    x,
    z,
    world.tick + burnTicks,
  );
}

/**
 * Takes a dynamic station away (its timer ran out): its tile is freed and a fire leaves public
 * ashes on its tile (recipes/firemaking.json ashesItemId).
 */
export function expireDynamicStation(world: World, o: WorldObject): void {
  OBJECTS.of(world).remove(o);
  if (world.content.stations.get(o.defId)?.blocking) world.map.removeBlocker(o.x, o.z);
  const fm = world.content.recipes.firemaking;
  if (o.defId !== fm.fireStationId) return;
  const ashes = spawnGroundItem(world, { itemId: fm.ashesItemId, quantity: 1, x: o.x, z: o.z, owner: null });
  if (ashes.ok) recordSpawned(world, ashes.piles, fm.ashesItemId, 1, 'ashes');
}

/** Whether a fire could be lit on (x, z): no object (station, fire, tree, rock) stands there. */
export function canPlaceObjectAt(world: World, x: number, z: number): boolean {
  return OBJECTS.of(world).at(x, z).length === 0 && world.map.isWalkable(x, z);
}
