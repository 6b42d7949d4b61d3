/**
 * The one "walk up to it, then act on it" rule of the server: a click on a bank booth, a banker or
 * shopkeeper, an NPC to talk to, an altar, a ground item or a gravestone (ADR 0019). A feature
 * describes the interaction ({@link InteractionSpec}: the target and where it stands now, the reach
 * rule, the arrival action, its error wording) and calls {@link interact}; this module does the
 * rest the same way for every feature:
 * - in reach already: the arrival action runs at once and its outcome answers the request;
 * - otherwise the player walks into reach and the answer comes on arrival (`deferred`);
 * - a target that moves (an NPC, a player) is followed: the walk is planned again when it ends
 *   out of reach, a few times at most;
 * - the newest click wins: a move, an attack, an activity or another interaction asked later ends
 *   this one, acked `{ superseded: true }`; asking for this one ends theirs the same way
 *   ({@link replaceOtherRequests}).
 * The interaction under way lives in a hashed player slot, so replays and the state hash see it, and
 * two players arriving in one tick act in world order.
 */
import type { Rid } from '@tilerealm/protocol';
import { stopActivity } from '../../core/activity';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import { playerSlot } from '../../core/slots';
import type { Tile } from '../../core/types';
import type { World } from '../../core/world';
import { findPath } from '../../map/pathfinder';
import { closeInterface, sameInterface, INTERFACE } from '../bank/interface';
import type { OpenInterface } from '../bank/types';
import { isDying } from '../death/state';
import { dropTarget, hasTarget } from '../combat/state';
import { inReachOf, type Reach } from './reach';

export type { Reach } from './reach';

/** What a refusal or a failure on the way says. */
export interface Failure {
  code: Extract<Outcome, { ok: false }>['code'];
  message: string;
}

/** One interaction: what to walk to, how close, and what to do there. */
export interface InteractionSpec {
  /** What is interacted with, for the state hash and logs (`object`, `npc`, `groundItem`, ...). */
  target: { kind: string; id: string };
  /** Where the target stands now; undefined once it is gone (dead, taken, despawned). */
  locate: (world: World, p: Player) => Tile | undefined;
  reach: Reach;
  /** Runs once in reach; its outcome answers the request. */
  arrive: (world: World, p: Player) => Outcome;
  /** The target may move (an NPC, a player): plan the walk again when it ends out of reach. */
  follow?: boolean;
  /** The interface the arrival opens: another one open closes as the walk starts. */
  opens?: OpenInterface;
  /** The target is gone (before arrival). */
  gone: Failure;
  /** No walk leads into reach (answered at once; nothing changes). */
  unreachable: Failure;
  /** The walk ended out of reach (blocked, or a followed target kept away). */
  stopped: Failure;
}

/** A walk under way towards an interaction's target. */
export interface Interaction extends InteractionSpec {
  rid: Rid | undefined;
  /** New walks planned after a followed target moved away from the end of the last one. */
  reroutes: number;
}

/** How often a walk to a moving target is planned again before the interaction fails (`stopped`). */
export const MAX_REROUTES = 3;

/** The player's interaction under way, if any (none when it enters the world). */
export const INTERACTION = playerSlot('interaction.current', {
  init: (): { current: Interaction | undefined } => ({ current: undefined }),
  hash: (s, h) => {
    const a = s.current;
    h.bool(a !== undefined);
    if (a) h.str(a.target.kind).str(a.target.id).str(reachKey(a.reach)).num(a.reroutes);
  },
});

function reachKey(r: Reach): string {
  return typeof r === 'string' ? r : `within:${r.within}`;
}

const superseded = (
  world: World,
  p: Player,
  rid: Rid | undefined,
  event: 'player:action' | 'player:move',
): void => {
  if (rid !== undefined) world.send(p.id, 'ack', { event, result: { superseded: true } }, rid);
};

/** Answers a request whose outcome came after the tick it was asked in (the handler returned `deferred`). */
export function reply(world: World, p: Player, rid: Rid | undefined, outcome: Outcome): void {
  world.answer(p.id, 'player:action', outcome, rid);
}

/** A walk from the player that ends at its first tile in reach of `to`; undefined when none does. */
export function routeInto(world: World, p: Player, to: Tile, reach: Reach): Tile[] | undefined {
  if (inReachOf(reach, p.x, p.z, to)) return [];
  const route = findPath(world.map, { x: p.x, z: p.z }, { x: to.x, z: to.z });
  if (!route.ok) return undefined;
  const cut = route.steps.findIndex((s) => inReachOf(reach, s.x, s.z, to));
  return cut < 0 ? undefined : route.steps.slice(0, cut + 1);
}

/** Ends the player's interaction under way (if any), acking it as superseded. */
export function cancelInteraction(world: World, p: Player): void {
  const slot = INTERACTION.of(p);
  const a = slot.current;
  if (!a) return;
  slot.current = undefined;
  superseded(world, p, a.rid, 'player:action');
}

/**
 * The newest click wins: ends whatever else the player asked for (a move of this tick, an
 * interaction under way, an activity, an attack). Every request that moves the player or acts
 * calls it (also home teleport).
 */
export function replaceOtherRequests(world: World, p: Player): void {
  if (p.pendingMove) superseded(world, p, p.pendingMove.rid, 'player:move');
  p.pendingMove = undefined;
  stopActivity(world, p, 'replaced');
  dropTarget(p);
  cancelInteraction(world, p);
}

/**
 * Starts an interaction (the caller checked the request and that the target is in range): at once
 * when in reach, else after a walk there (the outcome is then `deferred` and the answer comes on
 * arrival). An unreachable target fails with `spec.unreachable` and changes nothing.
 */
export function interact(world: World, p: Player, spec: InteractionSpec, rid: Rid | undefined): Outcome {
  const to = spec.locate(world, p);
  if (!to) return fail(spec.gone.code, spec.gone.message);
  if (inReachOf(spec.reach, p.x, p.z, to)) {
    replaceOtherRequests(world, p);
    p.path = [];
    return spec.arrive(world, p);
  }
  const steps = routeInto(world, p, to, spec.reach);
  if (!steps) return fail(spec.unreachable.code, spec.unreachable.message);
  replaceOtherRequests(world, p);
  const open = INTERFACE.of(p).open;
  if (open && !(spec.opens && sameInterface(open, spec.opens)))
    closeInterface(world, p, spec.opens ? 'replaced' : 'moved');
  p.path = steps;
  INTERACTION.of(p).current = { ...spec, rid, reroutes: 0 };
  return { ok: true, deferred: true };
}

/**
 * Input phase, after every request of the tick: an interaction that a newer request replaced (a
 * move, an attack, an activity) ends, acked as superseded; a dying player loses it.
 */
export function supersedeInteraction(world: World, p: Player): void {
  const slot = INTERACTION.of(p);
  const a = slot.current;
  if (!a) return;
  if (isDying(p)) {
    slot.current = undefined;
    reply(world, p, a.rid, fail('dead', 'you are dying'));
  } else if (p.pendingMove !== undefined || hasTarget(p) || p.activity !== undefined) {
    slot.current = undefined;
    superseded(world, p, a.rid, 'player:action');
  }
}

/**
 * Players phase, after movement, per player in world order: a player in reach of its target acts;
 * a target gone fails the request; a walk that ended out of reach is planned again towards a
 * followed target that moved (a few times), else fails with `stopped`.
 */
export function resolveInteraction(world: World, p: Player): void {
  const slot = INTERACTION.of(p);
  const a = slot.current;
  if (!a) return;
  const to = a.locate(world, p);
  if (!to) {
    slot.current = undefined;
    reply(world, p, a.rid, fail(a.gone.code, a.gone.message));
  } else if (inReachOf(a.reach, p.x, p.z, to)) {
    slot.current = undefined;
    p.path = [];
    reply(world, p, a.rid, a.arrive(world, p));
  } else if (p.path.length === 0) {
    const steps = a.follow && a.reroutes < MAX_REROUTES ? routeInto(world, p, to, a.reach) : undefined;
    if (steps && steps.length > 0) {
      a.reroutes++;
      p.path = steps;
    } else {
      slot.current = undefined;
      reply(world, p, a.rid, fail(a.stopped.code, a.stopped.message));
    }
  }
}
