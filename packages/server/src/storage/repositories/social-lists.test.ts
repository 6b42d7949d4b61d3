import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendRequests } from '../schema';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import type { Database } from '../types';
import { createRepositories, type Repositories } from './index';

describe.each(availableBackends())('social repository: lists, counts and names on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newCharacter(): Promise<{ accountId: string; id: string; name: string }> {
    const account = await repos.users.createAnonymous();
    const name = `Lists${(counter += 1)}`;
    const made = await repos.characters.create({ accountId: account.id, name });
    if (!made.ok) throw new Error('create failed');
    return { accountId: account.id, id: made.character.id, name };
  }

  it('lists and counts sent requests beside friends, and removes requests both ways', async () => {
    const a = await newCharacter();
    const b = await newCharacter();
    const c = await newCharacter();
    const d = await newCharacter();
    await repos.social.addFriendRequest(a.id, b.id);
    await repos.social.addFriendRequest(a.id, c.id);
    await repos.social.addFriendRequest(b.id, a.id);
    await repos.social.addFriendship(a.id, d.id);
    // Requests written in one burst can share a timestamp: make c's the older one.
    await database.db
      .update(friendRequests)
      .set({ createdAt: new Date(Date.UTC(2020, 0, 1)) })
      .where(and(eq(friendRequests.fromCharacterId, a.id), eq(friendRequests.toCharacterId, c.id)));
    expect(await repos.social.listOutgoingRequests(a.id)).toEqual([c.id, b.id]);
    expect(await repos.social.hasFriendRequest(a.id, b.id)).toBe(true);
    expect(await repos.social.hasFriendRequest(c.id, a.id)).toBe(false);
    expect(await repos.social.countFriendsAndOutgoing(a.id)).toBe(3);
    expect(await repos.social.countFriendsAndOutgoing(d.id)).toBe(1);
    expect(await repos.social.removeFriendRequestsBetween(b.id, a.id)).toBe(2);
    expect(await repos.social.removeFriendRequestsBetween(b.id, a.id)).toBe(0);
    expect(await repos.social.listOutgoingRequests(a.id)).toEqual([c.id]);
    expect(await repos.social.listIncomingRequests(a.id)).toEqual([]);
  });

  it('answers ignore questions per account and names characters', async () => {
    const a = await newCharacter();
    const b = await newCharacter();
    const c = await newCharacter();
    await repos.social.ignore(a.accountId, b.id);
    expect(await repos.social.isIgnored(a.accountId, b.id)).toBe(true);
    expect(await repos.social.isIgnored(b.accountId, a.id)).toBe(false);
    expect(await repos.social.countIgnored(a.accountId)).toBe(1);
    expect(await repos.social.countIgnored(c.accountId)).toBe(0);
    const names = await repos.social.characterNames([b.id, c.id, b.id, 'missing']);
    expect([...names.entries()].sort()).toEqual(
      [
        [b.id, b.name],
        [c.id, c.name],
      ].sort(),
    );
    expect((await repos.social.characterNames([])).size).toBe(0);
  });
});
