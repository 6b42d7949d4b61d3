import type { Feature } from '../../core/registry';
import { snapshotOf } from '../../core/snapshot';

/**
 * Auto-save handoff: once every `autosaveTicks` ticks, a snapshot of each player goes to the host
 * as a `save` effect (batched write-behind: the tick never waits for the database). The players are
 * spread over the interval by their handle (a player is saved in the ticks where tick + handle is a
 * multiple of `autosaveTicks`), so that each tick snapshots a share of the world instead of one tick
 * in every interval snapshotting everyone: at 5,000 players that one tick took 90 ms, the others
 * none (docs/performance.md). Logout saves are emitted by the session feature; a shutdown save by
 * the world host (`WorldHost.stop`).
 */
export const persistenceFeature: Feature = {
  name: 'persistence',
  register(r) {
    r.perPlayer('persistence', (world, p) => {
      if ((world.tick + p.idx) % world.settings.autosaveTicks !== 0) return;
      world.effect({
        type: 'save',
        snapshot: snapshotOf(world, p),
        reason: 'autosave',
      });
    });
  },
};
