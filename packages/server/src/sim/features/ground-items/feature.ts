import type { Feature } from '../../core/registry';
import { dropFromSlot } from './drop';
import { emitDirtyRegions, restoreRegions, snapshotRegions } from './persist';
import { requestPickup } from './pickup';
import { pileOwner } from './types';
import { GROUND_ITEMS } from './state';
import { GROUND_VIEWER } from './store';

/**
 * Ground items: `inventory:drop`, `player:action` `pickup` (walk there, then take), the timers
 * (owner-only, public, despawn) in the world phase. The piles live in `GROUND_ITEMS.of(world)`; other
 * features put items on the ground with `spawnGroundItem` (spawn.ts), and the sync feature reports
 * them to each viewer with `groundDelta` (view.ts). Piles are saved per region (persist.ts), so a
 * restart, even a crash, puts them back (see README.md in this folder).
 */
export const groundItemsFeature: Feature = {
  name: 'ground-items',
  register(r) {
    r.worldSlot(GROUND_ITEMS);
    r.playerSlot(GROUND_VIEWER);
    r.on('inventory:drop', (world, player, data) => dropFromSlot(world, player, data.slot, data.quantity));
    r.action('pickup', (world, player, data, rid) => requestPickup(world, player, data.groundItemId, rid));
    r.phase('world', (world) => {
      for (const pile of GROUND_ITEMS.of(world).advance(world.tick).despawned)
        world.ledger.record(pile.itemId, -pile.quantity, 'despawn', pileOwner(pile));
    });
    r.phase('persistence', emitDirtyRegions);
    r.persist('groundRegion', { restore: restoreRegions, snapshot: snapshotRegions });
  },
};
