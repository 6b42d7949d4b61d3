import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Social-network ids linked to an account, keyed by network name (e.g. `{ "farcaster": "1234" }`). */
export type SocialIds = Record<string, string>;

/**
 * Accounts. A row is either anonymous (temporary identity, no provider id) or
 * bound to the identity provider through `idpUserId`; linked social-network ids
 * live in `socialIds` so a new network needs no migration.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    idpUserId: text('idpUserId').unique('users_idp_user_id_unique'),
    socialIds: jsonb('socialIds').$type<SocialIds>().notNull().default({}),
    isAnonymous: boolean('isAnonymous').notNull().default(false),
    isAdmin: boolean('isAdmin').notNull().default(false),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('lastLoginAt', { withTimezone: true }),
  },
  (t) => [index('users_social_ids_gin').using('gin', t.socialIds.op('jsonb_path_ops'))],
);
