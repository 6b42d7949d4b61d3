import type { Feature } from '../../core/registry';
import { onJoin, collapseGravestones, requestReclaim, trackCustodyExits } from './gravestones';
import { DEATHS, restoreDeathLocks } from './custody';
import { resolveDeaths } from './player-death';
import { DYING } from './state';

/**
 * Player deaths: resolution when the death animation ends (items kept, gravestone or PvP drop,
 * respawn), `player:action` `reclaim`, gravestone collapse, and the death locks that follow every
 * item of a death until it leaves custody (custody.ts; docs/combat.md).
 */
export const deathFeature: Feature = {
  name: 'death',
  register(r) {
    r.playerSlot(DYING);
    r.worldSlot(DEATHS);
    r.restoreDeathLocks(restoreDeathLocks);
    r.action('reclaim', (world, player, data, rid) => requestReclaim(world, player, data.gravestoneId, rid));
    r.perPlayer('players', resolveDeaths);
    r.phase('players', (world) => {
      // Pickups of death piles and reclaims happened earlier in this phase (features/interaction):
      // write them before anyone logs out.
      trackCustodyExits(world);
    });
    r.perPlayer('login', onJoin);
    r.phase('world', (world) => {
      collapseGravestones(world);
      trackCustodyExits(world);
    });
  },
};
