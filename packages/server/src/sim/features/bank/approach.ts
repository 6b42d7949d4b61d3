/**
 * "Walk next to it, then use it" for the bank booths, bankers and shopkeepers: RuneScape's click on
 * an object or NPC. Next to the target (Chebyshev 1) the action happens at once; otherwise the player
 * walks there and the action (and the request's ack) comes on arrival. Like every click, a newer
 * request replaces it: a move, an attack, a pickup, a reclaim or an activity asked for later ends
 * the walk, acked `{ superseded: true }`; asking for this one ends theirs the same way.
 */
import type { Rid } from '@tilerealm/protocol';
import { stopActivity } from '../../core/activity';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { Tile } from '../../core/types';
import type { World } from '../../core/world';
import { findPath } from '../../map/pathfinder';
import { chebyshev } from '../combat/combatants';
import { cancelPickup, reply } from '../ground-items/pickup';
import { closeInterface, sameInterface, INTERFACE } from './interface';
import type { OpenInterface } from './types';
import { worldSlot } from '../../core/slots';
import { GROUND_ITEMS } from '../ground-items/state';
import { OBJECTS } from '../objects/state';
import { DEATHS } from '../death/custody';
import { isDying } from '../death/state';
import { dropTarget, hasTarget } from '../combat/state';

/** What the player walks to: a placed object (bank booth, bank chest) or an NPC (banker, shopkeeper). */
export type ApproachTarget = { kind: 'object'; id: string } | { kind: 'npc'; id: string };

/** A walk towards a target, and what to do on arrival. */
export interface Approach {
  target: ApproachTarget;
  /** How messages name the target ("the bank booth", "Marla"). */
  what: string;
  rid: Rid | undefined;
  /** Runs once next to the target; its outcome answers the request. */
  arrive: (world: World, p: Player) => Outcome;
  /** New walks planned after the target (an NPC) moved away from the end of the last one. */
  reroutes: number;
}

/** How often a walk to a wandering NPC is re-planned before giving up with `not_near`. */
export const MAX_REROUTES = 3;

/** The walks under way by player id, in the order they started. */
export const APPROACHES = worldSlot('bank.approaches', {
  init: () => new Map<string, Approach>(),
  hash: (pending, h) => {
    for (const [id, a] of pending) h.str(id).str(a.target.kind).str(a.target.id).num(a.reroutes);
  },
});

const superseded = (
  world: World,
  p: Player,
  rid: Rid | undefined,
  event: 'player:action' | 'player:move',
) => {
  if (rid !== undefined) world.send(p.id, 'ack', { event, result: { superseded: true } }, rid);
};

/** Where the target stands now, or undefined when it is gone (an NPC dead or despawned). */
export function targetTile(world: World, t: ApproachTarget): Tile | undefined {
  if (t.kind === 'object') return OBJECTS.of(world).get(t.id);
  const n = world.npcs.get(t.id);
  return n?.alive ? { x: n.x, z: n.z } : undefined;
}

/** A walk towards `to` cut where it first comes next to it; undefined when it never does. */
function routeNextTo(world: World, p: Player, to: Tile): Tile[] | undefined {
  const route = findPath(world.map, { x: p.x, z: p.z }, { x: to.x, z: to.z });
  if (!route.ok) return undefined;
  const cut = route.steps.findIndex((s) => chebyshev(s.x, s.z, to.x, to.z) <= 1);
  return cut < 0 ? undefined : route.steps.slice(0, cut + 1);
}

/** Ends whatever else the player asked for: the newest click wins (also used by home teleport). */
export function replaceOtherRequests(world: World, p: Player): void {
  if (p.pendingMove) superseded(world, p, p.pendingMove.rid, 'player:move');
  p.pendingMove = undefined;
  cancelPickup(world, p);
  stopActivity(world, p, 'replaced');
  dropTarget(p);
  const reclaim = DEATHS.of(world).pendingReclaims.get(p.id);
  if (reclaim) {
    superseded(world, p, reclaim.rid, 'player:action');
    DEATHS.of(world).pendingReclaims.delete(p.id);
  }
  cancelApproach(world, p);
}

/** Ends the player's walk towards a bank or shop, acking it as superseded. */
export function cancelApproach(world: World, p: Player): void {
  const pending = APPROACHES.of(world);
  const a = pending.get(p.id);
  if (!a) return;
  pending.delete(p.id);
  superseded(world, p, a.rid, 'player:action');
}

/**
 * Starts a use of `target` (whose tile the caller checked): at once when next to it, else after a
 * walk there (the outcome is then `deferred` and the reply comes on arrival). An unreachable target
 * fails with `no_path` and changes nothing. `opens` is the interface it will open (undefined: none,
 * like praying at an altar): another one open closes as the walk starts (`replaced`, or `moved` when
 * the use opens none), since the player is about to leave it.
 */
export function approach(
  world: World,
  p: Player,
  target: ApproachTarget,
  to: Tile,
  what: string,
  rid: Rid | undefined,
  opens: OpenInterface | undefined,
  arrive: (world: World, p: Player) => Outcome,
): Outcome {
  if (chebyshev(p.x, p.z, to.x, to.z) <= 1) {
    replaceOtherRequests(world, p);
    p.path = [];
    return arrive(world, p);
  }
  const steps = routeNextTo(world, p, to);
  if (!steps) return fail('no_path', `you cannot reach ${what}`);
  replaceOtherRequests(world, p);
  const open = INTERFACE.of(p).open;
  if (open && !(opens && sameInterface(open, opens))) closeInterface(world, p, opens ? 'replaced' : 'moved');
  p.path = steps;
  APPROACHES.of(world).set(p.id, { target, what, rid, arrive, reroutes: 0 });
  return { ok: true, deferred: true };
}

/**
 * Input phase, after every request of the tick: a walk that a newer request replaced (a move, an
 * attack, a pickup, a reclaim, an activity) ends, acked as superseded; a player who left or is
 * dying loses it.
 */
export function supersedeApproaches(world: World): void {
  const pending = APPROACHES.of(world);
  for (const [id, a] of pending) {
    const p = world.players.get(id);
    if (!p) {
      pending.delete(id);
      continue;
    }
    world.isolate(p, () => {
      if (isDying(p)) {
        pending.delete(id);
        reply(world, p, a.rid, fail('dead', 'you are dying'));
        return;
      }
      const replaced =
        p.pendingMove !== undefined ||
        hasTarget(p) ||
        p.activity !== undefined ||
        GROUND_ITEMS.of(world).viewer(p).pending !== undefined ||
        DEATHS.of(world).pendingReclaims.has(p.id);
      if (replaced) {
        pending.delete(id);
        superseded(world, p, a.rid, 'player:action');
      }
    });
  }
}

/**
 * Players phase, after movement: a player next to its target uses it; a target gone fails the
 * request; a walk that ended elsewhere is planned again towards an NPC that wandered (a few times),
 * else fails with `not_near`.
 */
export function resolveApproaches(world: World): void {
  const pending = APPROACHES.of(world);
  for (const [id, a] of pending) {
    const p = world.players.get(id);
    if (!p) {
      pending.delete(id);
      continue;
    }
    world.isolate(p, () => {
      const to = targetTile(world, a.target);
      if (!to) {
        pending.delete(id);
        const gone =
          a.target.kind === 'object'
            ? fail('object_gone', `${a.what} is gone`)
            : fail('target_gone', `${a.what} is gone`);
        reply(world, p, a.rid, gone);
      } else if (chebyshev(p.x, p.z, to.x, to.z) <= 1) {
        pending.delete(id);
        p.path = [];
        reply(world, p, a.rid, a.arrive(world, p));
      } else if (p.path.length === 0) {
        const steps =
          a.target.kind === 'npc' && a.reroutes < MAX_REROUTES ? routeNextTo(world, p, to) : undefined;
        if (steps) {
          a.reroutes++;
          p.path = steps;
        } else {
          pending.delete(id);
          reply(world, p, a.rid, fail('not_near', `you stopped before reaching ${a.what}`));
        }
      }
    });
  }
}
