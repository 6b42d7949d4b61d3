import type { ItemDef } from '../../../content/content-types';
import { BONUS_KEYS, ZERO_BONUSES, type Bonuses } from '../../../content/schemas/items';
import type { ItemLookup } from '../../items/types';
import { EQUIP_SLOTS, type Equipment } from '../../items/equipment';

/** The wielded weapon's definition, or undefined (unarmed, or an item the content no longer has). */
export function weaponOf(equipment: Equipment, lookup: ItemLookup): ItemDef | undefined {
  const id = equipment.itemId('weapon');
  return id === undefined ? undefined : lookup(id);
}

/** The definition of what is in the ammo slot, or undefined. */
export function ammoOf(equipment: Equipment, lookup: ItemLookup): ItemDef | undefined {
  const id = equipment.itemId('ammo');
  return id === undefined ? undefined : lookup(id);
}

/**
 * Whether `weapon` can fire `ammo`: a ranged weapon whose `ammoType` is the ammunition's family and
 * whose `bowTier` is at least the ammunition's `requiredBowTier` (a shortbow fires bronze and iron
 * arrows, not rune ones). Combat uses the same test before a ranged attack.
 */
export function firesAmmo(weapon: ItemDef | undefined, ammo: ItemDef | undefined): boolean {
  const w = weapon?.weapon;
  const a = ammo?.ammunition;
  if (!w || !a || w.kind !== 'ranged') return false;
  return w.ammoType === a.ammoType && (w.bowTier ?? 0) >= a.requiredBowTier;
}

/**
 * The sum of the bonuses of everything worn. One exception, as in Old School RuneScape: the item in
 * the ammo slot adds its `rangedStrength` only when the wielded weapon fires it ({@link firesAmmo});
 * arrows worn with a sword, or too strong for the bow, add no ranged strength. Its other bonuses
 * (none for the shipped arrows) always count. Items the content no longer defines add nothing.
 */
export function bonuses(equipment: Equipment, lookup: ItemLookup): Bonuses {
  const total: Bonuses = { ...ZERO_BONUSES };
  const weapon = weaponOf(equipment, lookup);
  for (const slot of EQUIP_SLOTS) {
    const id = equipment.itemId(slot);
    const def = id === undefined ? undefined : lookup(id);
    if (!def) continue;
    const countsRangedStrength = slot !== 'ammo' || firesAmmo(weapon, def);
    for (const key of BONUS_KEYS) {
      if (key === 'rangedStrength' && !countsRangedStrength) continue;
      total[key] += def.bonuses[key];
    }
  }
  return total;
}
