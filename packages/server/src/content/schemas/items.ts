import { EQUIP_SLOTS } from '@tilerealm/protocol';
import { z } from 'zod';
import {
  idSchema,
  modelFileSchema,
  nonEmptyText,
  nonNegativeInt,
  positiveInt,
  skillLevelsSchema,
  xpSchema,
} from './common';

/** Equipment slots a worn item can occupy (one list, shared with the wire protocol). */
export { EQUIP_SLOTS };
export const equipSlotSchema = z.enum(EQUIP_SLOTS);
export type EquipSlot = z.infer<typeof equipSlotSchema>;

/** Item categories; several carry rules (see the refinements below and docs/content.md). */
export const ITEM_CATEGORIES = [
  'weapon',
  'armour',
  'ammunition',
  'tool',
  'resource',
  'food',
  'bones',
  'currency',
  'quest',
  'misc',
] as const;
export const itemCategorySchema = z.enum(ITEM_CATEGORIES);
export type ItemCategory = z.infer<typeof itemCategorySchema>;

/** Equipment bonus keys, OSRS-style (no magic). */
export const BONUS_KEYS = [
  'attackStab',
  'attackSlash',
  'attackCrush',
  'attackRanged',
  'defenseStab',
  'defenseSlash',
  'defenseCrush',
  'defenseRanged',
  'meleeStrength',
  'rangedStrength',
  'prayer',
] as const;
export type BonusKey = (typeof BONUS_KEYS)[number];
/** Full bonus record (every key present) as exposed by the loader. */
export type Bonuses = Record<BonusKey, number>;

/** All bonuses zero: the base of every item's full bonus record. */
export const ZERO_BONUSES: Readonly<Bonuses> = {
  attackStab: 0,
  attackSlash: 0,
  attackCrush: 0,
  attackRanged: 0,
  defenseStab: 0,
  defenseSlash: 0,
  defenseCrush: 0,
  defenseRanged: 0,
  meleeStrength: 0,
  rangedStrength: 0,
  prayer: 0,
};

/** Bonuses in a manifest: omitted keys are 0. */
export const partialBonusesSchema = z.partialRecord(z.enum(BONUS_KEYS), z.number().int());

export const weaponSchema = z
  .strictObject({
    /** melee weapons hit adjacent tiles; ranged weapons fire ammunition. */
    kind: z.enum(['melee', 'ranged']),
    /** Ticks between attacks. */
    attackSpeed: z.number().int().min(1).max(10),
    /** Reach in tiles (1 for melee). */
    range: z.number().int().min(1).max(15),
    twoHanded: z.boolean(),
    /** Id of a style set in combat-styles.json: the attack styles this weapon offers. */
    styleSet: idSchema,
    /** Ranged weapons: which ammunition family they fire. */
    ammoType: z.enum(['arrow']).optional(),
    /** Ranged weapons: strongest arrow tier usable (see ammunition.json requiredBowTier). */
    bowTier: positiveInt.optional(),
  })
  .refine((w) => (w.kind === 'ranged') === (w.ammoType !== undefined && w.bowTier !== undefined), {
    message: 'ranged weapons need ammoType and bowTier; melee weapons must not have them',
  });

export const foodSchema = z.strictObject({
  /** Life points restored, on the 10x constitution scale (max health = 10 x constitution level). */
  heal: positiveInt,
  /** Ticks before the player may eat again / act. */
  eatDelay: z.number().int().min(1).max(10),
});

/** One item definition as written in an item manifest. */
export const itemSchema = z
  .strictObject({
    id: idSchema,
    name: nonEmptyText,
    category: itemCategorySchema,
    /** Base value in coins (shops and alch-like pricing derive from it). */
    value: nonNegativeInt,
    stackable: z.boolean(),
    tradeable: z.boolean(),
    /** Defaults to true; quest items are undroppable. */
    droppable: z.boolean().optional(),
    examine: nonEmptyText,
    /** Kilograms. */
    weight: z.number().min(0).max(100).optional(),
    model: modelFileSchema.optional(),
    equipSlot: equipSlotSchema.optional(),
    /** Level requirements to equip (or use, for tools without a slot). */
    requirements: skillLevelsSchema.optional(),
    bonuses: partialBonusesSchema.optional(),
    weapon: weaponSchema.optional(),
    food: foodSchema.optional(),
    /** Bones: prayer experience when buried. */
    prayerXp: xpSchema.optional(),
  })
  .superRefine((item, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (item.weapon && item.equipSlot !== 'weapon')
      fail('an item with weapon stats must have equipSlot "weapon"');
    if (item.category === 'weapon' && !item.weapon) fail('category "weapon" needs a weapon block');
    if (item.bonuses && !item.equipSlot) fail('only equippable items (equipSlot) may have bonuses');
    if (
      item.category === 'armour' &&
      (!item.equipSlot || item.equipSlot === 'weapon' || item.equipSlot === 'ammo')
    )
      fail('category "armour" needs an armour equipSlot');
    if ((item.category === 'food') !== (item.food !== undefined)) fail('food block iff category "food"');
    if ((item.category === 'bones') !== (item.prayerXp !== undefined)) fail('prayerXp iff category "bones"');
    if (item.category === 'ammunition' && (item.equipSlot !== 'ammo' || !item.stackable))
      fail('ammunition must be stackable with equipSlot "ammo"');
    if (item.category === 'quest' && (item.tradeable || item.droppable !== false))
      fail('quest items must be tradeable: false and droppable: false');
    if (item.category === 'currency' && !item.stackable) fail('currency must be stackable');
  });
export type ItemManifestEntry = z.infer<typeof itemSchema>;

/** Shape of an item file (items/*.json) and of a full items.json. */
export const itemListSchema = z.strictObject({ items: z.array(z.unknown()) });

/** Root items.json as an index: relative paths of item files to load, in order. */
export const itemIndexSchema = z.strictObject({
  files: z
    .array(z.string().regex(/^items\/[a-z0-9_-]+\.json$/, 'must be a path like items/<name>.json'))
    .min(1),
});

/** Root items.json: either an index of item files or the full item list. */
export const rootItemsSchema = z.union([itemIndexSchema, itemListSchema]);
