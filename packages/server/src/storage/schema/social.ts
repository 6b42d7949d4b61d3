import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { characters } from './characters';
import { users } from './users';

/**
 * Friendships between characters, stored once per pair as an ordered pair
 * (`characterAId < characterBId`, enforced by a check). One row means both are
 * friends of each other, so the relation cannot become one-sided and the
 * primary key rules out duplicates in either direction.
 */
export const friendships = pgTable(
  'friendships',
  {
    characterAId: text('characterAId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    characterBId: text('characterBId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'friendships_pk', columns: [t.characterAId, t.characterBId] }),
    index('friendships_b_idx').on(t.characterBId),
    check('friendships_ordered_pair', sql`${t.characterAId} < ${t.characterBId}`),
  ],
);

/** Pending friend requests from one character to another. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    fromCharacterId: text('fromCharacterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    toCharacterId: text('toCharacterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'friend_requests_pk', columns: [t.fromCharacterId, t.toCharacterId] }),
    index('friend_requests_to_idx').on(t.toCharacterId),
    check('friend_requests_not_self', sql`${t.fromCharacterId} <> ${t.toCharacterId}`),
  ],
);

/** Players an account has blocked (the spec keeps ignore lists per account). */
export const ignoreLists = pgTable(
  'ignore_lists',
  {
    accountId: text('accountId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ignoredCharacterId: text('ignoredCharacterId')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ignore_lists_pk', columns: [t.accountId, t.ignoredCharacterId] })],
);
