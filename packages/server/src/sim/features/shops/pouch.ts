/**
 * The coin pouch (ADR 0010): a character's coins are the `coins` column, never an inventory item.
 * Picking up a coins pile, selling to a shop and withdrawing coins from the bank add to it; buying
 * from a shop takes from it. It holds at most {@link MAX_STACK} coins, like any stack.
 */
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { MAX_STACK } from '../../items/types';

/** The item id that is money: it goes to the pouch instead of the inventory. */
export const COINS = 'coins';

/** How many more coins the pouch can take before it would pass {@link MAX_STACK}. */
export function pouchRoom(p: Player): number {
  return Math.max(0, MAX_STACK - p.coins);
}

/**
 * Adds `amount` coins to the pouch, all or nothing: false (and no change) when the pouch would
 * pass {@link MAX_STACK} or the amount is not a non-negative integer.
 */
export function addCoins(p: Player, amount: number): boolean {
  if (!Number.isInteger(amount) || amount < 0 || amount > pouchRoom(p)) return false;
  p.coins += amount;
  return true;
}

/** Takes `amount` coins from the pouch, all or nothing: false (and no change) when it holds fewer. */
export function takeCoins(p: Player, amount: number): boolean {
  if (!Number.isInteger(amount) || amount < 0 || amount > p.coins) return false;
  p.coins -= amount;
  return true;
}

/** Pouch value last sent to each player (player:sync carries it too, so the first look only records it). */
const sentCoins = new WeakMap<Player, number>();

/**
 * Sync phase: sends `player:coins` to a player whose pouch changed since the last send, at most
 * once per tick whatever the number of changes.
 */
export function syncCoins(world: World, p: Player): void {
  const sent = sentCoins.get(p);
  if (sent === p.coins) return;
  sentCoins.set(p, p.coins);
  // First look at a player who just entered: its player:sync already told the client.
  if (sent === undefined && p.joinedTick === world.tick) return;
  world.send(p.id, 'player:coins', { tick: world.tick, coins: p.coins });
}
