/**
 * The colours and shapes of items, derived from an item's id, category and equip slot alone (no
 * drawing code, no DOM): the icon generator (scripts/generate-icons.ts) draws icons from them and
 * the client draws worn items on characters with the same colours, so a rune sword looks the same
 * in the inventory and in a hand.
 */

/** What an item's id starts with (or contains) → its main colour (CSS hex). */
const MATERIALS: readonly (readonly [string, string])[] = [
  ['burnt', '#2e2620'],
  ['bronze', '#b0763a'],
  ['iron', '#8c8c8c'],
  ['steel', '#bcc2cc'],
  ['mithril', '#4a5fa8'],
  ['adamant', '#3f8050'],
  ['rune', '#4fb4cc'],
  ['runite', '#4fb4cc'],
  ['silver', '#dcdce6'],
  ['gold', '#e6b832'],
  ['copper', '#c8703c'],
  ['tin', '#c8c8bc'],
  ['coal', '#2c2c2c'],
  ['magic', '#3c6c9c'],
  ['yew', '#6c4430'],
  ['maple', '#b46c30'],
  ['willow', '#a0a056'],
  ['oak', '#aa7a3a'],
  ['sapphire', '#2c4cd6'],
  ['emerald', '#2ca454'],
  ['ruby', '#c82234'],
  ['diamond', '#e8f6ff'],
  ['red', '#b8262a'],
  ['blue', '#2a50b0'],
  ['green', '#2e8a3a'],
  ['hard_leather', '#6e4424'],
  ['studded', '#7a5030'],
  ['leather', '#8e5c30'],
  ['wooden', '#9a6a3a'],
  ['woodsmans', '#4e6a2c'],
  ['coins', '#e6c030'],
  ['shrimps', '#e07a52'],
  ['lobster', '#d0483a'],
  ['shark', '#8a9aa8'],
  ['swordfish', '#7a8ab8'],
  ['salmon', '#e89070'],
  ['trout', '#c8a070'],
  ['tuna', '#6a7a98'],
  ['beef', '#b84a44'],
  ['chicken', '#e8c09a'],
  ['cooked', '#a0642e'],
  ['apple', '#cc3a2a'],
  ['bread', '#c8904a'],
  ['cheese', '#ecc84a'],
  ['pie', '#b87a3a'],
];

/** Colour of an item's main material (blade, plate, ore vein...), stable per id. */
export function materialColour(itemId: string): string {
  for (const [key, colour] of MATERIALS)
    if (itemId.startsWith(key) || itemId.includes(`_${key}`)) return colour;
  for (const [key, colour] of MATERIALS) if (itemId.includes(key)) return colour;
  return hashColour(itemId);
}

/** A stable mid-tone colour for a string (items no material names). */
export function hashColour(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  const hue = (h >>> 0) % 360;
  return hslHex(hue, 0.5, 0.52);
}

function hslHex(hue: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The silhouette an item is drawn as (icons) or worn as (characters). */
export type ItemShape =
  | 'dagger'
  | 'sword'
  | 'longsword'
  | 'scimitar'
  | 'greatsword'
  | 'mace'
  | 'warhammer'
  | 'battleaxe'
  | 'axe'
  | 'pickaxe'
  | 'bow'
  | 'arrow'
  | 'helm'
  | 'full_helm'
  | 'hood'
  | 'hat'
  | 'body'
  | 'legs'
  | 'shield'
  | 'kiteshield'
  | 'cape'
  | 'gloves'
  | 'boots'
  | 'amulet'
  | 'ring'
  | 'ore'
  | 'bar'
  | 'logs'
  | 'gem'
  | 'fish'
  | 'meat'
  | 'bread'
  | 'cheese'
  | 'apple'
  | 'pie'
  | 'coins'
  | 'feather'
  | 'bait'
  | 'ashes'
  | 'nest'
  | 'bones'
  | 'banner'
  | 'scroll'
  | 'sigil'
  | 'hide'
  | 'hammer'
  | 'tinderbox'
  | 'net'
  | 'rod'
  | 'pot'
  | 'harpoon'
  | 'bag';

/** The minimal item fields the shape is derived from. */
export interface ItemLike {
  id: string;
  category: string;
  equipSlot?: string | undefined;
}

const SLOT_SHAPES: Record<string, ItemShape> = {
  body: 'body',
  legs: 'legs',
  cape: 'cape',
  hands: 'gloves',
  feet: 'boots',
  neck: 'amulet',
  ring: 'ring',
  ammo: 'arrow',
};

/** Id fragments → shape, checked in order (the first that the id contains wins). */
const NAME_SHAPES: readonly (readonly [string, ItemShape])[] = [
  ['2h_sword', 'greatsword'],
  ['longsword', 'longsword'],
  ['scimitar', 'scimitar'],
  ['dagger', 'dagger'],
  ['sword', 'sword'],
  ['warhammer', 'warhammer'],
  ['mace', 'mace'],
  ['battleaxe', 'battleaxe'],
  ['pickaxe', 'pickaxe'],
  ['_axe', 'axe'],
  ['bow', 'bow'],
  ['kiteshield', 'kiteshield'],
  ['shield', 'shield'],
  ['full_helm', 'full_helm'],
  ['med_helm', 'helm'],
  ['cowl', 'hood'],
  ['coif', 'hood'],
  ['hat', 'hat'],
  ['_ore', 'ore'],
  ['coal', 'ore'],
  ['_bar', 'bar'],
  ['logs', 'logs'],
  ['uncut', 'gem'],
  ['coins', 'coins'],
  ['feather', 'feather'],
  ['bait', 'bait'],
  ['ashes', 'ashes'],
  ['nest', 'nest'],
  ['bones', 'bones'],
  ['banner', 'banner'],
  ['letter', 'scroll'],
  ['reply', 'scroll'],
  ['ledger', 'scroll'],
  ['sigil', 'sigil'],
  ['hide', 'hide'],
  ['hammer', 'hammer'],
  ['tinderbox', 'tinderbox'],
  ['net', 'net'],
  ['rod', 'rod'],
  ['pot', 'pot'],
  ['harpoon', 'harpoon'],
  ['pie', 'pie'],
  ['beef', 'meat'],
  ['chicken', 'meat'],
  ['meat', 'meat'],
  ['bread', 'bread'],
  ['cheese', 'cheese'],
  ['apple', 'apple'],
];

/** The shape of an item: from its equip slot, then its id, then its category. */
export function itemShape(item: ItemLike): ItemShape {
  const bySlot = item.equipSlot ? SLOT_SHAPES[item.equipSlot] : undefined;
  if (bySlot) return bySlot;
  for (const [key, shape] of NAME_SHAPES) if (item.id.includes(key)) return shape;
  if (item.category === 'food' || item.id.startsWith('raw_')) return 'fish';
  if (item.equipSlot === 'head') return 'helm';
  if (item.equipSlot === 'shield') return 'shield';
  if (item.equipSlot === 'weapon') return 'sword';
  return 'bag';
}
