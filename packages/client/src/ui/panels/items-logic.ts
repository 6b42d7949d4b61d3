/** Pure item, equipment and combat-style logic for the panels. No DOM. */

/** The item fields the panels look at (items/*.json; extra fields are ignored). */
export interface ItemInfo {
  id: string;
  name: string;
  equipSlot?: string;
  heal?: number;
  food?: unknown;
  prayerXp?: unknown;
  bonuses?: unknown;
  weapon?: unknown;
}

/** Health the item restores when eaten (`food.heal`, or a top-level `heal`), 0 when it is not food. */
export function healOf(item: ItemInfo | undefined): number {
  if (!item) return 0;
  if (typeof item.heal === 'number') return item.heal;
  const food = item.food;
  if (food && typeof food === 'object' && 'heal' in food && typeof food.heal === 'number') return food.heal;
  return 0;
}

/** What the item does on its own: eat (food), bury (bones), wield / wear (equipment), or nothing. */
export type ItemPrimary = 'eat' | 'bury' | 'wield' | 'wear' | 'use';

export function primaryAction(item: ItemInfo | undefined): ItemPrimary {
  if (!item) return 'use';
  if (healOf(item) > 0) return 'eat';
  if (typeof item.prayerXp === 'number' && item.prayerXp > 0) return 'bury';
  if (item.equipSlot) return item.equipSlot === 'weapon' || item.equipSlot === 'shield' ? 'wield' : 'wear';
  return 'use';
}

export const PRIMARY_LABEL: Record<ItemPrimary, string> = {
  eat: 'Eat',
  bury: 'Bury',
  wield: 'Wield',
  wear: 'Wear',
  use: 'Use',
};

/** The request a click on an inventory slot makes. */
export type SlotClick =
  | { kind: 'useOn'; slot: number; targetSlot: number }
  | { kind: 'deselect' }
  | { kind: 'useAlone'; slot: number }
  | { kind: 'equip'; slot: number }
  | { kind: 'select'; slot: number; itemId: string }
  | { kind: 'none' };

/**
 * A left click on slot `slot` holding `itemId` (undefined when empty), with `selected` the slot
 * picked with "Use" earlier: use the selected item on this one, cancel the selection, or the
 * item's default action (eat / bury alone, equip, else pick it for "Use").
 */
export function slotClick(
  slot: number,
  itemId: string | undefined,
  item: ItemInfo | undefined,
  selected: number | undefined,
): SlotClick {
  if (selected !== undefined) {
    if (selected === slot || itemId === undefined) return { kind: 'deselect' };
    return { kind: 'useOn', slot: selected, targetSlot: slot };
  }
  if (itemId === undefined) return { kind: 'none' };
  const primary = primaryAction(item);
  if (primary === 'eat' || primary === 'bury') return { kind: 'useAlone', slot };
  if (primary === 'wield' || primary === 'wear') return { kind: 'equip', slot };
  return { kind: 'select', slot, itemId };
}

/** Equipment bonuses summed over worn items (the `bonuses` record of each item definition). */
export function sumBonuses(items: readonly (ItemInfo | undefined)[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const item of items) {
    const b = item?.bonuses;
    if (!b || typeof b !== 'object') continue;
    for (const [key, value] of Object.entries(b)) {
      if (typeof value === 'number') total[key] = (total[key] ?? 0) + value;
    }
  }
  return total;
}

/** "attackSlash" -> "Attack slash", "meleeStrength" -> "Melee strength". */
export function bonusLabel(key: string): string {
  const words = key
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface CombatStyle {
  id: string;
  name: string;
  stance?: string;
  damageType?: string;
}

/** The style set id of a wielded weapon (`weapon.styleSet`), `unarmed` without one. */
export function styleSetOf(weapon: ItemInfo | undefined): string {
  const w = weapon?.weapon;
  if (w && typeof w === 'object' && 'styleSet' in w && typeof w.styleSet === 'string') return w.styleSet;
  return 'unarmed';
}

/** The styles of a style set from combat-styles.json (loose: unknown shapes give no styles). */
export function stylesOf(manifest: unknown, styleSetId: string): CombatStyle[] {
  if (!manifest || typeof manifest !== 'object' || !('styleSets' in manifest)) return [];
  const sets = manifest.styleSets;
  if (!Array.isArray(sets)) return [];
  for (const set of sets as unknown[]) {
    if (!set || typeof set !== 'object' || !('id' in set) || set.id !== styleSetId) continue;
    if (!('styles' in set) || !Array.isArray(set.styles)) return [];
    return (set.styles as unknown[]).flatMap((s) => {
      if (!s || typeof s !== 'object' || !('id' in s) || typeof s.id !== 'string') return [];
      const name = 'name' in s && typeof s.name === 'string' ? s.name : s.id;
      const stance = 'stance' in s && typeof s.stance === 'string' ? s.stance : undefined;
      const damageType = 'damageType' in s && typeof s.damageType === 'string' ? s.damageType : undefined;
      return [{ id: s.id, name, stance, damageType }];
    });
  }
  return [];
}

/** 0..10000 run energy -> whole percent. */
export function runEnergyPercent(energy: number): number {
  return Math.max(0, Math.min(100, Math.floor(energy / 100)));
}

/** Milliseconds -> "m:ss" (rounded up, never negative). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The home teleport button's state at `now` (all times in ms since the epoch). */
export function teleportState(
  now: number,
  castEndsAt: number | undefined,
  readyAt: number | undefined,
): { mode: 'casting' | 'cooldown' | 'ready'; label: string } {
  if (castEndsAt !== undefined && castEndsAt > now) {
    return { mode: 'casting', label: `Casting... ${formatDuration(castEndsAt - now)} (cancel)` };
  }
  if (readyAt !== undefined && readyAt > now)
    return { mode: 'cooldown', label: `Home ${formatDuration(readyAt - now)}` };
  return { mode: 'ready', label: 'Home teleport' };
}

/**
 * The style in effect with a weapon's styles (the server's rule): the chosen one when the set has
 * it, else the set's first style (after a weapon swap).
 */
export function effectiveStyle(
  styles: readonly CombatStyle[],
  styleId: string | undefined,
): string | undefined {
  if (styleId && styles.some((s) => s.id === styleId)) return styleId;
  return styles[0]?.id;
}
