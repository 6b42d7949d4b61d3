/**
 * What an offer may hold and the swap itself. An offer is a claim, not a container: offered items
 * stay in the inventory (and offered coins in the pouch) until the swap, so nothing is ever held in
 * a place a save would not see. Every step checks the claim against what the player still holds;
 * the swap re-validates both sides on copies and applies both or neither.
 */
import type { ServerPayload } from '@tilerealm/protocol';
import { TRADE_OFFER_MAX_ENTRIES } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import type { ItemContainer } from '../../items/container';
import { itemValue } from '../inventory/value';
import { MAX_STACK } from '../../items/types';
import { COINS } from '../shops/pouch';
import { offered, type OfferEntry, type TradeSide } from './book';

type OfferView = ServerPayload<'tradeUpdated'>['myOffer'];

/** Units of `itemId` (or coins) the player holds and has not offered yet. */
export function unoffered(p: Player, side: TradeSide, itemId: string): number {
  const held = itemId === COINS ? p.coins : p.inventory.count(itemId);
  return Math.max(0, held - offered(side.offer, itemId));
}

/** Why an addition was refused, or the units added (capped at what is held and not yet offered). */
export type AddResult = { ok: true; added: number } | { ok: false; reason: 'none_left' | 'offer_full' };

/** Adds up to `quantity` of `itemId` to the side's offer; a change resets nothing by itself. */
export function addToOffer(
  p: Player,
  side: TradeSide,
  itemId: string,
  quantity: number,
  tick: number,
): AddResult {
  const units = Math.min(quantity, unoffered(p, side, itemId));
  if (units <= 0) return { ok: false, reason: 'none_left' };
  const entry = side.offer.find((e) => e.itemId === itemId);
  if (entry) entry.quantity += units;
  else if (side.offer.length >= TRADE_OFFER_MAX_ENTRIES) return { ok: false, reason: 'offer_full' };
  else side.offer.push({ itemId, quantity: units });
  side.changedTick = tick;
  return { ok: true, added: units };
}

/** Takes up to `quantity` units of offer entry `index` back; the units taken (0: no such entry). */
export function removeFromOffer(side: TradeSide, index: number, quantity: number, tick: number): number {
  const entry = side.offer[index];
  if (!entry) return 0;
  const units = Math.min(quantity, entry.quantity);
  entry.quantity -= units;
  if (entry.quantity === 0) side.offer.splice(index, 1);
  side.changedTick = tick;
  side.reduced = true;
  return units;
}

/**
 * Shrinks the offer to what the player still holds (an offered item eaten, dropped or banked):
 * true when anything shrank.
 */
export function trimToHoldings(p: Player, side: TradeSide, tick: number): boolean {
  let trimmed = false;
  for (let i = side.offer.length - 1; i >= 0; i--) {
    const e = side.offer[i];
    if (!e) continue;
    const held = e.itemId === COINS ? p.coins : p.inventory.count(e.itemId);
    if (held >= e.quantity) continue;
    trimmed = true;
    if (held > 0) e.quantity = held;
    else side.offer.splice(i, 1);
  }
  if (trimmed) {
    side.changedTick = tick;
    side.reduced = true;
  }
  return trimmed;
}

/** An offer as the client sees it: each entry with its value by the item manifests (a coin is 1). */
export function offerView(world: World, offer: readonly OfferEntry[]): OfferView {
  return offer.map((e) => ({ itemId: e.itemId, quantity: e.quantity, value: entryValue(world, e) }));
}

export function offerValue(world: World, offer: readonly OfferEntry[]): number {
  let total = 0;
  for (const e of offer) total = Math.min(Number.MAX_SAFE_INTEGER, total + entryValue(world, e));
  return total;
}

function entryValue(world: World, e: OfferEntry): number {
  return e.itemId === COINS ? e.quantity : itemValue(e.itemId, e.quantity, world.itemLookup);
}

/** What a swap touches of a player: the inventory and the coin pouch. */
export interface Holdings {
  readonly inventory: ItemContainer;
  coins: number;
}

/** Which side a failed swap fails on, and why. */
export type SwapFailure = { side: 'a' | 'b'; reason: 'items_missing' | 'no_room' };

/**
 * The swap: each player gives its offer and receives the other's, or nothing happens. Worked out
 * on copies of both inventories and pouches (removals first, so a slot a player gives frees room
 * for what it receives), then assigned to both players together.
 */
export function swap(
  pa: Holdings,
  pb: Holdings,
  offerA: readonly OfferEntry[],
  offerB: readonly OfferEntry[],
): { ok: true } | ({ ok: false } & SwapFailure) {
  const invA = pa.inventory.clone();
  const invB = pb.inventory.clone();
  let coinsA = pa.coins;
  let coinsB = pb.coins;
  for (const e of offerA) {
    if (e.itemId === COINS) {
      if (coinsA < e.quantity) return { ok: false, side: 'a', reason: 'items_missing' };
      coinsA -= e.quantity;
    } else if (!invA.remove(e.itemId, e.quantity).ok)
      return { ok: false, side: 'a', reason: 'items_missing' };
  }
  for (const e of offerB) {
    if (e.itemId === COINS) {
      if (coinsB < e.quantity) return { ok: false, side: 'b', reason: 'items_missing' };
      coinsB -= e.quantity;
    } else if (!invB.remove(e.itemId, e.quantity).ok)
      return { ok: false, side: 'b', reason: 'items_missing' };
  }
  for (const e of offerB) {
    if (e.itemId === COINS) {
      if (coinsA + e.quantity > MAX_STACK) return { ok: false, side: 'a', reason: 'no_room' };
      coinsA += e.quantity;
    } else if (!invA.add(e.itemId, e.quantity).ok) return { ok: false, side: 'a', reason: 'no_room' };
  }
  for (const e of offerA) {
    if (e.itemId === COINS) {
      if (coinsB + e.quantity > MAX_STACK) return { ok: false, side: 'b', reason: 'no_room' };
      coinsB += e.quantity;
    } else if (!invB.add(e.itemId, e.quantity).ok) return { ok: false, side: 'b', reason: 'no_room' };
  }
  pa.inventory.assign(invA);
  pb.inventory.assign(invB);
  pa.coins = coinsA;
  pb.coins = coinsB;
  return { ok: true };
}

/** Whether the swap would succeed now, without changing anything. */
export function checkSwap(
  pa: Holdings,
  pb: Holdings,
  offerA: readonly OfferEntry[],
  offerB: readonly OfferEntry[],
): { ok: true } | ({ ok: false } & SwapFailure) {
  const copy = (h: Holdings): Holdings => ({ inventory: h.inventory.clone(), coins: h.coins });
  return swap(copy(pa), copy(pb), offerA, offerB);
}
