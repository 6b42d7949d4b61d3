/**
 * Home teleport casts: starting one (it replaces whatever else the player asked for, like any new
 * click), the checks that end it early, and the landing at the starter town with the cooldown
 * saved at once (the state: state.ts).
 */
import {
  HOME_TELEPORT_CAST_TICKS,
  HOME_TELEPORT_COOLDOWN_TICKS,
  type ServerPayload,
} from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import { snapshotOf } from '../../core/snapshot';
import type { World } from '../../core/world';
import { replaceOtherRequests as replaceWalkAndActions } from '../interaction/interaction';
import { closeInterface, INTERFACE } from '../bank/interface';
import { castRefusal, homeSpawn, landingTile } from './rules';
import { CASTS, COOLDOWN, type Cast } from './state';
import { TRADES } from '../trade/book';
import { isDying } from '../death/state';
import { COMBAT, hasTarget } from '../combat/state';
import { viewersOf } from '../sync/viewers';

/** Why a cast ended without a landing. */
export type CancelReason = ServerPayload<'teleport:cancelled'>['reason'];

/** The live cast of `p`, if any. */
function castOf(world: World, p: Player): Cast | undefined {
  const c = CASTS.of(world).get(p.id);
  return c?.player === p ? c : undefined;
}

/** Whether `p` is casting home teleport (for features that must refuse or end things meanwhile). */
export function isCasting(world: World, p: Player): boolean {
  return castOf(world, p) !== undefined;
}

/** Tells the caster and every player in view about a cast event. */
function tellViewers<E extends 'teleport:started' | 'teleport:cancelled'>(
  world: World,
  p: Player,
  event: E,
  data: ServerPayload<E>,
): void {
  for (const viewer of viewersOf(world, p)) world.send(viewer, event, data);
}

/** Ends every other request of the player: the cast is the newest click, and the caster stands still. */
function replaceOtherRequests(world: World, p: Player): void {
  replaceWalkAndActions(world, p);
  p.path = [];
  closeInterface(world, p, 'replaced');
}

/**
 * `player:action` `homeTeleport`: refused (see {@link castRefusal}) or started; the ack carries
 * when it lands.
 */
export function startCast(world: World, p: Player): Outcome {
  if (castOf(world, p)) return fail('teleport_casting', 'you are already casting home teleport');
  const refusal = castRefusal(world, p);
  if (refusal) return refusal;
  replaceOtherRequests(world, p);
  const landsAt = world.tick + HOME_TELEPORT_CAST_TICKS;
  CASTS.of(world).set(p.id, {
    player: p,
    landsAt,
    x: p.x,
    z: p.z,
    health: p.health,
    combatUntil: COMBAT.of(p).inCombatUntil,
  });
  tellViewers(world, p, 'teleport:started', {
    tick: world.tick,
    playerId: p.id,
    playerIdx: p.idx,
    landsAtTick: landsAt,
  });
  return { ok: true, result: { landsAtTick: landsAt, castTicks: HOME_TELEPORT_CAST_TICKS } };
}

/** Ends the player's cast, if any, telling it and everyone in view why. True when there was one. */
export function cancelCast(world: World, p: Player, reason: CancelReason): boolean {
  if (!castOf(world, p)) return false;
  CASTS.of(world).delete(p.id);
  tellViewers(world, p, 'teleport:cancelled', {
    tick: world.tick,
    playerId: p.id,
    playerIdx: p.idx,
    reason,
  });
  return true;
}

/** Why the cast must end now; undefined while it may go on. */
function interruption(world: World, p: Player, c: Cast): CancelReason | undefined {
  if (isDying(p)) return 'died';
  const hitSince = COMBAT.of(p).inCombatUntil !== c.combatUntil;
  if (hitSince && p.health < c.health) return 'damage';
  if (hitSince || hasTarget(p)) return 'combat';
  if (p.pendingMove || p.path.length > 0 || p.x !== c.x || p.z !== c.z) return 'moved';
  if (INTERFACE.of(p).open || TRADES.of(world).tradeOfPlayer(p.id)) return 'interface';
  if (p.activity) return 'activity';
  return undefined;
}

/**
 * Ends every cast whose player left (silently), or did something that interrupts it. Runs after
 * the requests of a tick (input phase) and after movement, combat and deaths (players phase).
 */
export function checkCasts(world: World): void {
  const casts = CASTS.of(world);
  for (const [id, c] of casts) {
    if (world.players.get(id) !== c.player) {
      casts.delete(id);
      continue;
    }
    world.isolate(c.player, () => {
      const reason = interruption(world, c.player, c);
      if (reason) cancelCast(world, c.player, reason);
      else c.health = c.player.health;
    });
  }
}

/** Players phase, after {@link checkCasts}: every cast that is due lands. */
export function landCasts(world: World): void {
  const casts = CASTS.of(world);
  for (const [id, c] of casts) {
    // A player taken out of the world by a fault since checkCasts keeps its cast until the next check.
    if (world.tick < c.landsAt || world.players.get(id) !== c.player) continue;
    world.isolate(c.player, () => {
      const to = landingTile(world.map, homeSpawn(world));
      if (!to) {
        cancelCast(world, c.player, 'blocked');
        return;
      }
      casts.delete(id);
      land(world, c.player, to.x, to.z);
    });
  }
}

/**
 * Moves the player home and starts the cooldown, saved at once: a crash right after the landing
 * must not hand the teleport back.
 */
function land(world: World, p: Player, x: number, z: number): void {
  p.x = x;
  p.z = z;
  p.path = [];
  COMBAT.of(p).tolerance = { x, z, since: world.tick };
  world.spatial.set(p.idx, x, z);
  COOLDOWN.of(p).readyTick = world.tick + HOME_TELEPORT_COOLDOWN_TICKS;
  world.effect({ type: 'save', snapshot: snapshotOf(world, p), reason: 'autosave' });
  world.send(p.id, 'teleport:completed', {
    tick: world.tick,
    x,
    z,
    cooldownTicks: HOME_TELEPORT_COOLDOWN_TICKS,
  });
}
