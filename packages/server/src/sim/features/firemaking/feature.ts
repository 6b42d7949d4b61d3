import type { Feature } from '../../core/registry';
import { firemakingTick } from './tick';

/**
 * Firemaking: lighting logs with a tinderbox (`useItemOnItem` in use.ts, called by the
 * inventory:use handler), one attempt per tick in the players phase; the fire is a world object
 * (objects/fires.ts) that burns out into ashes.
 */
export const firemakingFeature: Feature = {
  name: 'firemaking',
  register(r) {
    r.perPlayer('players', firemakingTick);
  },
};
