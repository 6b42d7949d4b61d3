import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { characters, friendRequests, friendships, ignoreLists } from '../schema';
import type { AppDatabase } from '../types';
import type { SocialRepository } from './ports-more';

/** The stored form of a friendship: the pair ordered, as the table's check requires. */
function orderedPair(x: string, y: string): { characterAId: string; characterBId: string } {
  return x < y ? { characterAId: x, characterBId: y } : { characterAId: y, characterBId: x };
}

/** Drizzle implementation of {@link SocialRepository}. */
export function createSocialRepository(db: AppDatabase): SocialRepository {
  const pairCondition = (x: string, y: string) => {
    const pair = orderedPair(x, y);
    return and(
      eq(friendships.characterAId, pair.characterAId),
      eq(friendships.characterBId, pair.characterBId),
    );
  };

  return {
    async addFriendship(characterId, otherId) {
      if (characterId === otherId) throw new Error('a character cannot befriend itself');
      const rows = await db
        .insert(friendships)
        .values(orderedPair(characterId, otherId))
        .onConflictDoNothing()
        .returning({ a: friendships.characterAId });
      return rows.length > 0;
    },

    async removeFriendship(characterId, otherId) {
      const rows = await db
        .delete(friendships)
        .where(pairCondition(characterId, otherId))
        .returning({ a: friendships.characterAId });
      return rows.length > 0;
    },

    async areFriends(characterId, otherId) {
      const rows = await db
        .select({ a: friendships.characterAId })
        .from(friendships)
        .where(pairCondition(characterId, otherId));
      return rows.length > 0;
    },

    async listFriends(characterId) {
      const rows = await db
        .select()
        .from(friendships)
        .where(or(eq(friendships.characterAId, characterId), eq(friendships.characterBId, characterId)));
      return rows.map((r) => (r.characterAId === characterId ? r.characterBId : r.characterAId)).sort();
    },

    async addFriendRequest(fromCharacterId, toCharacterId) {
      const rows = await db
        .insert(friendRequests)
        .values({ fromCharacterId, toCharacterId })
        .onConflictDoNothing()
        .returning({ from: friendRequests.fromCharacterId });
      return rows.length > 0;
    },

    async removeFriendRequest(fromCharacterId, toCharacterId) {
      const rows = await db
        .delete(friendRequests)
        .where(
          and(
            eq(friendRequests.fromCharacterId, fromCharacterId),
            eq(friendRequests.toCharacterId, toCharacterId),
          ),
        )
        .returning({ from: friendRequests.fromCharacterId });
      return rows.length > 0;
    },

    async listIncomingRequests(toCharacterId) {
      const rows = await db
        .select({ from: friendRequests.fromCharacterId })
        .from(friendRequests)
        .where(eq(friendRequests.toCharacterId, toCharacterId))
        .orderBy(asc(friendRequests.createdAt), asc(friendRequests.fromCharacterId));
      return rows.map((r) => r.from);
    },

    async ignore(accountId, characterId) {
      const rows = await db
        .insert(ignoreLists)
        .values({ accountId, ignoredCharacterId: characterId })
        .onConflictDoNothing()
        .returning({ id: ignoreLists.ignoredCharacterId });
      return rows.length > 0;
    },

    async unignore(accountId, characterId) {
      const rows = await db
        .delete(ignoreLists)
        .where(and(eq(ignoreLists.accountId, accountId), eq(ignoreLists.ignoredCharacterId, characterId)))
        .returning({ id: ignoreLists.ignoredCharacterId });
      return rows.length > 0;
    },

    async listIgnored(accountId) {
      const rows = await db
        .select({ id: ignoreLists.ignoredCharacterId })
        .from(ignoreLists)
        .where(eq(ignoreLists.accountId, accountId))
        .orderBy(asc(ignoreLists.ignoredCharacterId));
      return rows.map((r) => r.id);
    },

    async listOutgoingRequests(fromCharacterId) {
      const rows = await db
        .select({ to: friendRequests.toCharacterId })
        .from(friendRequests)
        .where(eq(friendRequests.fromCharacterId, fromCharacterId))
        .orderBy(asc(friendRequests.createdAt), asc(friendRequests.toCharacterId));
      return rows.map((r) => r.to);
    },

    async hasFriendRequest(fromCharacterId, toCharacterId) {
      const rows = await db
        .select({ from: friendRequests.fromCharacterId })
        .from(friendRequests)
        .where(
          and(
            eq(friendRequests.fromCharacterId, fromCharacterId),
            eq(friendRequests.toCharacterId, toCharacterId),
          ),
        );
      return rows.length > 0;
    },

    async removeFriendRequestsBetween(characterId, otherId) {
      const rows = await db
        .delete(friendRequests)
        .where(
          or(
            and(eq(friendRequests.fromCharacterId, characterId), eq(friendRequests.toCharacterId, otherId)),
            and(eq(friendRequests.fromCharacterId, otherId), eq(friendRequests.toCharacterId, characterId)),
          ),
        )
        .returning({ from: friendRequests.fromCharacterId });
      return rows.length;
    },

    async countFriendsAndOutgoing(characterId) {
      const [friends] = await db
        .select({ n: count() })
        .from(friendships)
        .where(or(eq(friendships.characterAId, characterId), eq(friendships.characterBId, characterId)));
      const [outgoing] = await db
        .select({ n: count() })
        .from(friendRequests)
        .where(eq(friendRequests.fromCharacterId, characterId));
      return (friends?.n ?? 0) + (outgoing?.n ?? 0);
    },

    async countIgnored(accountId) {
      const [row] = await db
        .select({ n: count() })
        .from(ignoreLists)
        .where(eq(ignoreLists.accountId, accountId));
      return row?.n ?? 0;
    },

    async isIgnored(accountId, characterId) {
      const rows = await db
        .select({ id: ignoreLists.ignoredCharacterId })
        .from(ignoreLists)
        .where(and(eq(ignoreLists.accountId, accountId), eq(ignoreLists.ignoredCharacterId, characterId)));
      return rows.length > 0;
    },

    async characterNames(characterIds) {
      if (characterIds.length === 0) return new Map();
      const rows = await db
        .select({ id: characters.id, name: characters.name })
        .from(characters)
        .where(inArray(characters.id, [...new Set(characterIds)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}
