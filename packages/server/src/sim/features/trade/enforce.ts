/**
 * What ends a trade without a swap, checked after the requests of a tick (input phase) and again
 * after movement, combat and deaths (sync phase): a player who left, dropped its connection, is
 * dying, opened an interface, walked, fights, started an activity, or stands more than 2 tiles from
 * the other; a trade idle too long; a request not answered in time. An offer the player no longer
 * covers (an offered item eaten, dropped or banked) shrinks and sends the trade back to screen 1.
 */
import type { ServerPayload } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { TRADE_IDLE_TICKS, TRADE_RANGE, type Trade, TRADES } from './book';
import { trimToHoldings } from './offers';
import { cancelRequest, cancelTrade, offersChanged } from './session';
import { INTERFACE } from '../bank/interface';
import { isDying } from '../death/state';
import { SESSION } from '../session/state';
import { hasTarget } from '../combat/state';

type CancelReason = ServerPayload<'tradeCancelled'>['reason'];

/** Why `p` cannot be in (or start) a trade now; undefined when it can. */
export function unavailableReason(p: Player | undefined): CancelReason | undefined {
  if (!p) return 'logout';
  const session = SESSION.of(p);
  if (session.logoutWaiting !== undefined) return 'logout';
  if (session.detached) return 'disconnected';
  if (isDying(p) || p.health <= 0) return 'died';
  if (INTERFACE.of(p).open) return 'interface_opened';
  if (p.pendingMove || p.path.length > 0) return 'moved';
  if (hasTarget(p)) return 'combat';
  if (p.activity) return 'activity';
  return undefined;
}

/** Chebyshev distance between two players (the range rule of trading). */
export function tradeDistance(a: Player, b: Player): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.z - b.z));
}

/**
 * Applies the rules to one trade: `ended` (cancelled, both told), `changed` (an offer shrank to
 * what its player still holds: back on screen 1, acceptances reset), or `ok`.
 */
export function enforceTrade(world: World, trade: Trade, afterMovement = false): 'ended' | 'changed' | 'ok' {
  const pa = world.players.get(trade.a.playerId);
  const pb = world.players.get(trade.b.playerId);
  const stepped = (p: Player | undefined) =>
    afterMovement && p !== undefined && (p.x !== p.lastX || p.z !== p.lastZ);
  const reasonA = unavailableReason(pa) ?? (stepped(pa) ? 'moved' : undefined);
  const reasonB = unavailableReason(pb) ?? (stepped(pb) ? 'moved' : undefined);
  if (reasonA || reasonB) {
    const reason = reasonA ?? reasonB ?? 'cancelled';
    cancelTrade(world, trade, reason, reasonA ? trade.a.playerId : trade.b.playerId);
    return 'ended';
  }
  if (!pa || !pb) return 'ended';
  if (tradeDistance(pa, pb) > TRADE_RANGE) {
    cancelTrade(world, trade, 'moved', null);
    return 'ended';
  }
  if (world.tick - trade.activeTick > TRADE_IDLE_TICKS) {
    cancelTrade(world, trade, 'timeout', null);
    return 'ended';
  }
  const trimmedA = trimToHoldings(pa, trade.a, world.tick);
  const trimmedB = trimToHoldings(pb, trade.b, world.tick);
  if (!trimmedA && !trimmedB) return 'ok';
  offersChanged(world, trade);
  const message = 'an offered item is no longer there: the offer shrank and the trade is back on screen 1';
  for (const id of [trade.a.playerId, trade.b.playerId])
    world.send(id, 'tradeError', { code: 'items_missing', message, tradeId: trade.id });
  return 'changed';
}

/**
 * Input and sync phases: ends what may no longer go on (see the module comment). After movement
 * (sync), a player who stepped this tick (pushed, teleported, or a walk) also ends its trade.
 */
export function enforceTrades(world: World, afterMovement = false): void {
  for (const trade of [...TRADES.of(world).trades.values()]) {
    // A fault in a trade is charged to both traders (its state is theirs together): both leave the
    // world, and the trade is cancelled by the next check.
    const traders = [trade.a.playerId, trade.b.playerId].flatMap((id) => world.players.get(id) ?? []);
    world.isolate(traders, () => enforceTrade(world, trade, afterMovement));
  }
  for (const request of [...TRADES.of(world).requests.values()]) {
    if (world.tick >= request.expiresAtTick) cancelRequest(world, request, 'expired', null);
    else if (!world.players.has(request.fromId)) cancelRequest(world, request, 'logout', request.fromId);
    else if (!world.players.has(request.toId)) cancelRequest(world, request, 'logout', request.toId);
  }
}
