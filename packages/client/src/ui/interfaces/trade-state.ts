import type { ServerPayload } from '@tilerealm/protocol';

/**
 * The trade window's state as a pure reducer: server trade events (and the few local steps the
 * window takes) in, the view state and the chat lines to log out. No DOM, so it runs in unit tests.
 */

export type OfferEntry = ServerPayload<'tradeUpdated'>['myOffer'][number];
export type TradeWarning = ServerPayload<'tradeConfirmScreen'>['values']['warnings'][number];
export type TradeCancelReason = ServerPayload<'tradeCancelled'>['reason'];

/** A trade request someone sent us, waiting for an answer. */
export interface IncomingRequest {
  tradeId: string;
  fromPlayerId: string;
  fromPlayerName: string;
  expiresAtTick: number;
}

/** The open trade (screen 1: offers, screen 2: confirmation). */
export interface ActiveTrade {
  tradeId: string;
  partnerId: string;
  partnerName: string;
  screen: 1 | 2;
  myOffer: OfferEntry[];
  theirOffer: OfferEntry[];
  myAccepted: boolean;
  theirAccepted: boolean;
  /** Total value of my offer (the server's `values.given` on screen 2, else the entries' sum). */
  given: number;
  /** Total value of their offer. */
  received: number;
  /** Screen 2 only: the wealth-transfer warnings. */
  warnings: TradeWarning[];
  /** The last trade error about this trade, shown in the window until the next own action. */
  error: string | undefined;
}

export interface TradeState {
  /** Pending requests, oldest first (the window shows the newest). */
  incoming: IncomingRequest[];
  trade: ActiveTrade | undefined;
}

export type TradeEvent =
  | { type: 'tradeIncoming'; data: ServerPayload<'tradeIncoming'> }
  | { type: 'tradeStarted'; data: ServerPayload<'tradeStarted'> }
  | { type: 'tradeUpdated'; data: ServerPayload<'tradeUpdated'> }
  | { type: 'tradeConfirmScreen'; data: ServerPayload<'tradeConfirmScreen'> }
  | { type: 'tradeCompleted'; data: ServerPayload<'tradeCompleted'> }
  | { type: 'tradeCancelled'; data: ServerPayload<'tradeCancelled'> }
  | { type: 'tradeError'; data: ServerPayload<'tradeError'> }
  /** We answered (accept or decline) the request: its prompt goes away. */
  | { type: 'answered'; tradeId: string }
  /** We are about to act in the trade: the previous error no longer applies. */
  | { type: 'acting' };

/** What the reducer needs from the outside world, passed in to keep it pure. */
export interface TradeContext {
  /** The own character id (to tell who ended a trade). */
  selfId: string | undefined;
  /** Display name of an item id. */
  itemName(itemId: string): string;
}

export interface TradeStep {
  state: TradeState;
  /** Lines for the chat box (trade channel). */
  log: string[];
}

export const MAX_INCOMING = 5;

export function initialTradeState(): TradeState {
  return { incoming: [], trade: undefined };
}

/** The sum of the entries' values (each entry's `value` already covers its quantity). */
export function offerTotal(entries: readonly OfferEntry[]): number {
  return entries.reduce((sum, e) => sum + e.value, 0);
}

/** "5 x Raw shrimps, 100 x Coins" (single units without the count). */
export function describeItems(
  items: readonly { itemId: string; quantity: number }[],
  name: (id: string) => string,
): string {
  return items
    .map((i) => (i.quantity === 1 ? name(i.itemId) : `${i.quantity} x ${name(i.itemId)}`))
    .join(', ');
}

/** The highlighted sentence for a confirmation-screen warning. */
export function warningText(warning: TradeWarning, partnerName: string): string {
  const who = partnerName || 'The other player';
  switch (warning) {
    case 'offer_changed_recently':
      return `${who} changed their offer in the last few seconds. Check it carefully before accepting.`;
    case 'offer_reduced':
      return `${who} has removed or reduced items in their offer during this trade.`;
    case 'value_loss':
      return 'You are receiving less than half the value you are giving.';
    default:
      return String(warning);
  }
}

/** The acceptance line under the trade screens. */
export function tradeStatus(trade: ActiveTrade): string {
  if (trade.myAccepted && trade.theirAccepted) return 'Both players have accepted.';
  if (trade.theirAccepted) return 'Other player has accepted.';
  if (trade.myAccepted) return 'Waiting for other player...';
  return trade.screen === 2 ? 'Are you sure you want to make this trade?' : '';
}

/** Why a trade ended, as a chat line. */
export function cancelText(reason: TradeCancelReason, byMe: boolean, partnerName: string): string {
  const other = partnerName || 'Other player';
  switch (reason) {
    case 'cancelled':
      return byMe ? 'You declined the trade.' : `${other} declined the trade.`;
    case 'declined':
      return byMe ? 'You declined the trade request.' : `${other} declined the trade request.`;
    case 'expired':
      return 'The trade request expired.';
    case 'moved':
      return 'Trade cancelled: a player moved away.';
    case 'interface_opened':
      return 'Trade cancelled: a player opened another interface.';
    case 'combat':
      return 'Trade cancelled: a player is in combat.';
    case 'activity':
      return 'Trade cancelled: a player started doing something else.';
    case 'died':
      return 'Trade cancelled: a player died.';
    case 'disconnected':
      return 'Trade cancelled: a player disconnected.';
    case 'logout':
      return 'Trade cancelled: a player logged out.';
    case 'timeout':
      return 'Trade cancelled: it timed out.';
    default:
      return `Trade cancelled (${String(reason)}).`;
  }
}

function screenOne(base: Pick<ActiveTrade, 'tradeId' | 'partnerId' | 'partnerName'>): ActiveTrade {
  return {
    ...base,
    screen: 1,
    myOffer: [],
    theirOffer: [],
    myAccepted: false,
    theirAccepted: false,
    given: 0,
    received: 0,
    warnings: [],
    error: undefined,
  };
}

/** The trade the event is about, or a fresh one when we missed its start (e.g. after a reconnect). */
function tradeFor(state: TradeState, tradeId: string): ActiveTrade {
  if (state.trade && state.trade.tradeId === tradeId) return state.trade;
  const request = state.incoming.find((r) => r.tradeId === tradeId);
  return screenOne({
    tradeId,
    partnerId: request?.fromPlayerId ?? '',
    partnerName: request?.fromPlayerName ?? '',
  });
}

function withoutRequest(state: TradeState, tradeId: string): IncomingRequest[] {
  return state.incoming.filter((r) => r.tradeId !== tradeId);
}

/** Applies one event; never mutates `state`. */
export function reduceTrade(state: TradeState, event: TradeEvent, ctx: TradeContext): TradeStep {
  switch (event.type) {
    case 'tradeIncoming': {
      const d = event.data;
      const incoming = [...withoutRequest(state, d.tradeId), { ...d }].slice(-MAX_INCOMING);
      return { state: { ...state, incoming }, log: [`${d.fromPlayerName} wishes to trade with you.`] };
    }
    case 'answered':
      return { state: { ...state, incoming: withoutRequest(state, event.tradeId) }, log: [] };
    case 'acting':
      return state.trade?.error === undefined
        ? { state, log: [] }
        : { state: { ...state, trade: { ...state.trade, error: undefined } }, log: [] };
    case 'tradeStarted': {
      const d = event.data;
      return {
        state: {
          incoming: withoutRequest(state, d.tradeId),
          trade: screenOne({ tradeId: d.tradeId, partnerId: d.partnerId, partnerName: d.partnerName }),
        },
        log: [],
      };
    }
    case 'tradeUpdated': {
      const d = event.data;
      const prev = tradeFor(state, d.tradeId);
      const trade: ActiveTrade = {
        ...prev,
        screen: 1,
        myOffer: d.myOffer,
        theirOffer: d.theirOffer,
        myAccepted: d.myAccepted,
        theirAccepted: d.theirAccepted,
        given: offerTotal(d.myOffer),
        received: offerTotal(d.theirOffer),
        warnings: [],
      };
      return { state: { incoming: withoutRequest(state, d.tradeId), trade }, log: [] };
    }
    case 'tradeConfirmScreen': {
      const d = event.data;
      const prev = tradeFor(state, d.tradeId);
      const trade: ActiveTrade = {
        ...prev,
        screen: 2,
        myOffer: d.myOffer,
        theirOffer: d.theirOffer,
        myAccepted: d.myAccepted,
        theirAccepted: d.theirAccepted,
        given: d.values.given,
        received: d.values.received,
        warnings: [...d.values.warnings],
      };
      return { state: { incoming: withoutRequest(state, d.tradeId), trade }, log: [] };
    }
    case 'tradeCompleted': {
      const d = event.data;
      const received =
        d.receivedItems.length > 0
          ? `You received: ${describeItems(d.receivedItems, ctx.itemName)}.`
          : 'You received nothing.';
      const trade = state.trade?.tradeId === d.tradeId ? undefined : state.trade;
      return {
        state: { incoming: withoutRequest(state, d.tradeId), trade },
        log: [`Accepted trade. ${received}`],
      };
    }
    case 'tradeCancelled': {
      const d = event.data;
      const byMe = d.by !== null && d.by === ctx.selfId;
      if (state.trade?.tradeId === d.tradeId) {
        return {
          state: { incoming: withoutRequest(state, d.tradeId), trade: undefined },
          log: [cancelText(d.reason, byMe, state.trade.partnerName)],
        };
      }
      const request = state.incoming.find((r) => r.tradeId === d.tradeId);
      if (request) {
        // A request to us ended before we answered: tell only when it was not our own decline.
        const log = byMe
          ? []
          : [
              d.reason === 'expired'
                ? `The trade request from ${request.fromPlayerName} expired.`
                : `${request.fromPlayerName} withdrew the trade request.`,
            ];
        return { state: { ...state, incoming: withoutRequest(state, d.tradeId) }, log };
      }
      // Our own request was declined or expired (or an unknown trade ended).
      return { state, log: [cancelText(d.reason, byMe, '')] };
    }
    case 'tradeError': {
      const d = event.data;
      const trade = state.trade;
      if (trade && (d.tradeId === undefined || d.tradeId === trade.tradeId)) {
        return { state: { ...state, trade: { ...trade, error: d.message } }, log: [] };
      }
      return { state, log: [] };
    }
    default:
      return { state, log: [] };
  }
}

/** One inventory slot as the trade window shows it: what is left after the offer's claims. */
export interface TradeInventorySlot {
  slot: number;
  itemId: string;
  /** Units in the slot not yet offered (0: fully offered). */
  available: number;
}

/**
 * The inventory minus what is already offered. An offer claims units by item id, so the claimed
 * units are taken from the earliest slots holding the item.
 */
export function availableInventory(
  inventory: readonly { slot: number; itemId: string; quantity: number }[],
  myOffer: readonly OfferEntry[],
): TradeInventorySlot[] {
  const claimed = new Map<string, number>();
  for (const e of myOffer) claimed.set(e.itemId, (claimed.get(e.itemId) ?? 0) + e.quantity);
  return [...inventory]
    .sort((a, b) => a.slot - b.slot)
    .map((s) => {
      const left = claimed.get(s.itemId) ?? 0;
      const taken = Math.min(left, s.quantity);
      if (taken > 0) claimed.set(s.itemId, left - taken);
      return { slot: s.slot, itemId: s.itemId, available: s.quantity - taken };
    });
}

/** Coins still in the pouch and not offered. */
export function availableCoins(pouch: number, myOffer: readonly OfferEntry[]): number {
  const offered = myOffer.filter((e) => e.itemId === 'coins').reduce((n, e) => n + e.quantity, 0);
  return Math.max(0, pouch - offered);
}
