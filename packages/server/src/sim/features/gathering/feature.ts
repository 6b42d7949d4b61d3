import type { Feature } from '../../core/registry';
import { requestGather } from './request';
import { gatherTick } from './tick';

/**
 * Gathering: woodcutting, mining and fishing with `player:action` `gather` (request.ts), the
 * attempts in the players phase (tick.ts). The rules are in rules.ts and docs/gathering.md; the
 * objects' state (depletion, respawn, moving spots) lives in `OBJECTS.of(world)`.
 */
export const gatheringFeature: Feature = {
  name: 'gathering',
  register(r) {
    r.action('gather', (world, player, data) => requestGather(world, player, data.objectId, data.methodId));
    r.perPlayer('players', gatherTick);
  },
};
