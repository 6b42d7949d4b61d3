/**
 * What the campaign's players were told and did, kept to judge the database and explain a
 * finding: the trades acknowledged to them (`tradeCompleted`), the piles they saw, dropped and
 * picked up in each server run, and counts of their actions' outcomes.
 */
import type { Stack } from './db-reader';

/** One player's `tradeCompleted`, as received. */
export interface TradeAck {
  /** Server run (1 = first start) the trade was acknowledged in. */
  incarnation: number;
  round: number;
  /** The world's trade id, unique across runs: the id of the trade's trade_log row. */
  tradeId: string;
  playerId: string;
  partnerId: string;
  given: Stack[];
  received: Stack[];
  /** Milliseconds since the campaign started. */
  atMs: number;
}

export interface PileSeen {
  incarnation: number;
  id: string;
  itemId: string;
  /** The largest quantity seen (a stackable pile can merge with a later drop). */
  quantity: number;
  firstSeenTick: number;
  pickedUp: boolean;
  /** A player's drop: who (for the report). */
  droppedBy: string | undefined;
}

export class Journal {
  readonly tradeAcks: TradeAck[] = [];
  /** Piles by `<run>:<pile id>` (pile ids are unique within a run). */
  readonly piles = new Map<string, PileSeen>();
  /** Counts of what the players did: `<action>:<outcome>` -> times. */
  readonly outcomes = new Map<string, number>();
  /** Close codes the players were disconnected with while the server kept running. */
  readonly drops = new Map<number, number>();

  count(key: string): void {
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
  }

  sawPile(incarnation: number, tick: number, p: { id: string; itemId: string; quantity: number }): void {
    const key = `${incarnation}:${p.id}`;
    const held = this.piles.get(key);
    if (held) {
      held.quantity = Math.max(held.quantity, p.quantity);
      return;
    }
    this.piles.set(key, {
      incarnation,
      id: p.id,
      itemId: p.itemId,
      quantity: p.quantity,
      firstSeenTick: tick,
      pickedUp: false,
      droppedBy: undefined,
    });
  }

  dropped(
    incarnation: number,
    tick: number,
    by: string,
    p: { id: string; itemId: string; quantity: number },
  ): void {
    this.sawPile(incarnation, tick, p);
    const pile = this.piles.get(`${incarnation}:${p.id}`);
    if (pile) pile.droppedBy = by;
  }

  pickedUp(incarnation: number, pileId: string): void {
    const pile = this.piles.get(`${incarnation}:${pileId}`);
    if (pile) pile.pickedUp = true;
  }

  /** Piles the players saw in a server run (for the details of an item finding). */
  pilesOf(incarnation: number): PileSeen[] {
    return [...this.piles.values()].filter((p) => p.incarnation === incarnation);
  }
}
