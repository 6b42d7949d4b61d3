/**
 * What the campaign's players were told and what they asked for, kept to judge the database:
 * the trades acknowledged to them (`tradeCompleted`), the shop orders they sent (the only rules
 * of this workload that create or destroy units: coins paid and received, and the restocks and
 * decays that follow), and the piles and gravestones they saw (which may despawn). Without an
 * item ledger in the database these give each item id the change the rules could have made.
 */
import type { Stack } from './db-reader';

/** One player's `tradeCompleted`, as received. */
export interface TradeAck {
  /** Server run (1 = first start) the trade happened in: trade ids are unique within a run only. */
  incarnation: number;
  round: number;
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
  /** The earliest tick the pile could despawn, as far as the players can tell. */
  despawnEarliest: number;
  pickedUp: boolean;
  /** A player's drop: who and when (for the report). */
  droppedBy: string | undefined;
}

interface GraveSeen {
  incarnation: number;
  collapsesAtTick: number;
  items: Stack[];
}

/** Ticks from a player's drop to its despawn (100 owner-only, then 200 public: ground-items README). */
const DROP_DESPAWN_TICKS = 300;
/** The least time any pile can have left when first seen (a public pile lasts 100 ticks). */
const SEEN_DESPAWN_TICKS = 100;
/** A collapsed gravestone's items lie public for 100 ticks. */
const COLLAPSE_DESPAWN_TICKS = 100;
/** Slack for ticks the players may not have seen. */
const MARGIN_TICKS = 5;

export class Journal {
  readonly tradeAcks: TradeAck[] = [];
  /** Shop orders: units asked for or acknowledged, by item id, and coin bounds. */
  readonly bought = new Map<string, number>();
  readonly sold = new Map<string, number>();
  coinsPaidMax = 0;
  coinsReceivedMax = 0;
  readonly piles = new Map<string, PileSeen>();
  private readonly graves = new Map<string, GraveSeen>();
  /** Highest tick known to have been reached, per server run. */
  private readonly lastTick = new Map<number, number>();
  /** Counts of what the players did: `<action>:<outcome>` -> times. */
  readonly outcomes = new Map<string, number>();
  /** Close codes the players were disconnected with while the server kept running. */
  readonly drops = new Map<number, number>();

  count(key: string): void {
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
  }

  sawTick(incarnation: number, tick: number): void {
    if (tick > (this.lastTick.get(incarnation) ?? -1)) this.lastTick.set(incarnation, tick);
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
      despawnEarliest: tick + SEEN_DESPAWN_TICKS,
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
    if (!pile) return;
    pile.droppedBy = by;
    pile.despawnEarliest = Math.max(
      pile.despawnEarliest,
      Math.min(pile.firstSeenTick, tick) + DROP_DESPAWN_TICKS,
    );
  }

  pickedUp(incarnation: number, pileId: string): void {
    const pile = this.piles.get(`${incarnation}:${pileId}`);
    if (pile) pile.pickedUp = true;
  }

  sawGraves(
    incarnation: number,
    graves: ReadonlyArray<{ id: string; collapsesAtTick: number; items: Stack[] }>,
  ): void {
    for (const g of graves)
      this.graves.set(`${incarnation}:${g.id}`, {
        incarnation,
        collapsesAtTick: g.collapsesAtTick,
        items: g.items,
      });
  }

  /** A shop order sent: `units` asked for, `coinsBound` the most coins it could move. */
  order(kind: 'buy' | 'sell', itemId: string, units: number, coinsBound: number): void {
    const map = kind === 'buy' ? this.bought : this.sold;
    map.set(itemId, (map.get(itemId) ?? 0) + units);
    if (kind === 'buy') this.coinsPaidMax += coinsBound;
    else this.coinsReceivedMax += coinsBound;
  }

  /** The order was acknowledged with its real figures: narrow the bounds `order` set. */
  settled(
    kind: 'buy' | 'sell',
    itemId: string,
    asked: number,
    got: number,
    coinsBound: number,
    coins: number,
  ): void {
    const map = kind === 'buy' ? this.bought : this.sold;
    map.set(itemId, (map.get(itemId) ?? 0) - asked + got);
    if (kind === 'buy') this.coinsPaidMax += coins - coinsBound;
    else this.coinsReceivedMax += coins - coinsBound;
  }

  /**
   * Units of each item id that may have despawned: piles not picked up and gravestones whose
   * items may have lain on the ground long enough, in a run that reached that tick.
   */
  despawnAllowance(): Map<string, number> {
    const out = new Map<string, number>();
    const add = (itemId: string, n: number) => out.set(itemId, (out.get(itemId) ?? 0) + n);
    for (const p of this.piles.values()) {
      const last = this.lastTick.get(p.incarnation) ?? -1;
      if (!p.pickedUp && last + MARGIN_TICKS >= p.despawnEarliest) add(p.itemId, p.quantity);
    }
    for (const g of this.graves.values()) {
      const last = this.lastTick.get(g.incarnation) ?? -1;
      if (last + MARGIN_TICKS >= g.collapsesAtTick + COLLAPSE_DESPAWN_TICKS)
        for (const s of g.items) add(s.itemId, s.quantity);
    }
    return out;
  }

  /** Piles the players saw in a server run (those not picked up are what a crash of that run leaves on the ground). */
  pilesOf(incarnation: number): PileSeen[] {
    return [...this.piles.values()].filter((p) => p.incarnation === incarnation);
  }
}
