import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { users } from '../schema';
import type { AppDatabase } from '../types';
import type { UserRepository, UserRow } from './ports';

/** Provider name meaning the identity provider (`users.idpUserId`); any other name is a social network. */
export const IDP_PROVIDER = 'idp';

/** Drizzle implementation of {@link UserRepository}. */
export function createUserRepository(db: AppDatabase): UserRepository {
  return {
    async findById(id) {
      const rows = await db.select().from(users).where(eq(users.id, id));
      return rows[0] ?? null;
    },

    async findByProviderId(provider, providerUserId) {
      const condition =
        provider === IDP_PROVIDER
          ? eq(users.idpUserId, providerUserId)
          : sql`${users.socialIds} @> ${JSON.stringify({ [provider]: providerUserId })}::jsonb`;
      const rows = await db.select().from(users).where(condition).limit(1);
      return rows[0] ?? null;
    },

    async createAnonymous(opts) {
      const rows = await db
        .insert(users)
        .values({ id: randomUUID(), name: opts?.name ?? null, isAnonymous: true })
        .returning();
      return firstRow(rows);
    },

    async upsertProviderUser(input) {
      const socialIds = input.socialIds ?? {};
      const rows = await db
        .insert(users)
        .values({ id: randomUUID(), idpUserId: input.idpUserId, name: input.name ?? null, socialIds })
        .onConflictDoUpdate({
          target: users.idpUserId,
          set: {
            name: input.name === undefined ? sql`${users.name}` : input.name,
            socialIds: sql`${users.socialIds} || ${JSON.stringify(socialIds)}::jsonb`,
            isAnonymous: false,
          },
        })
        .returning();
      return firstRow(rows);
    },

    async touchLogin(id) {
      await db
        .update(users)
        .set({ lastLoginAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async setAdmin(id, isAdmin) {
      await db.update(users).set({ isAdmin }).where(eq(users.id, id));
    },
  };
}

function firstRow(rows: UserRow[]): UserRow {
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING returned no row');
  return row;
}
