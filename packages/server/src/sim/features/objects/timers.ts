import type { World } from '../../core/world';
import { expireDynamicStation } from './fires';
import { relocateSpot } from './relocate';
import { OBJECTS } from './state';

/**
 * World phase: the object timers due this tick, in the order they were set. A fire burns out
 * (ashes on its tile), a depleted tree or rock grows back (its counted depletion is rolled afresh
 * at the next gather), a fishing spot moves.
 */
export function runObjectTimers(world: World): void {
  const store = OBJECTS.of(world);
  for (const o of store.due(world.tick)) {
    if (o.dynamic) {
      expireDynamicStation(world, o);
    } else if (o.depleted) {
      store.setDepleted(o, false);
      store.setGathersLeft(o, 0);
    } else if (o.kind === 'resource') {
      relocateSpot(world, o);
    }
  }
}
