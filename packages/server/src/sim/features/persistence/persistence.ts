import type { Feature } from '../../core/registry';
import { snapshotOf } from '../../core/snapshot';

/**
 * Auto-save handoff: every `autosaveTicks` ticks, a snapshot of every player goes to the host as a
 * `save` effect (batched write-behind: the tick never waits for the database). Logout saves are
 * emitted by the session feature; a shutdown save by the world host (`WorldHost.stop`).
 */
export const persistenceFeature: Feature = {
  name: 'persistence',
  register(r) {
    r.perPlayer('persistence', (world, p) => {
      if (world.tick % world.settings.autosaveTicks !== 0) return;
      world.effect({
        type: 'save',
        snapshot: snapshotOf(world, p),
        reason: 'autosave',
      });
    });
  },
};
