/**
 * The item ledger: every unit of an item (or coin) that a rule creates or destroys is recorded
 * here, with the rule's reason, so "where did these come from?" always has an answer. Moves between
 * owners (drop, pickup, bank, equip, death, a shop's stock changing hands) are not recorded: they
 * change no total. So, over one tick, the items in the world (players' inventories, equipment, banks
 * and coin pouches, ground piles, shop stock, gravestones and arrows in flight) change by exactly
 * the ledger's net for that tick (test/sim/economy.property.test.ts checks it after every tick).
 *
 * It costs one Map update per call and keeps one tick only: the world resets it at the start of
 * each step, and `lastTick()` reads it after the step.
 */

/** Why items were created (+) or destroyed (-); a closed list, one per rule that does it. */
export const LEDGER_REASONS = [
  /** + a tree's or rock's yields, a fishing catch. */
  'gather',
  /** - the bait a fishing catch used. */
  'bait',
  /** + a gathering skill's bonus drop (bird nests, gems, clue scrolls), in the inventory or on the ground. */
  'bonus_drop',
  /** - the logs a fire burnt. */
  'firemaking',
  /** + the ashes a fire leaves when it burns out. */
  'ashes',
  /** -/+ cooking: raw food in, cooked or burnt food out. */
  'cook',
  /** -/+ smelting: ores in, a bar out (or nothing when the ore was impure). */
  'smelt',
  /** -/+ smithing: bars in, the product out. */
  'smith',
  /** - the coins (or the shop's currency) paid for a purchase; the item itself moves from the stock. */
  'shop_buy_coins',
  /** + the coins (or the shop's currency) a sale pays; the item itself moves into the stock. */
  'shop_sell_coins',
  /** + a listed item's stock growing back toward its base stock. */
  'restock',
  /** - stock above its base stock (and temporary stock) wearing away. */
  'stock_decay',
  /** - a ground pile whose time ran out. */
  'despawn',
  /** - a public ground pile evicted to make room when the world is at its pile cap. */
  'evict',
  /** + an NPC's drops. */
  'npc_drop',
  /** - a fired arrow that broke (or found no room on the ground where it landed). */
  'arrow_break',
  /** - food eaten. */
  'eat',
  /** + an item an NPC hands over in dialogue (a quest letter, a replacement for a lost one). */
  'dialogue_give',
  /** - an item an NPC takes in dialogue (a quest delivery). */
  'dialogue_take',
  /** + a completed quest's reward items and coins (inventory, bank or pouch). */
  'quest_reward',
  /** - bones buried (prayer). */
  'bury',
] as const;

export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** One line of a tick's ledger: the net units of an item created (+) or destroyed (-) for a reason. */
export interface LedgerEntry {
  itemId: string;
  reason: LedgerReason;
  delta: number;
}

/** What the ledger holds about one tick. */
export interface LedgerTick {
  tick: number;
  /** Net change per item id (entries whose changes cancelled out stay, at 0). */
  readonly net: ReadonlyMap<string, number>;
  /** Net change per reason, then per item id (only reasons used this tick have entries). */
  readonly byReason: ReadonlyMap<LedgerReason, ReadonlyMap<string, number>>;
}

/** A tick's creations and destructions of items; see the file comment. */
export class Ledger {
  private tick = 0;
  private readonly net = new Map<string, number>();
  private readonly byReason = new Map<LedgerReason, Map<string, number>>();
  /** Reason maps kept across ticks (cleared, not reallocated), so recording allocates nothing once warm. */
  private readonly spare = new Map<LedgerReason, Map<string, number>>();

  /**
   * Records `delta` units of `itemId` created (> 0) or destroyed (< 0) by the rule `reason`. Call
   * it exactly where the rule changes a container, a pile, the pouch or a shop's stock, with what
   * really changed (after the change succeeded).
   */
  record(itemId: string, delta: number, reason: LedgerReason): void {
    if (delta === 0) return;
    this.net.set(itemId, (this.net.get(itemId) ?? 0) + delta);
    let m = this.byReason.get(reason);
    if (!m) {
      m = this.spare.get(reason);
      if (!m) {
        m = new Map<string, number>();
        this.spare.set(reason, m);
      }
      this.byReason.set(reason, m);
    }
    m.set(itemId, (m.get(itemId) ?? 0) + delta);
  }

  /** Starts a new tick's ledger (the world calls it at the start of each step). */
  reset(tick: number): void {
    this.tick = tick;
    this.net.clear();
    for (const m of this.byReason.values()) m.clear();
    this.byReason.clear();
  }

  /** The ledger of the last (or current) tick; the maps are live until the next reset. */
  lastTick(): LedgerTick {
    return { tick: this.tick, net: this.net, byReason: this.byReason };
  }

  /** Net units of `itemId` created (+) or destroyed (-) so far in this tick. */
  netOf(itemId: string): number {
    return this.net.get(itemId) ?? 0;
  }

  /** The tick's ledger as a flat list (reason order, then first-recorded order): for logs and tests. */
  entries(): LedgerEntry[] {
    const out: LedgerEntry[] = [];
    for (const reason of LEDGER_REASONS) {
      const m = this.byReason.get(reason);
      if (m) for (const [itemId, delta] of m) if (delta !== 0) out.push({ itemId, reason, delta });
    }
    return out;
  }
}
