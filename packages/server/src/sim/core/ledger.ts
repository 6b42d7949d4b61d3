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
 *
 * Every entry also has an owner: the place whose saved state it changes (a player, or a saved
 * record such as a shop's stock, a ground region or a death lock). The entries wait per owner until
 * that owner's state is next handed to storage (`takeOwned`, called where the snapshot or record is
 * made), and storage adds them to the item_ledger totals in the same transaction as the state. So
 * after any crash, what the database holds differs from what it held before by exactly the
 * ledger totals it holds (docs/reliability.md).
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
  /** - a fired arrow or other ammunition leaving the quiver (whether it breaks or flies on). */
  'ammo_fired',
  /** + a fired arrow that survived, landing on the ground under its target. */
  'ammo_landed',
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

/**
 * Whose saved state a ledger entry changes: a player's id, or `<what>:<key>` of a saved record
 * ({@link recordOwner}). Player ids never contain a colon.
 */
export type LedgerOwner = string;

/** The owner key of a saved record (a shop's stock, a ground region, a death lock). */
export const recordOwner = (what: string, key: string): LedgerOwner => `${what}:${key}`;

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
  /** Entries not yet handed to storage, per owner, then per reason and item. */
  private readonly owned = new Map<LedgerOwner, Map<LedgerReason, Map<string, number>>>();

  /**
   * Records `delta` units of `itemId` created (> 0) or destroyed (< 0) by the rule `reason` in the
   * saved state of `owner`. Call it exactly where the rule changes a container, a pile, the pouch or
   * a shop's stock, with what really changed (after the change succeeded).
   */
  record(itemId: string, delta: number, reason: LedgerReason, owner: LedgerOwner): void {
    if (delta === 0) return;
    let byReason = this.owned.get(owner);
    if (!byReason) {
      byReason = new Map();
      this.owned.set(owner, byReason);
    }
    let items = byReason.get(reason);
    if (!items) {
      items = new Map();
      byReason.set(reason, items);
    }
    items.set(itemId, (items.get(itemId) ?? 0) + delta);
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

  /**
   * Takes the entries recorded for `owner` since its state was last handed to storage (reason
   * order, then first-recorded order; zero nets left out). Call it where the owner's snapshot or
   * record is made, and hand the entries over with it.
   */
  takeOwned(owner: LedgerOwner): LedgerEntry[] {
    const byReason = this.owned.get(owner);
    if (!byReason) return [];
    this.owned.delete(owner);
    const out: LedgerEntry[] = [];
    for (const reason of LEDGER_REASONS) {
      const m = byReason.get(reason);
      if (m) for (const [itemId, delta] of m) if (delta !== 0) out.push({ itemId, reason, delta });
    }
    return out;
  }

  /** Owners with entries waiting for their next save (tests and diagnostics). */
  pendingOwners(): LedgerOwner[] {
    return [...this.owned.keys()];
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
