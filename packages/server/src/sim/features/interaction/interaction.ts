/**
 * The one "walk up to it, then act on it" rule of the server: a click on a bank booth, a banker or
 * shopkeeper, an NPC to talk to, an altar, a ground item, a gravestone, a tree, rock or fishing
 * spot, or a station (ADR 0019). A feature describes the interaction ({@link InteractionSpec}: the
 * target and where it stands now, the reach rule, the arrival action, its error wording) and calls
 * {@link interact}; this module does the rest the same way for every feature:
 * - in reach already: the arrival action runs at once and its outcome answers the request;
 * - otherwise the player walks into reach and the answer comes on arrival (`deferred`);
 * - an interaction that goes on after arrival (`continues`: gathering, making at a station) starts
 *   its activity and is answered at once (acceptance); the arrival begins the activity's attempts,
 *   and a failure on the way stops the activity (`activity:stopped` with the failure's code);
 * - a target that moves (an NPC, a player) is followed: the walk is planned again each tick the
 *   target stands out of reach of the walk's end, for as long as the first walk plus
 *   {@link FOLLOW_TICKS} ticks;
 * - the newest click wins: a move, an attack, an activity or another interaction asked later ends
 *   this one, acked `{ superseded: true }`; asking for this one ends theirs the same way
 *   ({@link replaceOtherRequests}).
 * The interaction under way lives in a hashed player slot, so replays and the state hash see it, and
 * two players arriving in one tick act in world order.
 */
import type { Rid } from '@tilerealm/protocol';
import { startActivity, stopActivity, type Activity } from '../../core/activity';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import { playerSlot } from '../../core/slots';
import type { World } from '../../core/world';
import { closeInterface, sameInterface, INTERFACE } from '../bank/interface';
import type { OpenInterface } from '../bank/types';
import { isDying } from '../death/state';
import { dropTarget, hasTarget } from '../combat/state';
import { inReachOf, routeInto, type Place, type Reach } from './reach';

export type { Place, Reach } from './reach';
export { routeInto } from './reach';

/** What a refusal or a failure on the way says. */
export interface Failure {
  code: Extract<Outcome, { ok: false }>['code'];
  message: string;
}

/** One interaction: what to walk to, how close, and what to do there. */
export interface InteractionSpec {
  /** What is interacted with, for the state hash and logs (`object`, `npc`, `groundItem`, ...). */
  target: { kind: string; id: string };
  /** Where the target stands now (its tile or the tiles it covers); undefined once it is gone. */
  locate: (world: World, p: Player) => Place | undefined;
  reach: Reach;
  /** Runs once in reach; its outcome answers the request (in `continues` mode: a failure stops the activity). */
  arrive: (world: World, p: Player) => Outcome;
  /**
   * The interaction goes on after arrival as `activity` (several attempts, run by the feature's own
   * activity tick): the request starts it at once and is answered with `accepted` then; the walk
   * belongs to it; a failure on the way stops it with the failure's code as the reason.
   */
  continues?: { activity: Activity; accepted: Outcome };
  /** The target may move (an NPC, a player): plan the walk again when it ends out of reach. */
  follow?: boolean;
  /** The interface the arrival opens: another one open closes as the walk starts. */
  opens?: OpenInterface;
  /** The target is gone (before arrival). */
  gone: Failure;
  /** No walk leads into reach (answered at once; nothing changes). */
  unreachable: Failure;
  /** The walk ended out of reach (blocked, or a followed target kept away past the chase's time). */
  stopped: Failure;
}

/** A walk under way towards an interaction's target. */
export interface Interaction extends InteractionSpec {
  rid: Rid | undefined;
  /**
   * The tick from which a followed target that stands out of reach of the walk's end is no longer
   * followed (the interaction fails `stopped`): the first walk's length plus {@link FOLLOW_TICKS}.
   */
  giveUpAt: number;
}

/**
 * How long a chase may outlast its first walk (ticks): a wandering NPC is always caught within it,
 * and one that keeps walking away (as fast as the player) is given up on (`stopped`) after 18 s.
 */
export const FOLLOW_TICKS = 30;

/** The player's interaction under way, if any (none when it enters the world). */
export const INTERACTION = playerSlot('interaction.current', {
  init: (): { current: Interaction | undefined } => ({ current: undefined }),
  hash: (s, h) => {
    const a = s.current;
    h.bool(a !== undefined);
    if (a)
      h.str(a.target.kind)
        .str(a.target.id)
        .str(reachKey(a.reach))
        .num(a.giveUpAt)
        .bool(a.continues !== undefined);
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
 * calls it: the interactions here, an attack, lighting a fire, a move, `stop`, home teleport.
 * `why` is the activity's stop reason (`replaced`; a move says `moved`, `stop` says `stopped`).
 */
export function replaceOtherRequests(world: World, p: Player, why = 'replaced'): void {
  if (p.pendingMove) superseded(world, p, p.pendingMove.rid, 'player:move');
  p.pendingMove = undefined;
  stopActivity(world, p, why);
  dropTarget(p);
  cancelInteraction(world, p);
}

/** Ends an interaction that failed: its request gets the failure, or its activity stops with the code. */
function failed(world: World, p: Player, a: Interaction, why: Failure): void {
  INTERACTION.of(p).current = undefined;
  if (!a.continues) reply(world, p, a.rid, fail(why.code, why.message));
  else if (p.activity === a.continues.activity) stopActivity(world, p, why.code);
}

/** Runs the arrival: answers the request, or (continuing) stops the activity when the arrival fails. */
function arrived(world: World, p: Player, a: InteractionSpec): Outcome {
  p.path = [];
  const out = a.arrive(world, p);
  if (!a.continues) return out;
  if (!out.ok) stopActivity(world, p, out.code);
  return out.ok ? a.continues.accepted : out;
}

/**
 * Starts an interaction (the caller checked the request and that the target is in range): at once
 * when in reach, else after a walk there (the outcome is then `deferred` and the answer comes on
 * arrival; in `continues` mode the activity starts now and the answer is `accepted`). An
 * unreachable target fails with `spec.unreachable` and changes nothing.
 */
export function interact(world: World, p: Player, spec: InteractionSpec, rid: Rid | undefined): Outcome {
  const to = spec.locate(world, p);
  if (!to) return fail(spec.gone.code, spec.gone.message);
  const steps = routeInto(world, p, to, spec.reach);
  if (!steps) return fail(spec.unreachable.code, spec.unreachable.message);
  replaceOtherRequests(world, p);
  if (spec.continues) startActivity(world, p, spec.continues.activity);
  if (steps.length === 0) return arrived(world, p, spec);
  // An interface stays open for a walk to what opens it again; a continuing activity closes it
  // itself (reason `activity`).
  const open = INTERFACE.of(p).open;
  if (!spec.continues && open && !(spec.opens && sameInterface(open, spec.opens)))
    closeInterface(world, p, spec.opens ? 'replaced' : 'moved');
  p.path = steps;
  const giveUpAt = world.tick + steps.length + FOLLOW_TICKS;
  INTERACTION.of(p).current = { ...spec, rid: spec.continues ? undefined : rid, giveUpAt };
  return spec.continues ? spec.continues.accepted : { ok: true, deferred: true };
}

/**
 * Input phase, after every request of the tick: an interaction that a newer request replaced (a
 * move, an attack, another activity) ends, acked as superseded; a dying player loses it (a
 * continuing one leaves the stop to its activity).
 */
export function supersedeInteraction(world: World, p: Player): void {
  const slot = INTERACTION.of(p);
  const a = slot.current;
  if (!a) return;
  const mine = a.continues?.activity;
  if (isDying(p)) {
    slot.current = undefined;
    if (!mine) reply(world, p, a.rid, fail('dead', 'you are dying'));
  } else if (p.pendingMove !== undefined || hasTarget(p) || p.activity !== mine) {
    slot.current = undefined;
    superseded(world, p, a.rid, 'player:action');
  }
}

/**
 * Players phase, after movement, per player in world order: a player in reach of its target acts;
 * a target gone fails the request; a followed target that stands out of reach of the walk's end
 * gets a new walk (until the chase's time is up); a walk that ended out of reach fails `stopped`.
 */
export function resolveInteraction(world: World, p: Player): void {
  const slot = INTERACTION.of(p);
  const a = slot.current;
  if (!a) return;
  if (a.continues && p.activity !== a.continues.activity) {
    slot.current = undefined; // the activity ended meanwhile (depleted, dead...): nothing to walk for
    return;
  }
  const to = a.locate(world, p);
  if (!to) return failed(world, p, a, a.gone);
  if (inReachOf(a.reach, p.x, p.z, to)) {
    slot.current = undefined;
    const out = arrived(world, p, a);
    if (!a.continues) reply(world, p, a.rid, out);
  } else if (a.follow ? !chase(world, p, a, to) : p.path.length === 0) {
    failed(world, p, a, a.stopped);
  }
}

/**
 * Keeps a walk aimed at a followed target (as the RuneScape engines do, every tick): when the
 * target stands out of reach of the walk's last tile, or the walk ended, a new walk is planned to
 * where it stands now. False when the chase is over: its time is up, or no walk leads there.
 */
function chase(world: World, p: Player, a: Interaction, to: Place): boolean {
  const end = p.path[p.path.length - 1];
  if (end && inReachOf(a.reach, end.x, end.z, to)) return true;
  if (world.tick >= a.giveUpAt) return false;
  const steps = routeInto(world, p, to, a.reach);
  if (!steps || steps.length === 0) return false;
  p.path = steps;
  return true;
}
