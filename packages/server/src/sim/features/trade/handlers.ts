/**
 * The trade client events. Each either changes the trade and answers `ack`, or answers `tradeError`
 * (world.ts routes failures of trade events there) and changes nothing. A trade event about a trade
 * the player is not part of, or one that has ended, is `trade_not_found`.
 */
import type { ClientPayload, Rid } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, OK, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { COINS } from '../shops/pouch';
import { sidesOf, TRADE_RANGE, TRADE_REQUEST_TICKS, type Trade, type TradeSide, TRADES } from './book';
import { enforceTrade, tradeDistance, unavailableReason } from './enforce';
import { addToOffer, removeFromOffer } from './offers';
import {
  cancelRequest,
  cancelTrade,
  completeTrade,
  failureIsMine,
  offersChanged,
  roomCheck,
  sendConfirm,
  sendUpdate,
  startTrade,
} from './session';
import { INTERFACE } from '../bank/interface';
import { isDying } from '../death/state';

const notFound = (tradeId: string): Outcome =>
  fail('trade_not_found', 'no such trade or trade request of yours (it may have ended)', tradeId);

/** Why `p` may not start a trade (its own state), as a failure; undefined when it may. */
function ownBlock(world: World, p: Player): Outcome | undefined {
  if (isDying(p)) return fail('dead', 'you are dying');
  if (TRADES.of(world).tradeOfPlayer(p.id)) return fail('already_trading', 'you are already trading');
  if (TRADES.of(world).committingOf(p.id))
    return fail('already_trading', 'your last trade is still being saved: try again in a moment');
  if (INTERFACE.of(p).open) return fail('interface_open', 'close your bank or shop first');
  return undefined;
}

/** Why `p` and `other` may not start trading, as a failure; undefined when they may. */
function pairBlock(world: World, p: Player, other: Player): Outcome | undefined {
  const own = ownBlock(world, p);
  if (own) return own;
  if (other.ignored.has(p.id)) return fail('trade_refused', `${other.name} is not accepting trades from you`);
  if (tradeDistance(p, other) > TRADE_RANGE)
    return fail('too_far', `you must be within ${TRADE_RANGE} tiles of ${other.name} to trade`);
  if (
    TRADES.of(world).tradeOfPlayer(other.id) ||
    TRADES.of(world).committingOf(other.id) ||
    unavailableReason(other)
  )
    return fail('partner_busy', `${other.name} is busy`);
  return undefined;
}

export function tradeRequest(world: World, p: Player, data: ClientPayload<'tradeRequest'>): Outcome {
  const target = world.players.get(data.targetPlayerId);
  if (data.targetPlayerId === p.id) return fail('cannot_trade_self', 'you cannot trade with yourself');
  if (!target) return fail('player_not_found', 'that player is not in the world');
  const blocked = pairBlock(world, p, target);
  if (blocked) return blocked;
  // Both asked each other: the second request is the answer to the first.
  const theirs = TRADES.of(world).requestBetween(target.id, p.id);
  if (theirs) {
    startTrade(world, theirs, target, p);
    return { ok: true, result: { tradeId: theirs.id, started: true } };
  }
  if (TRADES.of(world).requestBetween(p.id, target.id))
    return fail('request_pending', `you already asked ${target.name}; wait for the answer`);
  const id = TRADES.of(world).nextId(world.runId, world.tick);
  const expiresAtTick = world.tick + TRADE_REQUEST_TICKS;
  TRADES.of(world).requests.set(id, { id, fromId: p.id, toId: target.id, expiresAtTick });
  world.send(target.id, 'tradeIncoming', {
    tradeId: id,
    fromPlayerId: p.id,
    fromPlayerName: p.name,
    expiresAtTick,
  });
  return { ok: true, result: { tradeId: id, started: false } };
}

export function tradeRequestRespond(
  world: World,
  p: Player,
  data: ClientPayload<'tradeRequestRespond'>,
): Outcome {
  const request = TRADES.of(world).requests.get(data.tradeId);
  if (!request || request.toId !== p.id) return notFound(data.tradeId);
  if (!data.accept) {
    TRADES.of(world).requests.delete(request.id);
    world.send(request.fromId, 'tradeCancelled', { tradeId: request.id, reason: 'declined', by: p.id });
    return OK;
  }
  const from = world.players.get(request.fromId);
  if (!from) {
    cancelRequest(world, request, 'logout', request.fromId);
    return fail('player_not_found', 'that player has left', request.id);
  }
  const blocked = pairBlock(world, p, from);
  if (blocked) return blocked.ok ? blocked : { ...blocked, tradeId: request.id };
  startTrade(world, request, from, p);
  return { ok: true, result: { tradeId: request.id } };
}

/**
 * The open trade `tradeId` with `p`'s side, or the failure to answer. The ending rules are applied
 * first, so a step never acts on a trade that should already have ended (a move asked earlier in the
 * same tick) or on an offer its player no longer covers (`changed`: it shrank and went back to screen 1).
 */
function myTrade(
  world: World,
  p: Player,
  tradeId: string,
): { trade: Trade; mine: TradeSide; theirs: TradeSide; changed: boolean } | Outcome {
  const trade = TRADES.of(world).trades.get(tradeId);
  const sides = trade ? sidesOf(trade, p.id) : undefined;
  if (!trade || !sides) return notFound(tradeId);
  const state = enforceTrade(world, trade);
  if (state === 'ended') return fail('trade_not_found', 'the trade has ended (see tradeCancelled)', tradeId);
  return { trade, ...sides, changed: state === 'changed' };
}

const isOutcome = (v: object): v is Outcome => 'ok' in v;

function onOfferScreen(trade: Trade): Outcome | undefined {
  return trade.screen === 1
    ? undefined
    : fail('wrong_screen', 'offers change on screen 1: send tradeModify to go back', trade.id);
}

export function tradeAddItem(world: World, p: Player, data: ClientPayload<'tradeAddItem'>): Outcome {
  const t = myTrade(world, p, data.tradeId);
  if (isOutcome(t)) return t;
  const wrong = onOfferScreen(t.trade);
  if (wrong) return wrong;
  const row = p.inventory.slot(data.inventorySlot);
  if (!row) return fail('empty_slot', 'that inventory slot is empty', t.trade.id);
  const def = world.itemLookup(row.itemId);
  if (!def?.tradeable || row.itemId === COINS)
    return fail('not_tradeable', `${def?.name ?? row.itemId} cannot be traded`, t.trade.id);
  return offer(world, t.trade, p, t.mine, row.itemId, data.quantity);
}

export function tradeAddCoins(world: World, p: Player, data: ClientPayload<'tradeAddCoins'>): Outcome {
  const t = myTrade(world, p, data.tradeId);
  if (isOutcome(t)) return t;
  return onOfferScreen(t.trade) ?? offer(world, t.trade, p, t.mine, COINS, data.quantity);
}

function offer(
  world: World,
  trade: Trade,
  p: Player,
  side: TradeSide,
  itemId: string,
  quantity: number,
): Outcome {
  const added = addToOffer(p, side, itemId, quantity, world.tick);
  if (!added.ok) {
    if (added.reason === 'offer_full')
      return fail('offer_full', 'your offer cannot hold another item', trade.id);
    return itemId === COINS
      ? fail('not_enough_coins', 'every coin in your pouch is already offered', trade.id)
      : fail('empty_slot', 'every one of those is already offered', trade.id);
  }
  offersChanged(world, trade);
  return { ok: true, result: { itemId, added: added.added } };
}

export function tradeRemoveItem(world: World, p: Player, data: ClientPayload<'tradeRemoveItem'>): Outcome {
  const t = myTrade(world, p, data.tradeId);
  if (isOutcome(t)) return t;
  const wrong = onOfferScreen(t.trade);
  if (wrong) return wrong;
  const itemId = t.mine.offer[data.offerSlot]?.itemId;
  const removed = removeFromOffer(t.mine, data.offerSlot, data.quantity, world.tick);
  if (removed === 0) return fail('invalid_slot', 'your offer has no such entry', t.trade.id);
  offersChanged(world, t.trade);
  return { ok: true, result: { itemId, removed } };
}

export function tradeAccept(
  world: World,
  p: Player,
  data: ClientPayload<'tradeAccept'>,
  rid: Rid | undefined,
): Outcome {
  const t = myTrade(world, p, data.tradeId);
  if (isOutcome(t)) return t;
  const { trade, mine, theirs } = t;
  if (t.changed)
    return fail(
      'items_missing',
      'an offer changed just now: look at the trade again before accepting',
      trade.id,
    );
  mine.accepted = true;
  trade.activeTick = world.tick;
  if (!theirs.accepted) {
    if (trade.screen === 1) sendUpdate(world, trade);
    else sendConfirm(world, trade);
    return { ok: true, result: { screen: trade.screen, completed: false } };
  }
  // Both accepted: screen 1 moves on to the confirmation, screen 2 swaps.
  const outcome = trade.screen === 1 ? roomCheck(world, trade) : completeTrade(world, trade, p.id, rid);
  if (!outcome.ok) {
    offersChanged(world, trade);
    const mineFailed = failureIsMine(trade, outcome, p.id);
    const code =
      outcome.reason === 'items_missing'
        ? 'items_missing'
        : mineFailed
          ? 'inventory_full'
          : 'partner_inventory_full';
    const other = theirs.playerId;
    const otherCode =
      code === 'items_missing' ? code : mineFailed ? 'partner_inventory_full' : 'inventory_full';
    world.send(other, 'tradeError', {
      code: otherCode,
      message: 'the trade could not go on',
      tradeId: trade.id,
    });
    return fail(code, 'the trade cannot go on: nothing moved, and it is back on screen 1', trade.id);
  }
  if (trade.screen === 1) {
    trade.screen = 2;
    trade.a.accepted = false;
    trade.b.accepted = false;
    sendConfirm(world, trade);
    return { ok: true, result: { screen: 2, completed: false } };
  }
  // The swap is answered once storage has committed it (see onTradeCommitted).
  return { ok: true, deferred: true };
}

export function tradeModify(world: World, p: Player, data: ClientPayload<'tradeModify'>): Outcome {
  const t = myTrade(world, p, data.tradeId);
  if (isOutcome(t)) return t;
  if (t.trade.screen !== 2) return fail('wrong_screen', 'the trade is already on screen 1', t.trade.id);
  offersChanged(world, t.trade);
  return OK;
}

export function tradeCancel(world: World, p: Player, data: ClientPayload<'tradeCancel'>): Outcome {
  const trade = TRADES.of(world).trades.get(data.tradeId);
  if (trade && sidesOf(trade, p.id)) {
    cancelTrade(world, trade, 'cancelled', p.id);
    return OK;
  }
  const request = TRADES.of(world).requests.get(data.tradeId);
  if (request && (request.fromId === p.id || request.toId === p.id)) {
    cancelRequest(world, request, request.fromId === p.id ? 'cancelled' : 'declined', p.id);
    return OK;
  }
  return notFound(data.tradeId);
}
