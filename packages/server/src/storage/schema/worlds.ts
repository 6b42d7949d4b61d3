import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { characters } from './characters';

/**
 * The world list: one row per world number, written by the world's process when it starts and
 * renewed by its heartbeat (population, status). A row whose heartbeat is older than the lease TTL
 * is shown offline: its process is gone. `instance` names the process that runs it now.
 */
export const worlds = pgTable(
  'worlds',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** The world's public WebSocket address (PUBLIC_WS_URL of its process). */
    address: text('address').notNull(),
    capacity: integer('capacity').notNull(),
    activity: text('activity').notNull().default(''),
    population: integer('population').notNull().default(0),
    /** `online`, `draining` (shutting down: no new logins) or `offline` (stopped cleanly). */
    status: text('status').notNull().default('online'),
    instance: text('instance').notNull(),
    startedAt: timestamp('startedAt', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeatAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('worlds_status', sql`${t.status} IN ('online', 'draining', 'offline')`),
    check('worlds_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

/**
 * Character leases: who holds a character right now. A world takes the lease atomically when the
 * character logs in (one row per character, so two worlds racing for it cannot both win), renews
 * it with its heartbeat, and deletes it in the same transaction as the character's logout save. A
 * lease whose `heartbeatAt` is older than the TTL belongs to a world that died: another world may
 * take it over, and the dead world's saves of that character are refused from then on (every
 * character save checks, inside its transaction, that its world still holds the lease).
 */
export const characterLeases = pgTable(
  'character_leases',
  {
    characterId: text('characterId')
      .primaryKey()
      .references(() => characters.id, { onDelete: 'cascade' }),
    worldId: integer('worldId').notNull(),
    /** The process (its world's `instance`) holding the lease. */
    instance: text('instance').notNull(),
    /** The session row (`playerSessions.id`) of the login, once it is opened. */
    sessionId: text('sessionId'),
    acquiredAt: timestamp('acquiredAt', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeatAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('character_leases_instance_idx').on(t.instance),
    index('character_leases_world_idx').on(t.worldId),
  ],
);
