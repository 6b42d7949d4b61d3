import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CONSTITUTION_START_XP } from './skills';
import { users } from './users';

/**
 * Characters. The first eighteen columns are exactly the spec's character
 * record (names, types, defaults); the rest complete the twelve skills (level
 * and experience each) and the state the simulation persists between sessions.
 * Names are unique case-insensitively (index on `lower(name)`).
 */
export const characters = pgTable(
  'characters',
  {
    id: text('id').primaryKey(),
    accountId: text('accountId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    combatLevel: integer('combatLevel').notNull().default(3),
    attackLevel: integer('attackLevel').notNull().default(1),
    strengthLevel: integer('strengthLevel').notNull().default(1),
    defenseLevel: integer('defenseLevel').notNull().default(1),
    constitutionLevel: integer('constitutionLevel').notNull().default(10),
    rangedLevel: integer('rangedLevel').notNull().default(1),
    woodcuttingLevel: integer('woodcuttingLevel').notNull().default(1),
    fishingLevel: integer('fishingLevel').notNull().default(1),
    firemakingLevel: integer('firemakingLevel').notNull().default(1),
    cookingLevel: integer('cookingLevel').notNull().default(1),
    health: integer('health').notNull().default(100),
    coins: integer('coins').notNull().default(0),
    positionX: real('positionX').notNull().default(0),
    positionY: real('positionY').notNull().default(10),
    positionZ: real('positionZ').notNull().default(0),

    prayerLevel: integer('prayerLevel').notNull().default(1),
    miningLevel: integer('miningLevel').notNull().default(1),
    smithingLevel: integer('smithingLevel').notNull().default(1),

    attackXp: integer('attackXp').notNull().default(0),
    strengthXp: integer('strengthXp').notNull().default(0),
    defenseXp: integer('defenseXp').notNull().default(0),
    constitutionXp: integer('constitutionXp').notNull().default(CONSTITUTION_START_XP),
    rangedXp: integer('rangedXp').notNull().default(0),
    prayerXp: integer('prayerXp').notNull().default(0),
    woodcuttingXp: integer('woodcuttingXp').notNull().default(0),
    fishingXp: integer('fishingXp').notNull().default(0),
    firemakingXp: integer('firemakingXp').notNull().default(0),
    cookingXp: integer('cookingXp').notNull().default(0),
    miningXp: integer('miningXp').notNull().default(0),
    smithingXp: integer('smithingXp').notNull().default(0),

    prayerPoints: integer('prayerPoints').notNull().default(1),
    runEnergy: integer('runEnergy').notNull().default(10_000),
    questPoints: integer('questPoints').notNull().default(0),
    homeTeleportCooldownUntil: timestamp('homeTeleportCooldownUntil', { withTimezone: true }),
    /** Prayers switched on (prayers.json ids); they stay on across logins while points last. */
    activePrayers: jsonb('activePrayers').$type<string[]>().notNull().default([]),
    lastLoginAt: timestamp('lastLoginAt', { withTimezone: true }),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('characters_name_lower_unique').on(sql`lower(${t.name})`),
    index('characters_account_idx').on(t.accountId),
    check('characters_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('characters_coins_non_negative', sql`${t.coins} >= 0`),
  ],
);
