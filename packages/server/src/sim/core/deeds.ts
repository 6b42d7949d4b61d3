/**
 * Deeds: what a player just did that other features may care about (a fire lit, an item made, a
 * deposit in the bank, a purchase from a shop). The feature that does it calls {@link emitDeed}
 * after the change succeeded; features that care (quests: their `light_fire`, `make`,
 * `bank_deposit` and `shop_buy` stages) register with {@link onDeed} from their `init`. The feature
 * doing the deed knows nothing of who listens.
 */
import type { Player } from './player';
import { worldSlot } from './slots';
import type { World } from './world';

/** Something a player did, told after it happened. */
export type Deed =
  /** A fire was lit by burning one log of `itemId`. */
  | { type: 'fire_lit'; itemId: string }
  /**
   * One making attempt at a station: `recipeKind` (cook, smelt, smith) and the recipe; `itemId` is
   * the product when it succeeded, undefined when it failed (burnt food, impure ore).
   */
  | { type: 'made'; recipeKind: string; recipeId: string; stationId: string; itemId: string | undefined }
  /** `quantity` units of `itemId` went from the inventory (or equipment) into the bank. */
  | { type: 'bank_deposit'; itemId: string; quantity: number }
  /** `quantity` units of `itemId` were bought from the store `storeId`. */
  | { type: 'shop_buy'; storeId: string; itemId: string; quantity: number };

export type DeedListener = (world: World, p: Player, deed: Deed) => void;

/** The listeners of this world (functions, decided by the features: not part of the state hash). */
const LISTENERS = worldSlot('core.deedListeners', { init: (): DeedListener[] => [] });

/**
 * Registers a listener for every deed in `world` (call it from a feature's `init`, so each world
 * gets its own). Listeners run in registration order, inside the tick that did the deed.
 */
export function onDeed(world: World, fn: DeedListener): void {
  LISTENERS.of(world).push(fn);
}

/** Tells every listener that `p` did `deed` (call it after the change succeeded). */
export function emitDeed(world: World, p: Player, deed: Deed): void {
  for (const fn of LISTENERS.of(world)) fn(world, p, deed);
}
