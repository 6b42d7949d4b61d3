import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { characters } from './characters';

/** A JSON value as stored in a jsonb column. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A stack of one item, as stored in jsonb columns (death locks, trade audit). */
export interface ItemStack {
  itemId: string;
  quantity: number;
}

/** Inventory slots are 0..INVENTORY_SLOTS-1 (the spec's 28 slots). */
export const INVENTORY_SLOTS = 28;
/** Upper bound of a bank slot index; the game decides the real capacity below it. */
export const BANK_SLOT_LIMIT = 1000;

/**
 * Item definitions, a mirror of the item manifests kept in step at start-up
 * (`ItemRepository.syncDefinitions`) so SQL reports and audits can join on
 * item ids. Container tables do not reference it: a manifest may drop an item
 * while old rows still hold it.
 */
export const items = pgTable('items', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  value: integer('value').notNull().default(0),
  stackable: boolean('stackable').notNull().default(false),
  tradeable: boolean('tradeable').notNull().default(true),
  equipSlot: text('equipSlot'),
  bonuses: jsonb('bonuses').$type<Record<string, number>>().notNull().default({}),
  requirements: jsonb('requirements').$type<Record<string, number>>().notNull().default({}),
  data: jsonb('data').$type<Record<string, JsonValue>>().notNull().default({}),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
});

/** The 28-slot inventory: one row per occupied slot. */
export const inventory = pgTable(
  'inventory',
  {
    characterId: text('characterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    itemId: text('itemId').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'inventory_character_slot_pk', columns: [t.characterId, t.slot] }),
    check('inventory_slot_range', sql`${t.slot} >= 0 AND ${t.slot} < ${sql.raw(String(INVENTORY_SLOTS))}`),
    check('inventory_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Worn items: one row per occupied equipment slot (weapon, shield, helmet, body, legs, arrows, ...). */
export const equipment = pgTable(
  'equipment',
  {
    characterId: text('characterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    itemId: text('itemId').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'equipment_character_slot_pk', columns: [t.characterId, t.slot] }),
    check('equipment_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The bank: one row per occupied bank slot. */
export const bank = pgTable(
  'bank',
  {
    characterId: text('characterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    itemId: text('itemId').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'bank_character_slot_pk', columns: [t.characterId, t.slot] }),
    check('bank_slot_range', sql`${t.slot} >= 0 AND ${t.slot} < ${sql.raw(String(BANK_SLOT_LIMIT))}`),
    check('bank_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
