import type { ItemContainer } from '../../items/container';
import type { ItemLookup } from '../../items/types';

/**
 * Ticks between two natural health changes. OSRS restores one hitpoint every 100 ticks (a minute)
 * and lets boosts above the maximum wear off at the same pace.
 */
export const REGEN_INTERVAL_TICKS = 100;

/** Life points restored (or a boost lost) per interval: one OSRS hitpoint on our 10x scale (ADR 0008). */
export const REGEN_AMOUNT = 10;

/** Why an eat did nothing; each maps to an error code of the protocol. */
export type EatFailure = 'empty_slot' | 'not_usable' | 'eat_delay';

/** What eating the item in a slot would do, decided before anything changes. */
export type EatPlan =
  | { ok: true; itemId: string; name: string; heal: number; eatDelay: number }
  | { ok: false; reason: EatFailure; itemId?: string };

/**
 * Checks that the item in `slot` can be eaten at `tick`: the slot holds something, that something
 * is food, and the previous food's delay has passed. Pure, so the order of the checks (and thus
 * which error a client sees) is fixed and testable without a world.
 */
export function planEat(
  inventory: ItemContainer,
  slot: number,
  lookup: ItemLookup,
  tick: number,
  nextEatTick: number,
): EatPlan {
  const row = inventory.slot(slot);
  if (!row) return { ok: false, reason: 'empty_slot' };
  const def = lookup(row.itemId);
  if (!def?.food) return { ok: false, reason: 'not_usable', itemId: row.itemId };
  if (tick < nextEatTick) return { ok: false, reason: 'eat_delay', itemId: row.itemId };
  return { ok: true, itemId: row.itemId, name: def.name, heal: def.food.heal, eatDelay: def.food.eatDelay };
}

/**
 * Life points a food of `heal` really restores: never past the maximum, and never negative, so a
 * boosted player (health above the maximum) keeps the boost and heals nothing, as in OSRS.
 */
export function healedBy(health: number, maxHealth: number, heal: number): number {
  return Math.max(0, Math.min(heal, maxHealth - health));
}

/**
 * One tick of natural regeneration. The counter runs only while health differs from the maximum
 * (and resets when it matches), so a player hurt at tick T regains {@link REGEN_AMOUNT} at
 * T + {@link REGEN_INTERVAL_TICKS}; health above the maximum decays towards it the same way. A dead
 * player (health 0 or less) neither regenerates nor counts: death and respawn belong to their own
 * feature.
 */
export function regenStep(
  health: number,
  maxHealth: number,
  ticks: number,
): { health: number; ticks: number } {
  if (health <= 0 || health === maxHealth) return { health, ticks: 0 };
  const counted = ticks + 1;
  if (counted < REGEN_INTERVAL_TICKS) return { health, ticks: counted };
  const next =
    health < maxHealth
      ? Math.min(maxHealth, health + REGEN_AMOUNT)
      : Math.max(maxHealth, health - REGEN_AMOUNT);
  return { health: next, ticks: 0 };
}
