import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import type { Database } from '../types';
import { createRepositories, type Repositories } from './index';

describe.each(availableBackends())('social, progress and world repositories on %s', (kind) => {
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

  async function newCharacter(): Promise<{ accountId: string; characterId: string }> {
    const account = await repos.users.createAnonymous();
    const made = await repos.characters.create({ accountId: account.id, name: `Social${(counter += 1)}` });
    if (!made.ok) throw new Error('create failed');
    return { accountId: account.id, characterId: made.character.id };
  }

  it('stores a friendship once, seen from both sides', async () => {
    const a = (await newCharacter()).characterId;
    const b = (await newCharacter()).characterId;
    const c = (await newCharacter()).characterId;
    expect(await repos.social.addFriendship(b, a)).toBe(true);
    expect(await repos.social.addFriendship(a, b)).toBe(false);
    await repos.social.addFriendship(a, c);
    expect(await repos.social.areFriends(a, b)).toBe(true);
    expect(await repos.social.areFriends(b, a)).toBe(true);
    expect(await repos.social.listFriends(a)).toEqual([b, c].sort());
    expect(await repos.social.listFriends(b)).toEqual([a]);
    expect(await repos.social.removeFriendship(a, b)).toBe(true);
    expect(await repos.social.areFriends(b, a)).toBe(false);
    await expect(repos.social.addFriendship(a, a)).rejects.toThrow();
  });

  it('keeps pending friend requests and ignore lists', async () => {
    const a = await newCharacter();
    const b = await newCharacter();
    expect(await repos.social.addFriendRequest(a.characterId, b.characterId)).toBe(true);
    expect(await repos.social.addFriendRequest(a.characterId, b.characterId)).toBe(false);
    expect(await repos.social.listIncomingRequests(b.characterId)).toEqual([a.characterId]);
    expect(await repos.social.removeFriendRequest(a.characterId, b.characterId)).toBe(true);
    expect(await repos.social.listIncomingRequests(b.characterId)).toEqual([]);

    expect(await repos.social.ignore(a.accountId, b.characterId)).toBe(true);
    expect(await repos.social.ignore(a.accountId, b.characterId)).toBe(false);
    expect(await repos.social.listIgnored(a.accountId)).toEqual([b.characterId]);
    expect(await repos.social.unignore(a.accountId, b.characterId)).toBe(true);
    expect(await repos.social.listIgnored(a.accountId)).toEqual([]);
  });

  it('counts NPC kills and stores quest progress', async () => {
    const { characterId } = await newCharacter();
    expect(await repos.npcKills.increment(characterId, 'goblin')).toBe(1);
    expect(await repos.npcKills.increment(characterId, 'goblin', 4)).toBe(5);
    await repos.npcKills.increment(characterId, 'cow');
    expect(await repos.npcKills.get(characterId)).toEqual({ goblin: 5, cow: 1 });

    await repos.quests.upsert({ characterId, questId: 'cooks_assistant', stage: 1, status: 'in_progress' });
    const done = await repos.quests.upsert({
      characterId,
      questId: 'cooks_assistant',
      stage: 3,
      status: 'completed',
      data: { gave: ['egg', 'milk'] },
    });
    expect(done).toMatchObject({ stage: 3, status: 'completed', data: { gave: ['egg', 'milk'] } });
    expect(await repos.quests.list(characterId)).toHaveLength(1);
  });

  it('allows one active death lock per character, resolved once', async () => {
    const { characterId } = await newCharacter();
    const items = [{ itemId: 'bronze_sword', quantity: 1 }];
    const first = await repos.deaths.createLock({ characterId, position: { x: 1, y: 0, z: 2 }, items });
    if (!first.ok) throw new Error('lock refused');
    expect(first.death).toMatchObject({
      status: 'active',
      items,
      positionX: 1,
      positionZ: 2,
      resolvedAt: null,
    });

    // A second death while the first lock is active must not duplicate items, even inside a transaction.
    const second = await repos.transaction((tx) =>
      tx.deaths.createLock({ characterId, position: { x: 5, y: 0, z: 5 }, items }),
    );
    expect(second).toEqual({ ok: false, reason: 'death_lock_active' });
    expect((await repos.deaths.findActive(characterId))?.id).toBe(first.death.id);

    expect(await repos.deaths.resolve(first.death.id, 'recovered')).toBe(true);
    expect(await repos.deaths.resolve(first.death.id, 'recovered')).toBe(false);
    expect(await repos.deaths.findActive(characterId)).toBeNull();
    expect(
      (await repos.deaths.createLock({ characterId, position: { x: 0, y: 0, z: 0 }, items: [] })).ok,
    ).toBe(true);
  });

  it('reports a taken character name without breaking the surrounding transaction', async () => {
    const { accountId } = await newCharacter();
    const outcome = await repos.transaction(async (tx) => {
      const first = await tx.characters.create({ accountId, name: 'TxName' });
      const clash = await tx.characters.create({ accountId, name: 'txname' });
      const after = await tx.characters.findByName('TXNAME'); // the transaction is still usable
      return { first: first.ok, clash, found: after?.name };
    });
    expect(outcome).toEqual({ first: true, clash: { ok: false, reason: 'name_taken' }, found: 'TxName' });
  });

  it('persists world chunks, shop stock and the trade audit', async () => {
    await repos.worldChunks.upsert('0_0', { felledTrees: [[1, 2]] });
    await repos.worldChunks.upsert('0_0', {
      felledTrees: [
        [1, 2],
        [3, 4],
      ],
    });
    await repos.worldChunks.upsert('-1_3', {});
    expect(await repos.worldChunks.get('0_0')).toEqual({
      felledTrees: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(await repos.worldChunks.get('9_9')).toBeNull();
    expect((await repos.worldChunks.list()).map((c) => c.chunkKey)).toEqual(['-1_3', '0_0']);

    await repos.storeStock.replaceAll('general_store', { bronze_axe: 5, tinderbox: 2 });
    await repos.storeStock.replaceAll('general_store', { bronze_axe: 4 });
    expect(await repos.storeStock.get('general_store')).toEqual({ bronze_axe: 4 });

    const a = (await newCharacter()).characterId;
    const b = (await newCharacter()).characterId;
    const row = await repos.tradeLog.record({
      characterAId: a,
      characterBId: b,
      itemsFromA: [{ itemId: 'coins', quantity: 100 }],
      itemsFromB: [{ itemId: 'logs', quantity: 3 }],
    });
    expect((await repos.tradeLog.listByCharacter(b)).map((t) => t.id)).toEqual([row.id]);
    expect((await repos.tradeLog.listByCharacter(a))[0]?.itemsFromB).toEqual([
      { itemId: 'logs', quantity: 3 },
    ]);
  });
});
