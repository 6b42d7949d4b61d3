/**
 * The state of player-to-player trading: pending requests and open trades. Pure data with lookups;
 * the rules live in offers.ts (what an offer may hold, the swap), handlers.ts (the client events)
 * and enforce.ts (what ends a trade).
 */
import type { Rid } from '@tilerealm/protocol';
import { worldSlot } from '../../core/slots';

/** Ticks a trade request waits for an answer (30 s). */
export const TRADE_REQUEST_TICKS = 50;
/** Ticks an open trade may go without any change or acceptance before it is cancelled (5 min). */
export const TRADE_IDLE_TICKS = 500;
/** Chebyshev distance (tiles) within which two players may start and keep a trade (the spec's 2 tiles). */
export const TRADE_RANGE = 2;
/** An offer change this recent (ticks, 3 s) when the offer screen is accepted is flagged on screen 2. */
export const RECENT_CHANGE_TICKS = 5;

/** A trade request waiting for the target's answer. */
export interface TradeRequest {
  id: string;
  fromId: string;
  toId: string;
  expiresAtTick: number;
}

/** One entry of an offer: units of one item (coins from the pouch are the `coins` entry). */
export interface OfferEntry {
  itemId: string;
  quantity: number;
}

/** One player's side of an open trade. */
export interface TradeSide {
  playerId: string;
  /** Distinct item ids, in the order first offered. */
  offer: OfferEntry[];
  accepted: boolean;
  /** Tick of the last change to this offer (null: never changed). */
  changedTick: number | null;
  /** Something was taken back from this offer, or it shrank, during this trade. */
  reduced: boolean;
}

/** An open trade between two players: screen 1 (offers) or 2 (confirmation). */
export interface Trade {
  id: string;
  a: TradeSide;
  b: TradeSide;
  screen: 1 | 2;
  /** Tick of the last change or acceptance (for the idle timeout). */
  activeTick: number;
}

/**
 * A trade whose swap is done in the world and waits for storage to commit it (with both
 * characters, in one transaction). Until then neither player is told it completed, and neither may
 * start another trade: a crash before the commit must leave both exactly as before the trade.
 */
export interface CommittingTrade {
  id: string;
  a: { playerId: string; received: OfferEntry[]; given: OfferEntry[] };
  b: { playerId: string; received: OfferEntry[]; given: OfferEntry[] };
  /** The player whose acceptance made the swap, and that request's id: answered at the commit. */
  acceptedBy: string;
  acceptRid: Rid | undefined;
}

/** Requests and trades of the world, indexed by id and by player. */
export class TradeBook {
  readonly requests = new Map<string, TradeRequest>();
  readonly trades = new Map<string, Trade>();
  /** Swapped trades waiting for their commit, by id (see {@link CommittingTrade}). */
  readonly committing = new Map<string, CommittingTrade>();
  private readonly tradeOf = new Map<string, string>();
  private seq = 0;

  /**
   * A fresh id, unique across runs (`t<run>_<tick>_<n>`, tick and n in base 36): it is also the id
   * of the trade's audit row, which outlives the run, while the tick counter restarts every run.
   */
  nextId(runId: string, tick: number): string {
    this.seq += 1;
    return `t${runId}_${tick.toString(36)}_${this.seq.toString(36)}`;
  }

  /** The open trade `playerId` is part of. */
  tradeOfPlayer(playerId: string): Trade | undefined {
    const id = this.tradeOf.get(playerId);
    return id === undefined ? undefined : this.trades.get(id);
  }

  open(trade: Trade): void {
    this.trades.set(trade.id, trade);
    this.tradeOf.set(trade.a.playerId, trade.id);
    this.tradeOf.set(trade.b.playerId, trade.id);
  }

  close(trade: Trade): void {
    this.trades.delete(trade.id);
    if (this.tradeOf.get(trade.a.playerId) === trade.id) this.tradeOf.delete(trade.a.playerId);
    if (this.tradeOf.get(trade.b.playerId) === trade.id) this.tradeOf.delete(trade.b.playerId);
  }

  /** The swapped trade of `playerId` still waiting for its commit. */
  committingOf(playerId: string): CommittingTrade | undefined {
    for (const t of this.committing.values())
      if (t.a.playerId === playerId || t.b.playerId === playerId) return t;
    return undefined;
  }

  /** The waiting request from `fromId` to `toId`. */
  requestBetween(fromId: string, toId: string): TradeRequest | undefined {
    for (const r of this.requests.values()) if (r.fromId === fromId && r.toId === toId) return r;
    return undefined;
  }
}

/** The side of `trade` that is `playerId`'s, and the other one. */
/** Trade requests and open trades. */
export const TRADES = worldSlot('trades', {
  init: () => new TradeBook(),
  hash: (book, h) => {
    for (const t of book.trades.values()) {
      h.str(t.id).num(t.screen).bool(t.a.accepted).bool(t.b.accepted);
      for (const e of [...t.a.offer, ...t.b.offer]) h.str(e.itemId).num(e.quantity);
    }
    for (const id of book.committing.keys()) h.str(id);
  },
});

export function sidesOf(trade: Trade, playerId: string): { mine: TradeSide; theirs: TradeSide } | undefined {
  if (trade.a.playerId === playerId) return { mine: trade.a, theirs: trade.b };
  if (trade.b.playerId === playerId) return { mine: trade.b, theirs: trade.a };
  return undefined;
}

/** Units of `itemId` in an offer. */
export function offered(offer: readonly OfferEntry[], itemId: string): number {
  return offer.find((e) => e.itemId === itemId)?.quantity ?? 0;
}
