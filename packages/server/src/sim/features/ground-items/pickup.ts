import type { Rid } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import { stopActivity } from '../../core/activity';
import type { World } from '../../core/world';
import { findPath } from '../../map/pathfinder';
import { addCoins, COINS } from '../shops/pouch';
import type { PendingPickup } from './store';
import { visibleTo, type GroundItem } from './types';
import { GROUND_ITEMS } from './state';

const gone = () => fail('ground_item_gone', 'that item is no longer there');

/** Answers a `player:action` that ended after the tick it was asked in (the handler returned `deferred`). */
export function reply(world: World, p: Player, rid: Rid | undefined, outcome: Outcome): void {
  world.answer(p.id, 'player:action', outcome, rid);
}

/** A pickup (or move) replaced by a newer request: acked as superseded, like movement does. */
function supersede(
  world: World,
  p: Player,
  rid: Rid | undefined,
  event: 'player:action' | 'player:move',
): void {
  if (rid !== undefined) world.send(p.id, 'ack', { event, result: { superseded: true } }, rid);
}

/**
 * `player:action` `pickup`: RuneScape's "walk there, then take". The pile must exist, be visible to
 * the player (its owner, or anyone once public) and lie within view distance. Like clicks, the last
 * request of a tick wins: a move request earlier in the tick, or an earlier pickup, is superseded
 * (acked `{ superseded: true }`). The walk is planned once per player per tick, after all commands
 * ({@link routePickup}), and the pile is taken on arrival ({@link resolvePickup}).
 */
export function requestPickup(
  world: World,
  player: Player,
  groundItemId: string,
  rid: Rid | undefined,
): Outcome {
  const store = GROUND_ITEMS.of(world);
  const pile = store.byId(groundItemId);
  const radius = world.settings.viewDistance;
  if (
    !pile ||
    !visibleTo(pile, player.id, world.tick) ||
    Math.max(Math.abs(pile.x - player.x), Math.abs(pile.z - player.z)) > radius
  ) {
    return fail('ground_item_gone', 'there is no such item in sight');
  }
  if (player.pendingMove) {
    supersede(world, player, player.pendingMove.rid, 'player:move');
    player.pendingMove = undefined;
  }
  const v = store.viewer(player);
  stopActivity(world, player, 'replaced');
  if (v.pending) supersede(world, player, v.pending.rid, 'player:action');
  v.pending = { handle: pile.handle, rid, routed: false };
  return { ok: true, deferred: true };
}

/** Cancels a pickup in progress (another action replaced it), acking it as superseded. */
export function cancelPickup(world: World, player: Player): void {
  const v = GROUND_ITEMS.of(world).viewer(player);
  if (!v.pending) return;
  supersede(world, player, v.pending.rid, 'player:action');
  v.pending = undefined;
}

/**
 * Input phase, after every command of the tick, per player. A move request that came after a pickup
 * (the pickup handler clears earlier ones) cancels the pickup, acked as superseded. A pickup asked
 * for this tick gets its path (one search per player per tick); an unreachable tile fails with
 * `no_path`.
 */
export function routePickup(world: World, p: Player): void {
  const v = GROUND_ITEMS.of(world).viewer(p);
  const req = v.pending;
  if (!req) return;
  if (p.pendingMove) {
    supersede(world, p, req.rid, 'player:action');
    v.pending = undefined;
    return;
  }
  if (req.routed) return;
  const pile = GROUND_ITEMS.of(world).get(req.handle);
  const route = pile ? findPath(world.map, { x: p.x, z: p.z }, { x: pile.x, z: pile.z }) : undefined;
  if (!pile) {
    v.pending = undefined;
    reply(world, p, req.rid, gone());
  } else if (!route?.ok || !route.reachedTarget) {
    v.pending = undefined;
    reply(world, p, req.rid, fail('no_path', 'you cannot reach that item'));
  } else {
    p.path = route.steps;
    req.routed = true;
  }
}

/**
 * Players phase, after movement, per player: a pending pickup whose player stands on the pile's
 * tile takes it (registered per player, so players go in world order and two players reaching a
 * pile in one tick resolve the same way every run). A pile that is gone fails with
 * `ground_item_gone`; a walk that ended elsewhere (stopped, blocked) with `no_path`; otherwise the
 * pickup keeps waiting.
 */
export function resolvePickup(world: World, p: Player): void {
  const v = GROUND_ITEMS.of(world).viewer(p);
  const req: PendingPickup | undefined = v.pending;
  if (!req) return;
  const pile = GROUND_ITEMS.of(world).get(req.handle);
  if (!pile || !visibleTo(pile, p.id, world.tick)) {
    v.pending = undefined;
    reply(world, p, req.rid, gone());
  } else if (p.x === pile.x && p.z === pile.z) {
    v.pending = undefined;
    reply(world, p, req.rid, takePile(world, p, pile));
  } else if (p.path.length === 0) {
    v.pending = undefined;
    reply(world, p, req.rid, fail('no_path', 'you stopped before reaching the item'));
  }
}

/**
 * Moves a whole pile into the player's inventory, all or nothing: when it does not fit (no free
 * slot, or a stack would pass 2^31-1) the pile stays untouched and the answer is `inventory_full`.
 * Coins go to the coin pouch instead (ADR 0010), refused the same way when it would overflow.
 */
export function takePile(world: World, player: Player, pile: GroundItem): Outcome {
  if (pile.itemId === COINS) {
    if (!addCoins(player, pile.quantity))
      return fail('inventory_full', 'your coin pouch cannot hold any more coins');
    GROUND_ITEMS.of(world).noteMover(pile, player.id);
    GROUND_ITEMS.of(world).remove(pile, player.id);
    return { ok: true, result: { groundItemId: pile.id, itemId: pile.itemId, quantity: pile.quantity } };
  }
  const added = player.inventory.add(pile.itemId, pile.quantity);
  if (!added.ok) {
    switch (added.reason) {
      case 'inventory_full':
        return fail('inventory_full', 'you do not have enough inventory space');
      case 'stack_overflow':
        return fail('inventory_full', 'your stack of that item cannot hold any more');
      default:
        return fail('internal_error', `could not take the item (${added.reason})`);
    }
  }
  GROUND_ITEMS.of(world).noteMover(pile, player.id);
  GROUND_ITEMS.of(world).remove(pile, player.id);
  return { ok: true, result: { groundItemId: pile.id, itemId: pile.itemId, quantity: pile.quantity } };
}
