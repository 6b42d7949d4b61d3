import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { characters } from './characters';
import type { ItemStack } from './items';

/**
 * Login/logout tracking: a row is opened when a character enters the world and
 * closed (logoutAt, reason) when it leaves. Rows still open at start-up are
 * left over from a crash of this world get closed with reason `server_restart` when the world
 * starts again (each world closes only its own); one taken over after a crashed world's lease
 * expired is closed with reason `lease_expired` by the world that takes the character.
 */
export const playerSessions = pgTable(
  'playerSessions',
  {
    id: text('id').primaryKey(),
    characterId: text('characterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    accountId: text('accountId').notNull(),
    /** The world the session played on. */
    worldId: integer('worldId').notNull().default(1),
    loginAt: timestamp('loginAt', { withTimezone: true }).notNull().defaultNow(),
    logoutAt: timestamp('logoutAt', { withTimezone: true }),
    reason: text('reason'),
    ip: text('ip'),
    transport: text('transport'),
  },
  (t) => [
    index('player_sessions_character_idx').on(t.characterId, t.loginAt),
    // At most one open session per character, whatever the number of worlds.
    uniqueIndex('player_sessions_open_idx')
      .on(t.characterId)
      .where(sql`${t.logoutAt} IS NULL`),
    index('player_sessions_world_open_idx')
      .on(t.worldId)
      .where(sql`${t.logoutAt} IS NULL`),
  ],
);

/**
 * Death locks. A row (id `<characterId>:<run>:<tick>` of the death) records the items
 * of one death that are still in the death's custody (a gravestone or piles on
 * the ground). It is written in the same transaction as the snapshots of the
 * players whose items moved with it, so an item is never both in custody and in
 * an inventory, nor in neither. A character may have several `active` locks
 * (one per death whose items are not all taken back yet); the index serves the
 * start-up restore and per-character lookups.
 */
export const playerDeaths = pgTable(
  'playerDeaths',
  {
    id: text('id').primaryKey(),
    characterId: text('characterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    /** The world whose ground holds the death's items: only that world restores it. */
    worldId: integer('worldId').notNull().default(1),
    positionX: real('positionX').notNull(),
    positionY: real('positionY').notNull(),
    positionZ: real('positionZ').notNull(),
    items: jsonb('items').$type<ItemStack[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolvedAt', { withTimezone: true }),
  },
  (t) => [
    index('player_deaths_character_status_idx').on(t.characterId, t.status),
    index('player_deaths_world_status_idx').on(t.worldId, t.status),
    check('player_deaths_status', sql`${t.status} IN ('active', 'recovered', 'expired')`),
  ],
);

/** Kill counts per character and NPC type. */
export const npcKills = pgTable(
  'npcKills',
  {
    characterId: text('characterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    npcId: text('npcId').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'npc_kills_pk', columns: [t.characterId, t.npcId] })],
);
