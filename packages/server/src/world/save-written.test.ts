import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../test/db-helpers';
import { playerSnapshot, seedCharacters } from '../../test/records';
import { silentLog } from '../../test/support/memory-log';
import type { PlayerSnapshot } from '../sim/core/types';
import { createRepositories, type Repositories } from '../storage';
import type { Database } from '../storage/types';
import { loadRecord } from '../transport/ws/player-record';
import { SaveQueue } from './save-queue';
import { WrittenRows } from './save-written';

const sword = { slot: 0, itemId: 'bronze_sword', quantity: 1 };
const coins = { slot: 1, itemId: 'coins', quantity: 30 };
const moreCoins = { slot: 1, itemId: 'coins', quantity: 31 };
const wielded = { slot: 'weapon', itemId: 'bronze_sword', quantity: 1 };
const quest = { questId: 'cooks_assistant', stage: 1, status: 'in_progress' as const, data: { eggs: 0 } };

describe('WrittenRows', () => {
  it('plans every part of a character it knows nothing of, and only the changed parts after a commit', () => {
    const rows = new WrittenRows();
    const first = playerSnapshot('c1', { inventory: [sword, coins], quests: [quest] });
    expect(rows.plan(first)).toEqual({ inventory: true, equipment: true, bank: true, quests: [quest] });
    rows.committed(first, false);
    const same = playerSnapshot('c1', { inventory: [{ ...sword }, { ...coins }], quests: [{ ...quest }] });
    expect(rows.plan(same)).toEqual({ inventory: false, equipment: false, bank: false, quests: [] });
    const changed = { ...quest, data: { eggs: 1 } };
    expect(rows.plan(playerSnapshot('c1', { inventory: [sword, moreCoins], quests: [changed] }))).toEqual({
      inventory: true,
      equipment: false,
      bank: false,
      quests: [changed],
    });
    expect(rows.plan(playerSnapshot('c1', { inventory: [sword], bank: [coins] }))).toMatchObject({
      inventory: true,
      bank: true,
    });
    expect(
      rows.plan(playerSnapshot('c1', { inventory: [sword, coins], equipment: [wielded] })),
    ).toMatchObject({
      inventory: false,
      equipment: true,
    });
    expect(rows.plan(playerSnapshot('c2', { inventory: [sword, coins] })).inventory).toBe(true);
  });

  it("compares a container's rows whatever their order (storage lists them by slot, the world its own way)", () => {
    const rows = new WrittenRows();
    const helmet = { slot: 'helmet', itemId: 'bronze_helm', quantity: 1 };
    rows.committed(playerSnapshot('c1', { equipment: [helmet, wielded], inventory: [sword, coins] }), false);
    expect(
      rows.plan(playerSnapshot('c1', { equipment: [wielded, helmet], inventory: [coins, sword] })),
    ).toEqual({
      inventory: false,
      equipment: false,
      bank: false,
      quests: [],
    });
    const other = { ...helmet, itemId: 'iron_helm' };
    expect(rows.plan(playerSnapshot('c1', { equipment: [wielded, other] })).equipment).toBe(true);
    expect(
      rows.plan(playerSnapshot('c1', { equipment: [wielded, { ...helmet, slot: 'shield' }] })).equipment,
    ).toBe(true);
  });

  it('forgets a character on a final save and when told to', () => {
    const rows = new WrittenRows();
    rows.committed(playerSnapshot('c1'), false);
    rows.committed(playerSnapshot('c2'), false);
    rows.committed(playerSnapshot('c1'), true);
    rows.forget('c2');
    expect(rows.size).toBe(0);
    expect(rows.plan(playerSnapshot('c1')).inventory).toBe(true);
  });
});

describe.each(availableBackends())('saves write only what changed, on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let id: string;
  /** Container writes, in order (`inventory`, `equipment`, `bank`, `quest <id>`). */
  let writes: string[];
  /** A snapshot with this health fails its inventory write (not a connection error: it is set aside). */
  let poisonHealth: number | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
    [id = ''] = await seedCharacters(repos, ['Alice']);
    writes = [];
    poisonHealth = undefined;
  });
  afterEach(async () => {
    await database.close();
  });

  function instrumented(): Repositories {
    return {
      ...repos,
      transaction: (fn) =>
        repos.transaction((tx) => {
          let health = -1;
          return fn({
            ...tx,
            characters: {
              ...tx.characters,
              save: (cid, fields) => {
                health = fields.health ?? -1;
                return tx.characters.save(cid, fields);
              },
            },
            inventory: {
              ...tx.inventory,
              replaceAll: async (cid, slots) => {
                writes.push('inventory');
                if (health === poisonHealth) throw new Error('poisoned inventory');
                await tx.inventory.replaceAll(cid, slots);
              },
            },
            equipment: {
              ...tx.equipment,
              replaceAll: (cid, slots) => (writes.push('equipment'), tx.equipment.replaceAll(cid, slots)),
            },
            bank: {
              ...tx.bank,
              replaceAll: (cid, slots) => (writes.push('bank'), tx.bank.replaceAll(cid, slots)),
            },
            quests: { ...tx.quests, upsert: (q) => (writes.push(`quest ${q.questId}`), tx.quests.upsert(q)) },
          });
        }),
    };
  }

  async function save(queue: SaveQueue, s: PlayerSnapshot, release = false): Promise<string[]> {
    writes = [];
    queue.push(s, { release });
    await queue.flush();
    return writes;
  }

  const stored = async () => ({
    inventory: await repos.inventory.get(id),
    bank: await repos.bank.get(id),
    equipment: await repos.equipment.get(id),
  });

  it('writes the containers and quests that changed since the last commit, and the database follows', async () => {
    const queue = new SaveQueue(instrumented(), silentLog());
    const s1 = playerSnapshot(id, { inventory: [sword, coins], equipment: [wielded], quests: [quest] });
    expect(await save(queue, s1)).toEqual(['inventory', 'equipment', 'bank', 'quest cooks_assistant']);
    expect(await save(queue, playerSnapshot(id, { ...s1, x: 3201, health: 9 }))).toEqual([]);
    expect((await repos.characters.findById(id))?.health).toBe(9);
    expect(await save(queue, playerSnapshot(id, { ...s1, inventory: [sword, moreCoins] }))).toEqual([
      'inventory',
    ]);
    expect(
      await save(queue, playerSnapshot(id, { ...s1, inventory: [sword, moreCoins], bank: [coins] })),
    ).toEqual(['bank']);
    const later = { ...quest, stage: 2 };
    expect(
      await save(
        queue,
        playerSnapshot(id, { ...s1, inventory: [sword, moreCoins], bank: [coins], quests: [later] }),
      ),
    ).toEqual(['quest cooks_assistant']);
    expect(await stored()).toEqual({
      inventory: [
        { slot: 0, itemId: 'bronze_sword', quantity: 1 },
        { slot: 1, itemId: 'coins', quantity: 31 },
      ],
      bank: [{ slot: 1, itemId: 'coins', quantity: 30 }],
      equipment: [{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }],
    });
    expect((await repos.quests.list(id)).map((q) => q.stage)).toEqual([2]);
  });

  it("a login's loaded rows count as committed: the session's first save writes only what changed", async () => {
    const queue = new SaveQueue(instrumented(), silentLog());
    await repos.inventory.replaceAll(id, [sword, coins]);
    await repos.equipment.replaceAll(id, [wielded]);
    const character = await repos.characters.findById(id);
    if (!character) throw new Error('seeded character missing');
    const record = await loadRecord(repos, character, 600);
    queue.loaded(record);
    expect(await save(queue, playerSnapshot(id, { ...record, inventory: [coins, sword] }))).toEqual([]);
    expect(await save(queue, playerSnapshot(id, { ...record, inventory: [sword] }))).toEqual(['inventory']);
    expect((await stored()).inventory).toEqual([{ slot: 0, itemId: 'bronze_sword', quantity: 1 }]);
  });

  it('after a final save, the next session writes everything (another world may have written the rows)', async () => {
    const queue = new SaveQueue(instrumented(), silentLog());
    const s1 = playerSnapshot(id, { inventory: [sword, coins] });
    await save(queue, s1);
    await save(queue, s1, true);
    // Held meanwhile by another world, which saved other items.
    await repos.inventory.replaceAll(id, [{ slot: 5, itemId: 'coins', quantity: 1 }]);
    expect(await save(queue, s1)).toEqual(['inventory', 'equipment', 'bank']);
    expect((await stored()).inventory).toEqual([
      { slot: 0, itemId: 'bronze_sword', quantity: 1 },
      { slot: 1, itemId: 'coins', quantity: 30 },
    ]);
  });

  it('a save that did not commit is not taken for what the database holds', async () => {
    const queue = new SaveQueue(instrumented(), silentLog(), { retryDelayMs: 1, maxRetryDelayMs: 1 });
    const listener = { committed: () => undefined, setAside: () => undefined };
    queue.listen(listener);
    await save(queue, playerSnapshot(id, { inventory: [sword] }));
    // This state fails on its own and is set aside: the database keeps the sword alone.
    poisonHealth = 7;
    await save(queue, playerSnapshot(id, { inventory: [sword, coins], health: 7 }));
    expect(queue.setAside).toBe(1);
    expect((await stored()).inventory).toEqual([{ slot: 0, itemId: 'bronze_sword', quantity: 1 }]);
    // The logout save of the same items must write them.
    expect(await save(queue, playerSnapshot(id, { inventory: [sword, coins], health: 8 }), true)).toContain(
      'inventory',
    );
    expect((await stored()).inventory).toHaveLength(2);
  });
});
