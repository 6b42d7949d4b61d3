import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import { asc, eq } from 'drizzle-orm';
import type { DeathLockState } from '../../sim/core/types';
import { playerDeaths } from '../schema';
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

  async function rowsFor(characterId: string) {
    const rows = await database.db
      .select()
      .from(playerDeaths)
      .where(eq(playerDeaths.characterId, characterId))
      .orderBy(asc(playerDeaths.id));
    return rows.map((r) => ({ id: r.id, status: r.status, items: r.items, resolved: r.resolvedAt !== null }));
  }

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

  it('upserts death locks: several active per character, the newest state wins', async () => {
    const { characterId } = await newCharacter();
    const other = (await newCharacter()).characterId;
    const sword = { itemId: 'bronze_sword', quantity: 1 };
    const coins = { itemId: 'coins', quantity: 25 };
    const first: DeathLockState = {
      id: `${characterId}:100`,
      characterId,
      position: { x: 1, y: 0.5, z: 2 },
      items: [sword, coins],
      status: 'active',
    };
    const second: DeathLockState = { ...first, id: `${characterId}:200`, items: [coins] };
    const theirs: DeathLockState = { ...first, id: `${other}:150`, characterId: other };
    await repos.deaths.upsert(first);
    await repos.transaction(async (tx) => {
      await tx.deaths.upsert(second);
      await tx.deaths.upsert(theirs);
    });
    expect(await repos.deaths.listActiveFor(characterId)).toEqual([first, second]);
    expect(await repos.deaths.listActiveFor(other)).toEqual([theirs]);
    const all = (await repos.deaths.listActive()).map((l) => l.id);
    expect(all.indexOf(first.id)).toBeLessThan(all.indexOf(second.id));
    expect(all).toContain(theirs.id);

    // Items leave custody: the stored row follows the newest state.
    const partly = { ...first, items: [coins] };
    await repos.deaths.upsert(partly);
    expect(await repos.deaths.listActiveFor(characterId)).toEqual([partly, second]);

    await repos.deaths.upsert({ ...first, items: [], status: 'recovered' });
    await repos.deaths.upsert({ ...second, status: 'expired' });
    expect(await repos.deaths.listActiveFor(characterId)).toEqual([]);
    expect((await repos.deaths.listActive()).map((l) => l.id)).not.toContain(first.id);
    const rows = await rowsFor(characterId);
    expect(rows).toEqual([
      { id: first.id, status: 'recovered', items: [], resolved: true },
      { id: second.id, status: 'expired', items: [coins], resolved: true },
    ]);

    // No special case for resolved locks: an active state written later wins too.
    await repos.deaths.upsert(second);
    expect(await repos.deaths.listActiveFor(characterId)).toEqual([second]);
    expect((await rowsFor(characterId))[1]).toMatchObject({ status: 'active', resolved: false });
  });

  it('rolls a death-lock upsert back with its transaction', async () => {
    const { characterId } = await newCharacter();
    const lock: DeathLockState = {
      id: `${characterId}:7`,
      characterId,
      position: { x: 0, y: 0, z: 0 },
      items: [{ itemId: 'logs', quantity: 2 }],
      status: 'active',
    };
    await expect(
      repos.transaction(async (tx) => {
        await tx.deaths.upsert(lock);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await repos.deaths.listActiveFor(characterId)).toEqual([]);
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
