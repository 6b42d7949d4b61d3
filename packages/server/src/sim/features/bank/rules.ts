/**
 * The bank's item moves, as pure rules over a player's containers. Every item stacks in the bank
 * (one slot per item id, up to 2^31-1). Each move is all-or-nothing: it is worked out on copies
 * of the containers and committed only when every step succeeded, so no item is ever lost or
 * created; a failure is a value and changes nothing.
 */
import type { Player } from '../../core/player';
import type { ItemStackRow } from '../../core/types';
import type { ItemContainer } from '../../items/container';
import { MAX_STACK } from '../../items/types';
import { addCoins, COINS, pouchRoom } from '../shops/pouch';

export type BankFailure =
  'invalid_slot' | 'empty_slot' | 'bank_full' | 'inventory_full' | 'pouch_full' | 'unknown_item';

export type BankResult<T> = ({ ok: true } & T) | { ok: false; reason: BankFailure };

const no = (reason: BankFailure) => ({ ok: false as const, reason });

/** Units of `itemId` the bank can take now (an existing stack grows, else a free slot is needed). */
export function bankRoom(bank: ItemContainer, itemId: string): number {
  const held = bank.count(itemId);
  if (held === 0 && bank.freeSlots() === 0) return 0;
  return MAX_STACK - held;
}

/**
 * Units of `itemId` the inventory can take now: a stackable item up to its stack limit (needing a
 * free slot when it holds none yet), a non-stackable one unit per free slot.
 */
export function inventoryRoom(inventory: ItemContainer, itemId: string): number {
  const stacks = inventory.stacks(itemId);
  if (stacks === undefined) return 0;
  if (!stacks) return inventory.freeSlots();
  const held = inventory.count(itemId);
  if (held === 0 && inventory.freeSlots() === 0) return 0;
  return MAX_STACK - held;
}

/**
 * Takes `n` units of the item in `slot` (checked to hold it, with {@link unitsAvailable}) out of
 * `inventory`: that slot first, then, for items that take one slot per unit, other slots holding
 * the same item. Shared with the shops' sales.
 */
export function takeUnits(inventory: ItemContainer, slot: number, itemId: string, n: number): void {
  const fromSlot = Math.min(n, inventory.slot(slot)?.quantity ?? 0);
  if (fromSlot > 0 && !inventory.removeFromSlot(slot, fromSlot).ok) throw new Error('bank: slot changed');
  if (n > fromSlot && !inventory.remove(itemId, n - fromSlot).ok) throw new Error('bank: units vanished');
}

/** Units of the item in `slot` a request for `quantity` may move: capped at what the player holds. */
export function unitsAvailable(inventory: ItemContainer, slot: number, quantity: number): number {
  const row = inventory.slot(slot);
  if (!row) return 0;
  // A stack is one slot; an item without stacking has one unit per slot, so look at the others too.
  const held = inventory.stacks(row.itemId) === false ? inventory.count(row.itemId) : row.quantity;
  return Math.min(quantity, held);
}

function slotFailure(c: ItemContainer, slot: number): BankFailure {
  return Number.isInteger(slot) && slot >= 0 && slot < c.size ? 'empty_slot' : 'invalid_slot';
}

/**
 * Deposits up to `quantity` units of the item in inventory slot `slot`: capped at what the player
 * holds and at what the bank's stack can still hold; `bank_full` when the bank takes none.
 */
export function deposit(p: Player, slot: number, quantity: number): BankResult<ItemStackRow> {
  const row = p.inventory.slot(slot);
  if (!row) return no(slotFailure(p.inventory, slot));
  if (p.bank.stacks(row.itemId) === undefined) return no('unknown_item');
  const n = Math.min(unitsAvailable(p.inventory, slot, quantity), bankRoom(p.bank, row.itemId));
  if (n <= 0) return no('bank_full');
  const inventory = p.inventory.clone();
  const bank = p.bank.clone();
  takeUnits(inventory, slot, row.itemId, n);
  if (!bank.add(row.itemId, n).ok) throw new Error('bank: room was checked');
  p.inventory.assign(inventory);
  p.bank.assign(bank);
  return { ok: true, itemId: row.itemId, quantity: n };
}

/**
 * Withdraws up to `quantity` units from bank slot `bankSlot`: as many as fit (a stackable item up to
 * its stack limit, others one per free inventory slot), at least one or `inventory_full`. Coins go
 * to the coin pouch (`pouch_full` when it cannot take one more).
 */
export function withdraw(p: Player, bankSlot: number, quantity: number): BankResult<ItemStackRow> {
  const row = p.bank.slot(bankSlot);
  if (!row) return no(slotFailure(p.bank, bankSlot));
  const toPouch = row.itemId === COINS;
  if (!toPouch && p.inventory.stacks(row.itemId) === undefined) return no('unknown_item');
  const room = toPouch ? pouchRoom(p) : inventoryRoom(p.inventory, row.itemId);
  const n = Math.min(quantity, row.quantity, room);
  if (n <= 0) return no(toPouch ? 'pouch_full' : 'inventory_full');
  const bank = p.bank.clone();
  const inventory = p.inventory.clone();
  if (!bank.removeFromSlot(bankSlot, n).ok) throw new Error('bank: slot was checked');
  if (!toPouch && !inventory.add(row.itemId, n).ok) throw new Error('bank: room was checked');
  if (toPouch && !addCoins(p, n)) throw new Error('bank: pouch room was checked');
  p.bank.assign(bank);
  p.inventory.assign(inventory);
  return { ok: true, itemId: row.itemId, quantity: n };
}

/** What a deposit-all moved into the bank and how many units stayed behind (no room for them). */
export interface DepositAllResult {
  deposited: ItemStackRow[];
  kept: number;
}

/**
 * Deposits everything carried: each item as far as the bank's room allows (an item that does not
 * fit stays, whole or in part); `bank_full` when nothing at all could go in.
 */
export function depositAllInventory(p: Player): BankResult<DepositAllResult> {
  const inventory = p.inventory.clone();
  const bank = p.bank.clone();
  const totals = new Map<string, number>();
  for (const r of inventory.entries()) totals.set(r.itemId, (totals.get(r.itemId) ?? 0) + r.quantity);
  const deposited: ItemStackRow[] = [];
  let kept = 0;
  for (const [itemId, total] of totals) {
    const n = bank.stacks(itemId) === undefined ? 0 : Math.min(total, bankRoom(bank, itemId));
    kept += total - n;
    if (n <= 0) continue;
    if (!inventory.remove(itemId, n).ok || !bank.add(itemId, n).ok) throw new Error('bank: room was checked');
    deposited.push({ itemId, quantity: n });
  }
  if (deposited.length === 0) return kept > 0 ? no('bank_full') : { ok: true, deposited, kept };
  p.inventory.assign(inventory);
  p.bank.assign(bank);
  return { ok: true, deposited, kept };
}

/** Deposits everything worn, item by item as far as the bank's room allows; `bank_full` when none fits. */
export function depositAllEquipment(p: Player): BankResult<DepositAllResult> {
  const equipment = p.equipment.clone();
  const bank = p.bank.clone();
  const deposited: ItemStackRow[] = [];
  let kept = 0;
  for (const r of equipment.entries()) {
    const n = bank.stacks(r.itemId) === undefined ? 0 : Math.min(r.quantity, bankRoom(bank, r.itemId));
    kept += r.quantity - n;
    if (n <= 0) continue;
    if (!bank.add(r.itemId, n).ok) throw new Error('bank: room was checked');
    equipment.set(r.slot, n === r.quantity ? undefined : { itemId: r.itemId, quantity: r.quantity - n });
    deposited.push({ itemId: r.itemId, quantity: n });
  }
  if (deposited.length === 0) return kept > 0 ? no('bank_full') : { ok: true, deposited, kept };
  p.equipment.assign(equipment);
  p.bank.assign(bank);
  return { ok: true, deposited, kept };
}
