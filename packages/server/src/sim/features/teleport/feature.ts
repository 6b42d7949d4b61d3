import { fail, type Feature } from '../../core/registry';
import { cancelCast, checkCasts, landCasts, startCast } from './cast';
import { CASTS, COOLDOWN } from './state';

/**
 * Home teleport (docs/teleport.md): `player:action` `homeTeleport` starts a cast of
 * HOME_TELEPORT_CAST_TICKS ticks, `teleport:cancel` stops it. A cast ends early when the player
 * moves, is hit, fights, opens an interface, starts an activity or dies: checked after the
 * requests of a tick and again in the players phase after movement, combat and deaths (this feature
 * registers after combat and death for that), where a cast that is due then lands.
 */
export const teleportFeature: Feature = {
  name: 'teleport',
  register(r) {
    r.worldSlot(CASTS);
    r.playerSlot(COOLDOWN);
    r.action('homeTeleport', (world, player) => startCast(world, player));
    r.on('teleport:cancel', (world, player) =>
      cancelCast(world, player, 'cancelled')
        ? { ok: true, result: { cancelled: true } }
        : fail('teleport_not_casting', 'you are not casting home teleport'),
    );
    r.phase('input', checkCasts);
    r.phase('players', (world) => {
      checkCasts(world);
      landCasts(world);
    });
  },
};
