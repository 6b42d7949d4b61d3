import type { Feature } from '../../core/registry';
import { makeTick, requestMake } from './make';

/**
 * Processing at stations: cooking (ranges and fires), smelting (furnace) and smithing (anvil) with
 * `player:action` `make` and make-X, one product every few ticks in the players phase (after
 * movement, so a player who arrives next to the station this tick starts working at once). Item on
 * station is `useItemOnObject` (use.ts), wired into `inventory:use` by its owner. See docs/processing.md.
 */
export const processingFeature: Feature = {
  name: 'processing',
  register(r) {
    r.action('make', (world, player, data) =>
      requestMake(world, player, data.recipeId, data.objectId, data.quantity ?? 1),
    );
    r.perPlayer('players', makeTick);
  },
};
