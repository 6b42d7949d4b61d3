/**
 * A change to one player made of several steps (a dialogue response's effects, a quest stage and
 * its rewards) that happens all together or not at all. Every step is planned on copies (the
 * inventory, bank, coin pouch, quest progress and quest points); steps that cannot fail (XP,
 * healing, teleporting, opening a bank or shop) are queued. Nothing touches the player until
 * {@link PlayerTx.commit}; a failed step simply drops the transaction, so no item is lost or made.
 */
import type { SkillName } from '../../../content/skills';
import type { LedgerReason } from '../../core/ledger';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import { snapshotOf } from '../../core/snapshot';
import type { QuestProgressState } from '../../core/types';
import type { World } from '../../core/world';
import { bankRoom, inventoryRoom } from '../bank/rules';
import type { ItemContainer } from '../../items/container';
import { MAX_STACK } from '../../items/types';
import { COINS } from '../shops/pouch';
import { grantXp } from '../skills/grant';
import { sendCompleted, sendJournal } from './events';
import { QUESTS } from './state';

/** Where a unit of a reward went. */
export type Placement = 'inventory' | 'bank' | 'pouch';

/** A quest completed in a transaction, with where each reward stack went (for `quest:completed`). */
export interface Completion {
  questId: string;
  items: Array<{ itemId: string; quantity: number; to: Placement }>;
}

/**
 * One all-or-nothing change to a player (see the file comment): dialogue effects and quest rules
 * plan into it, and only {@link PlayerTx.commit} applies it. Dropping it undoes nothing because
 * nothing was done.
 */
export class PlayerTx {
  readonly inventory: ItemContainer;
  readonly bank: ItemContainer;
  coins: number;
  questPoints: number;
  /** A deep copy of the player's quest progress. */
  readonly quests: Map<string, QuestProgressState>;
  readonly completions: Completion[] = [];
  /** Set by a quest step: the commit sends the journal. */
  questsChanged = false;
  /** Set by a step that moves the player away (the conversation ends). */
  teleported = false;
  /** Set by a step that opens the bank or a shop (it takes the conversation's place). */
  opensInterface = false;
  private itemsChanged = false;
  /** Something storage keeps changed: the commit hands a snapshot to the save queue at once. */
  private dirty = false;
  private readonly ledger: Array<{ itemId: string; delta: number; reason: LedgerReason }> = [];
  private readonly steps: Array<() => void> = [];

  constructor(
    private readonly world: World,
    readonly player: Player,
  ) {
    this.inventory = player.inventory.clone();
    this.bank = player.bank.clone();
    this.coins = player.coins;
    const quests = QUESTS.of(player);
    this.questPoints = quests.points;
    this.quests = new Map([...quests.book].map(([id, q]) => [id, structuredClone(q)]));
  }

  /** Units the player carries (coins: the pouch), as planned so far. */
  count(itemId: string): number {
    return itemId === COINS ? this.coins : this.inventory.count(itemId);
  }

  private itemName(itemId: string): string {
    return this.world.itemLookup(itemId)?.name.toLowerCase() ?? itemId;
  }

  /** Puts items in the inventory (coins in the pouch); `inventory_full` when they do not all fit. */
  give(itemId: string, quantity: number, reason: LedgerReason): Outcome {
    if (itemId === COINS) {
      if (quantity > MAX_STACK - this.coins)
        return fail('inventory_full', 'your coin pouch cannot hold that many coins');
      this.coins += quantity;
    } else if (inventoryRoom(this.inventory, itemId) < quantity || !this.inventory.add(itemId, quantity).ok) {
      return fail(
        'inventory_full',
        `you need room in your inventory for ${quantity} x ${this.itemName(itemId)}`,
      );
    }
    this.record(itemId, quantity, reason);
    return { ok: true };
  }

  /** Takes items from the inventory (coins from the pouch); `missing_materials` when there are too few. */
  take(itemId: string, quantity: number, reason: LedgerReason): Outcome {
    if (this.count(itemId) < quantity)
      return fail('missing_materials', `you do not have ${quantity} x ${this.itemName(itemId)}`);
    if (itemId === COINS) this.coins -= quantity;
    else if (!this.inventory.remove(itemId, quantity).ok) throw new Error('quests: the units were counted');
    this.record(itemId, -quantity, reason);
    return { ok: true };
  }

  /**
   * Places a reward: in the inventory (coins in the pouch) as far as it fits, the rest in the bank;
   * undefined (and nothing placed) when the bank cannot take the rest either.
   */
  place(itemId: string, quantity: number, reason: LedgerReason): Completion['items'] | undefined {
    const carried = itemId === COINS ? MAX_STACK - this.coins : inventoryRoom(this.inventory, itemId);
    const here = Math.max(0, Math.min(quantity, carried));
    const rest = quantity - here;
    if (rest > 0 && (this.bank.stacks(itemId) === undefined || bankRoom(this.bank, itemId) < rest))
      return undefined;
    const out: Completion['items'] = [];
    if (here > 0) {
      if (itemId === COINS) this.coins += here;
      else if (!this.inventory.add(itemId, here).ok) throw new Error('quests: the room was counted');
      out.push({ itemId, quantity: here, to: itemId === COINS ? 'pouch' : 'inventory' });
    }
    if (rest > 0) {
      if (!this.bank.add(itemId, rest).ok) throw new Error('quests: the bank room was counted');
      out.push({ itemId, quantity: rest, to: 'bank' });
    }
    this.record(itemId, quantity, reason);
    return out;
  }

  private record(itemId: string, delta: number, reason: LedgerReason): void {
    this.itemsChanged = true;
    this.dirty = true;
    this.ledger.push({ itemId, delta, reason });
  }

  /** Experience, given at the commit (through grantXp: skill:xp and level-up events). */
  xp(skill: SkillName, amount: number): void {
    this.dirty = true;
    this.steps.push(() => grantXp(this.world, this.player, skill, Math.round(amount * 10)));
  }

  /** A step that cannot fail, run at the commit in order; `saved` when it changes what storage keeps. */
  then(step: () => void, saved = false): void {
    if (saved) this.dirty = true;
    this.steps.push(step);
  }

  /** Marks a quest change (the journal goes out and the character is saved at the commit). */
  questChanged(): void {
    this.questsChanged = true;
    this.dirty = true;
  }

  /**
   * Applies everything to the player, records the items made and destroyed in the world's ledger,
   * runs the queued steps, then tells the client (journal, completions) and, when anything
   * storage keeps changed, hands one snapshot to the save queue: a quest's completion and its
   * rewards reach the database together, at once.
   */
  commit(): void {
    const p = this.player;
    if (this.itemsChanged) {
      p.inventory.assign(this.inventory);
      p.bank.assign(this.bank);
    }
    p.coins = this.coins;
    const quests = QUESTS.of(p);
    quests.points = this.questPoints;
    if (this.questsChanged) {
      quests.book.clear();
      for (const [id, q] of this.quests) quests.book.set(id, q);
    }
    for (const l of this.ledger) this.world.ledger.record(l.itemId, l.delta, l.reason, p.id);
    for (const step of this.steps) step();
    for (const c of this.completions) sendCompleted(this.world, p, c);
    if (this.questsChanged) sendJournal(this.world, p);
    if (this.dirty)
      this.world.effect({ type: 'save', snapshot: snapshotOf(this.world, p), reason: 'autosave' });
  }
}
