import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import type { DeathLockState } from '../../sim/core/types';
import { saveQuarantine } from '../schema';
import type { Database } from '../types';
import { createRepositories, type Repositories } from './index';

/** World records belong to one world: two worlds on one database never see each other's. */
describe.each(availableBackends())('world-scoped repositories on %s', (kind) => {
  let database: Database;
  let one: Repositories;
  let two: Repositories;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    one = createRepositories(database, { worldId: 1 });
    two = createRepositories(database, { worldId: 2 });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newCharacter(): Promise<{ accountId: string; characterId: string }> {
    const account = await one.users.createAnonymous();
    const made = await one.characters.create({ accountId: account.id, name: `Scoped${(counter += 1)}` });
    if (!made.ok) throw new Error('create failed');
    return { accountId: account.id, characterId: made.character.id };
  }

  const lock = (id: string, characterId: string, x: number): DeathLockState => ({
    id,
    characterId,
    position: { x, y: 0, z: 0 },
    items: [{ itemId: 'logs', quantity: x }],
    status: 'active',
  });

  it('defaults to world 1 and keeps the world in transactions', async () => {
    expect(createRepositories(database).worldId).toBe(1);
    expect(two.worldId).toBe(2);
    await two.transaction(async (tx) => {
      expect(tx.worldId).toBe(2);
      await tx.worldChunks.upsert('tx_chunk', { in: 'tx' });
    });
    expect(await two.worldChunks.get('tx_chunk')).toEqual({ in: 'tx' });
    expect(await one.worldChunks.get('tx_chunk')).toBeNull();
  });

  it('keeps the world chunks of each world apart, under the same key', async () => {
    await one.worldChunks.upsert('0_0', { felled: [1] });
    await two.worldChunks.upsert('0_0', { felled: [2] });
    await two.worldChunks.upsert('5_5', { felled: [3] });
    expect(await one.worldChunks.get('0_0')).toEqual({ felled: [1] });
    expect(await two.worldChunks.get('0_0')).toEqual({ felled: [2] });
    expect(await one.worldChunks.get('5_5')).toBeNull();
    expect((await one.worldChunks.list()).map((c) => c.chunkKey)).not.toContain('5_5');
    expect(await two.worldChunks.list()).toEqual([
      { chunkKey: '0_0', data: { felled: [2] } },
      { chunkKey: '5_5', data: { felled: [3] } },
      { chunkKey: 'tx_chunk', data: { in: 'tx' } },
    ]);
  });

  it('gives the same shop its own stock in each world', async () => {
    await one.storeStock.replaceAll('general_store', { bronze_axe: 5, tinderbox: 2 });
    await two.storeStock.replaceAll('general_store', { bronze_axe: 1 });
    expect(await one.storeStock.get('general_store')).toEqual({ bronze_axe: 5, tinderbox: 2 });
    expect(await two.storeStock.get('general_store')).toEqual({ bronze_axe: 1 });
    // Replacing one world's stock (here: emptying it) leaves the other's as it was.
    await two.storeStock.replaceAll('general_store', {});
    expect(await two.storeStock.get('general_store')).toEqual({});
    expect(await one.storeStock.get('general_store')).toEqual({ bronze_axe: 5, tinderbox: 2 });
  });

  it('keeps the ground items of each world apart; clearing a region clears only its world', async () => {
    const pile = (quantity: number) => ({ v: 1, piles: [{ itemId: 'logs', quantity, x: 1, z: 1 }] });
    await one.groundRegions.put('0:0', pile(1), false);
    await two.groundRegions.put('0:0', pile(2), false);
    expect(await one.groundRegions.list()).toEqual([{ regionKey: '0:0', data: pile(1) }]);
    expect(await two.groundRegions.list()).toEqual([{ regionKey: '0:0', data: pile(2) }]);
    await two.groundRegions.put('0:0', pile(3), false);
    await one.groundRegions.put('0:0', { v: 1, piles: [] }, true);
    expect(await one.groundRegions.list()).toEqual([]);
    expect(await two.groundRegions.list()).toEqual([{ regionKey: '0:0', data: pile(3) }]);
  });

  it('restores a death lock only in the world where its owner died', async () => {
    const { characterId } = await newCharacter();
    await one.deaths.upsert(lock('d1', characterId, 1));
    await two.deaths.upsert(lock('d2', characterId, 2));
    expect((await one.deaths.listActive()).map((l) => l.id)).toEqual(['d1']);
    expect((await two.deaths.listActive()).map((l) => l.id)).toEqual(['d2']);
    expect(await one.deaths.listActiveFor(characterId)).toEqual([lock('d1', characterId, 1)]);
    expect(await two.deaths.listActiveFor(characterId)).toEqual([lock('d2', characterId, 2)]);
  });

  it('closes at start only the open sessions of its own world', async () => {
    const a = await newCharacter();
    const b = await newCharacter();
    const onOne = await one.sessions.open({ ...a, worldId: 1 });
    const onTwo = await two.sessions.open({ ...b, worldId: 2 });
    expect([onOne.worldId, onTwo.worldId]).toEqual([1, 2]);
    expect(await two.sessions.closeAllOpen('server_restart')).toBe(1);
    expect((await one.sessions.listByCharacter(a.characterId))[0]?.logoutAt).toBeNull();
    expect((await two.sessions.listByCharacter(b.characterId))[0]?.reason).toBe('server_restart');
    expect(await one.sessions.closeAllOpen('server_restart')).toBe(1);
  });

  it('sets a save aside under its world and lists each world its own', async () => {
    const entry = (id: string) => ({ id, characterIds: [], recordKeys: [], error: 'boom', payload: {} });
    await one.saveQuarantine.add(entry('q1'));
    await two.saveQuarantine.add(entry('q2'));
    expect((await one.saveQuarantine.list()).map((q) => [q.id, q.worldId])).toEqual([['q1', 1]]);
    expect((await two.saveQuarantine.list()).map((q) => [q.id, q.worldId])).toEqual([['q2', 2]]);
    const rows = await database.db.select({ id: saveQuarantine.id }).from(saveQuarantine);
    expect(rows.map((r) => r.id).sort()).toEqual(['q1', 'q2']);
  });
});
