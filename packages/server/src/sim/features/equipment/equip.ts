import type { ItemDef } from '../../../content/content-types';
import { SKILLS, type SkillName } from '../../../content/skills';
import type { ItemContainer } from '../../items/container';
import {
  fail,
  MAX_STACK,
  type ContainerFailureReason,
  type Failure,
  type ItemLookup,
} from '../../items/types';
import { isEquipSlot, type Equipment, type EquipSlot } from '../../items/equipment';

/** The levels equipment requirements are checked against (a Player's `skills` fits). */
export type SkillLevelsView = Readonly<Record<SkillName, { readonly level: number }>>;

/** An item taken off by an equip (the item it replaced, or a shield/two-handed weapon it displaced). */
export interface Unequipped {
  slot: EquipSlot;
  itemId: string;
  quantity: number;
}

/**
 * Why an equip or unequip did nothing: a container reason, `not_equippable` (the item has no
 * equipment slot), or `level_too_low` naming the first unmet skill (in skill order) and the level
 * it needs.
 */
export type EquipFailure =
  | Failure<ContainerFailureReason | 'not_equippable'>
  | { ok: false; reason: 'level_too_low'; skill: SkillName; required: number };

/** On success: the slot filled, the item, how many left the inventory, and what came off. */
export type EquipResult =
  { ok: true; slot: EquipSlot; itemId: string; quantity: number; unequipped: Unequipped[] } | EquipFailure;

/** On success: the slot emptied, what was in it, and the inventory slots it went to. */
export type UnequipResult =
  | { ok: true; slot: EquipSlot; itemId: string; quantity: number; inventorySlots: number[] }
  | Failure<ContainerFailureReason>;

/**
 * The first requirement of `def` that `skills` do not meet, in skill order; undefined when all are
 * met. Pass real (unboosted) levels: as in Old School RuneScape, boosts do not count for equipping.
 */
export function unmetRequirement(
  def: ItemDef,
  skills: SkillLevelsView,
): { skill: SkillName; required: number } | undefined {
  for (const skill of SKILLS) {
    const required = def.requirements[skill];
    if (required !== undefined && skills[skill].level < required) return { skill, required };
  }
  return undefined;
}

/** True when `def` is a weapon that needs both hands (the shield slot must be empty). */
export function isTwoHanded(def: ItemDef | undefined): boolean {
  return def?.weapon?.twoHanded === true;
}

/**
 * Wears the item in inventory slot `invSlot`. The rules, in order:
 * - the item must have an equipment slot and the player must meet every level requirement;
 * - a stackable item (ammunition) moves as its whole stack; if the same item is already in that
 *   slot the quantities merge (past {@link MAX_STACK} is `stack_overflow`), otherwise the worn one is
 *   swapped out;
 * - a two-handed weapon also takes off the shield; a shield takes off a two-handed weapon;
 * - whatever comes off goes back to the inventory: into the freed slot first (or onto its existing
 *   stack), then into free slots; if it does not all fit the result is `inventory_full`.
 * All or nothing: the work is done on clones and committed only when every step succeeded, so on
 * failure both containers (and their versions) are unchanged.
 */
export function equip(
  equipment: Equipment,
  inventory: ItemContainer,
  invSlot: number,
  skills: SkillLevelsView,
  lookup: ItemLookup,
): EquipResult {
  if (!Number.isInteger(invSlot) || invSlot < 0 || invSlot >= inventory.size) return fail('invalid_slot');
  const row = inventory.slot(invSlot);
  if (!row) return fail('empty_slot');
  const def = lookup(row.itemId);
  if (!def) return fail('unknown_item');
  const target = def.equipSlot;
  if (!target) return fail('not_equippable');
  const unmet = unmetRequirement(def, skills);
  if (unmet) return { ok: false, reason: 'level_too_low', ...unmet };

  const quantity = def.stackable ? row.quantity : 1;
  const inv = inventory.clone();
  const eq = equipment.clone();
  inv.removeFromSlot(invSlot, quantity);

  let worn = quantity;
  const off: EquipSlot[] = [];
  const current = eq.get(target);
  if (current && current.itemId === def.id && def.stackable) {
    if (current.quantity + quantity > MAX_STACK) return fail('stack_overflow');
    worn += current.quantity;
  } else if (current) {
    off.push(target);
  }
  if (target === 'weapon' && isTwoHanded(def) && eq.get('shield')) off.push('shield');
  if (target === 'shield' && isTwoHanded(lookup(eq.itemId('weapon') ?? ''))) off.push('weapon');

  const unequipped: Unequipped[] = [];
  for (const slot of off) {
    const stack = eq.get(slot);
    if (!stack) continue;
    eq.set(slot, undefined);
    const back = inv.add(stack.itemId, stack.quantity, invSlot);
    if (!back.ok) return back;
    unequipped.push({ slot, ...stack });
  }
  eq.set(target, { itemId: def.id, quantity: worn });

  inventory.assign(inv);
  equipment.assign(eq);
  return { ok: true, slot: target, itemId: def.id, quantity, unequipped };
}

/**
 * Takes off what is worn in `slot` (an untrusted slot name) into the inventory: onto its existing
 * stack or into the first free slot; `inventory_full` (or `stack_overflow`) otherwise, and nothing
 * changes.
 */
export function unequip(equipment: Equipment, inventory: ItemContainer, slot: string): UnequipResult {
  if (!isEquipSlot(slot)) return fail('invalid_slot');
  const stack = equipment.get(slot);
  if (!stack) return fail('empty_slot');
  const added = inventory.add(stack.itemId, stack.quantity);
  if (!added.ok) return added;
  equipment.set(slot, undefined);
  return { ok: true, slot, ...stack, inventorySlots: added.slots };
}
