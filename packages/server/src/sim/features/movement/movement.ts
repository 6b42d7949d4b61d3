import { MAX_RUN_ENERGY, type Player } from '../../core/player';
import { fail, type Feature, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { MAX_PATH_DISTANCE } from '../../map/pathfinder';
import { cancelCast } from '../teleport/cast';
import { replaceOtherRequests } from '../interaction/interaction';
import { PATH_AHEAD, searchAhead, takePath } from './path-ahead';

/** Run energy drained per tick spent running (weightless: ~150 ticks from full). */
export const RUN_DRAIN_PER_TICK = 67;
/** Run energy regained per tick not spent running. */
export const RUN_REGEN_PER_TICK = 8;

/**
 * Movement: `player:move` asks for a path (the server finds it; the client never decides a
 * position); each tick a player takes one step walking or two running while run energy lasts.
 */
export const movementFeature: Feature = {
  name: 'movement',
  register(r) {
    // The newest click wins (interaction's replaceOtherRequests: an earlier move of the tick, an
    // interaction, an activity, an attack end now). The walk itself is searched in the players
    // phase: at most one path search per player per tick, however many requests arrive. It is
    // searched ahead as it arrives, between ticks, when it can be (path-ahead.ts).
    r.playerSlot(PATH_AHEAD);
    r.prepare('player:move', searchAhead);
    r.on('player:move', (world, player, data, rid) => {
      const distance = Math.max(Math.abs(data.x - player.x), Math.abs(data.z - player.z));
      if (distance > MAX_PATH_DISTANCE) {
        return fail(
          'path_too_far',
          `the target is ${distance} tiles away; the limit is ${MAX_PATH_DISTANCE}`,
        );
      }
      replaceOtherRequests(world, player, 'moved');
      player.pendingMove = { x: data.x, z: data.z, run: data.run, rid };
      return { ok: true, deferred: true };
    });

    r.action('setRun', (_world, player, data) => {
      player.running = data.running && player.runEnergy > 0;
      return { ok: true, result: { running: player.running } };
    });
    // Stop means idle: no path, no walk asked earlier in the tick, no interaction, no activity, no
    // attack, no cast.
    r.action('stop', (world, player) => {
      replaceOtherRequests(world, player, 'stopped');
      player.path = [];
      cancelCast(world, player, 'cancelled');
      return { ok: true };
    });

    r.perPlayer('players', (world, p) => {
      if (p.pendingMove) resolveMove(world, p);
      stepPlayer(world, p);
    });
  },
};

function resolveMove(world: World, p: Player): void {
  const req = p.pendingMove;
  p.pendingMove = undefined;
  if (!req) return;
  const reply = (outcome: Outcome) => world.answer(p.id, 'player:move', outcome, req.rid);

  const result = takePath(world, p, req.x, req.z);
  if (!result.ok) {
    return reply(
      result.reason === 'too_far'
        ? fail('path_too_far', `the target is more than ${MAX_PATH_DISTANCE} tiles away`)
        : fail('no_path', 'no reachable tile towards the target'),
    );
  }
  p.path = result.steps;
  if (req.run !== undefined) p.running = req.run && p.runEnergy > 0;
  reply({ ok: true, result: { steps: result.steps.length, reachedTarget: result.reachedTarget } });
}

function stepPlayer(world: World, p: Player): void {
  p.lastX = p.x;
  p.lastZ = p.z;
  const steps = p.path.length === 0 ? 0 : p.running && p.runEnergy > 0 && p.path.length > 1 ? 2 : 1;
  for (let i = 0; i < steps; i++) {
    const next = p.path[0];
    if (!next) break;
    // The map can change under a path (a door closes, an object spawns): stop rather than pass through.
    if (!world.map.canStep(p.x, p.z, next.x - p.x, next.z - p.z)) {
      p.path = [];
      break;
    }
    p.path.shift();
    p.x = next.x;
    p.z = next.z;
  }
  if (steps === 2) {
    p.runEnergy = Math.max(0, p.runEnergy - RUN_DRAIN_PER_TICK);
    if (p.runEnergy === 0) p.running = false;
  } else {
    p.runEnergy = Math.min(MAX_RUN_ENERGY, p.runEnergy + RUN_REGEN_PER_TICK);
  }
  if (p.x !== p.lastX || p.z !== p.lastZ) world.spatial.set(p.idx, p.x, p.z);
}
