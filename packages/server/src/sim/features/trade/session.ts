/**
 * The life of an open trade: start, every change (which resets both acceptances), the move to the
 * confirmation screen, the swap, and the end without a swap. Each function leaves the trade in a
 * consistent state and tells both players.
 */
import type { Rid, ServerPayload } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { RECENT_CHANGE_TICKS, sidesOf, type Trade, type TradeRequest, type TradeSide, TRADES } from './book';
import { checkSwap, offerValue, offerView, swap, type SwapFailure } from './offers';
import { snapshotOf } from '../../core/snapshot';

type CancelReason = ServerPayload<'tradeCancelled'>['reason'];

const emptySide = (playerId: string): TradeSide => ({
  playerId,
  offer: [],
  accepted: false,
  changedTick: null,
  reduced: false,
});

/** Opens a trade between the requester and the target of `request` (which it replaces). */
export function startTrade(world: World, request: TradeRequest, from: Player, to: Player): Trade {
  TRADES.of(world).requests.delete(request.id);
  const trade: Trade = {
    id: request.id,
    a: emptySide(from.id),
    b: emptySide(to.id),
    screen: 1,
    activeTick: world.tick,
  };
  TRADES.of(world).open(trade);
  world.send(from.id, 'tradeStarted', { tradeId: trade.id, partnerId: to.id, partnerName: to.name });
  world.send(to.id, 'tradeStarted', { tradeId: trade.id, partnerId: from.id, partnerName: from.name });
  return trade;
}

/** Sends each player its view of screen 1. */
export function sendUpdate(world: World, trade: Trade): void {
  for (const side of [trade.a, trade.b]) {
    const sides = sidesOf(trade, side.playerId);
    if (!sides) continue;
    world.send(side.playerId, 'tradeUpdated', {
      tradeId: trade.id,
      screen: 1,
      myOffer: offerView(world, sides.mine.offer),
      theirOffer: offerView(world, sides.theirs.offer),
      myAccepted: sides.mine.accepted,
      theirAccepted: sides.theirs.accepted,
    });
  }
}

/** Sends each player its view of screen 2 with the wealth-transfer indicators. */
export function sendConfirm(world: World, trade: Trade): void {
  for (const side of [trade.a, trade.b]) {
    const sides = sidesOf(trade, side.playerId);
    if (!sides) continue;
    const given = offerValue(world, sides.mine.offer);
    const received = offerValue(world, sides.theirs.offer);
    const warnings: ServerPayload<'tradeConfirmScreen'>['values']['warnings'] = [];
    const changed = sides.theirs.changedTick;
    if (changed !== null && world.tick - changed <= RECENT_CHANGE_TICKS)
      warnings.push('offer_changed_recently');
    if (sides.theirs.reduced) warnings.push('offer_reduced');
    if (received * 2 < given) warnings.push('value_loss');
    world.send(side.playerId, 'tradeConfirmScreen', {
      tradeId: trade.id,
      screen: 2,
      myOffer: offerView(world, sides.mine.offer),
      theirOffer: offerView(world, sides.theirs.offer),
      values: { given, received, theirOfferChangedTick: changed, warnings },
      myAccepted: sides.mine.accepted,
      theirAccepted: sides.theirs.accepted,
    });
  }
}

/** An offer changed (or must be looked at again): both acceptances reset, back on screen 1. */
export function offersChanged(world: World, trade: Trade): void {
  trade.a.accepted = false;
  trade.b.accepted = false;
  trade.screen = 1;
  trade.activeTick = world.tick;
  sendUpdate(world, trade);
}

/** Ends a trade without a swap; both players learn why (and who ended it, when someone did). */
export function cancelTrade(world: World, trade: Trade, reason: CancelReason, by: string | null): void {
  TRADES.of(world).close(trade);
  for (const id of [trade.a.playerId, trade.b.playerId])
    if (world.players.has(id)) world.send(id, 'tradeCancelled', { tradeId: trade.id, reason, by });
}

/** Withdraws a request; both players learn why. */
export function cancelRequest(
  world: World,
  request: TradeRequest,
  reason: CancelReason,
  by: string | null,
): void {
  TRADES.of(world).requests.delete(request.id);
  for (const id of [request.fromId, request.toId])
    if (world.players.has(id)) world.send(id, 'tradeCancelled', { tradeId: request.id, reason, by });
}

/** The trade's two players, when both are still in the world. */
export function tradersOf(world: World, trade: Trade): [Player, Player] | undefined {
  const pa = world.players.get(trade.a.playerId);
  const pb = world.players.get(trade.b.playerId);
  return pa && pb ? [pa, pb] : undefined;
}

/** Whether `failure` is on `playerId`'s side of the trade. */
export function failureIsMine(trade: Trade, failure: SwapFailure, playerId: string): boolean {
  return (failure.side === 'a' ? trade.a.playerId : trade.b.playerId) === playerId;
}

/** Whether both could receive what the other offers, as things stand. */
export function roomCheck(world: World, trade: Trade): { ok: true } | ({ ok: false } & SwapFailure) {
  const players = tradersOf(world, trade);
  if (!players) return { ok: false, side: 'a', reason: 'items_missing' };
  return checkSwap(players[0], players[1], trade.a.offer, trade.b.offer);
}

/**
 * Both accepted screen 2: the swap. Both inventories and pouches change in the same tick, and the
 * two characters' snapshots go to storage with the trade's audit row as one record, which the save
 * queue writes in one transaction. The trade then waits for that commit ({@link onTradeCommitted}):
 * only then are the players told, so `tradeCompleted` always means the trade is in the database.
 */
export function completeTrade(
  world: World,
  trade: Trade,
  acceptedBy: string,
  acceptRid: Rid | undefined,
): { ok: true } | ({ ok: false } & SwapFailure) {
  const players = tradersOf(world, trade);
  if (!players) return { ok: false, side: 'a', reason: 'items_missing' };
  const [pa, pb] = players;
  const result = swap(pa, pb, trade.a.offer, trade.b.offer);
  if (!result.ok) return result;
  TRADES.of(world).close(trade);
  const stacks = (side: TradeSide) => side.offer.map((e) => ({ itemId: e.itemId, quantity: e.quantity }));
  TRADES.of(world).committing.set(trade.id, {
    id: trade.id,
    a: { playerId: pa.id, received: stacks(trade.b), given: stacks(trade.a) },
    b: { playerId: pb.id, received: stacks(trade.a), given: stacks(trade.b) },
    acceptedBy,
    acceptRid,
  });
  world.effect({
    type: 'persist',
    what: 'tradeLog',
    key: trade.id,
    data: {
      characterAId: pa.id,
      characterBId: pb.id,
      itemsFromA: stacks(trade.a),
      itemsFromB: stacks(trade.b),
    },
    snapshots: [snapshotOf(world, pa), snapshotOf(world, pb)],
    confirm: true,
  });
  return { ok: true };
}

/**
 * The `committed` command of a trade's audit row: the swap is in the database. Both players (those
 * still in the world) get `tradeCompleted`, and the acceptance that made the swap its ack.
 */
export function onTradeCommitted(world: World, tradeId: string): void {
  const t = TRADES.of(world).committing.get(tradeId);
  if (!t) return;
  TRADES.of(world).committing.delete(tradeId);
  for (const side of [t.a, t.b]) {
    if (!world.players.has(side.playerId)) continue;
    world.send(side.playerId, 'tradeCompleted', {
      tradeId: t.id,
      receivedItems: side.received,
      givenItems: side.given,
    });
  }
  if (world.players.has(t.acceptedBy))
    world.answer(
      t.acceptedBy,
      'tradeAccept',
      { ok: true, result: { screen: 2, completed: true } },
      t.acceptRid,
    );
}

/**
 * Forgets swapped trades whose players have both left the world without the commit coming back
 * (their save was set aside): nobody is left to tell.
 */
export function dropOrphanedCommits(world: World): void {
  for (const t of TRADES.of(world).committing.values())
    if (!world.players.has(t.a.playerId) && !world.players.has(t.b.playerId))
      TRADES.of(world).committing.delete(t.id);
}
