import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../test/db-helpers';
import { playerSnapshot, seedCharacters } from '../../test/records';
import type { PlayerSnapshot } from '../sim/core/types';
import { createRepositories, type Repositories } from '../storage';
import type { Database } from '../storage/types';
import { SaveQueue, type SaveQueueOptions } from './save-queue';
import { memoryLog, type MemoryLog } from '../../test/support/memory-log';

const STORE = 'oakhaven_general_store';

/** Keyed records (store stock, world chunks) written with the snapshots handed over with them. */
describe.each(availableBackends())('SaveQueue records on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  /** One list of writes per committed transaction. */
  let committed: string[][];
  let failNextStock: boolean;
  let afterRollback: (() => Promise<void> | void) | undefined;
  let held: Promise<void>;
  let release: () => void;
  let ids: Record<'a' | 'b' | 'c' | 'x', string>;
  let memory: MemoryLog;
  const logged = () => memory.messages('error');

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
    committed = [];
    failNextStock = false;
    afterRollback = undefined;
    held = Promise.resolve();
    release = () => undefined;
    memory = memoryLog();
    const [a = '', b = '', c = '', x = ''] = await seedCharacters(repos, ['Alice', 'Bob', 'Carol', 'Xavier']);
    ids = { a, b, c, x };
  });
  afterEach(async () => {
    release();
    await database.close();
  });

  /** The real repositories, recording each transaction's writes and able to fail a stock write. */
  function instrumented(): Repositories {
    return {
      ...repos,
      transaction: async (fn) => {
        await held;
        const writes: string[] = [];
        try {
          const result = await repos.transaction((tx) =>
            fn({
              ...tx,
              characters: {
                ...tx.characters,
                save: (id, fields) => {
                  writes.push(`save ${id}`);
                  return tx.characters.save(id, fields);
                },
              },
              storeStock: {
                ...tx.storeStock,
                replaceAll: async (storeId, stock) => {
                  writes.push(`stock ${storeId} ${JSON.stringify(stock)}`);
                  await tx.storeStock.replaceAll(storeId, stock);
                  if (failNextStock) {
                    failNextStock = false;
                    throw new Error('stock write failed');
                  }
                },
              },
              worldChunks: {
                ...tx.worldChunks,
                upsert: (key, data) => {
                  writes.push(`chunk ${key}`);
                  return tx.worldChunks.upsert(key, data);
                },
              },
            }),
          );
          committed.push(writes);
          return result;
        } catch (err) {
          await afterRollback?.();
          throw err;
        }
      },
    };
  }

  function queue(options: SaveQueueOptions = {}): SaveQueue {
    return new SaveQueue(instrumented(), memory.log, { retryDelayMs: 1, ...options });
  }

  function snap(id: string, coins: number, extra: Partial<PlayerSnapshot> = {}): PlayerSnapshot {
    return playerSnapshot(id, { accountId: 'acc', coins, ...extra });
  }

  async function stored(id: string) {
    return {
      coins: (await repos.characters.findById(id))?.coins,
      inventory: await repos.inventory.get(id),
      stock: await repos.storeStock.get(STORE),
    };
  }

  it('commits a purchase (the buyer and the whole stock) together or not at all', async () => {
    const hammer = { slot: 0, itemId: 'hammer', quantity: 1 };
    let seenAfterRollback: Awaited<ReturnType<typeof stored>> | undefined;
    afterRollback = async () => {
      seenAfterRollback = await stored(ids.a);
    };
    failNextStock = true;
    const saves = queue();
    saves.pushRecord('storeStock', STORE, { hammer: 4, tinderbox: 5 }, [
      snap(ids.a, 87, { inventory: [hammer] }),
    ]);
    expect(saves.isPending(ids.a)).toBe(true);
    await saves.flush();

    // The failed attempt left no trace: neither the coins nor the hammer nor the stock moved.
    expect(seenAfterRollback).toEqual({ coins: 0, inventory: [], stock: {} });
    expect(await stored(ids.a)).toEqual({
      coins: 87,
      inventory: [hammer],
      stock: { hammer: 4, tinderbox: 5 },
    });
    expect(committed).toEqual([[`save ${ids.a}`, `stock ${STORE} {"hammer":4,"tinderbox":5}`]]);
    expect({ saved: saves.saved, failed: saves.failed, recordsSaved: saves.recordsSaved }).toEqual({
      saved: 1,
      failed: 1,
      recordsSaved: 1,
    });
  });

  it('batches every entry sharing a record together, transitively; the newest state of a record wins', async () => {
    const saves = queue({ batchSize: 1 });
    held = new Promise<void>((r) => (release = r));
    saves.push(snap(ids.x, 1)); // taken at once, then held in its transaction
    saves.pushRecord('storeStock', STORE, { hammer: 4 }, [snap(ids.a, 10)]); // A: S
    saves.push(snap(ids.c, 3)); // C: on its own
    saves.pushRecord('storeStock', 'bram_blades', { bronze_sword: 3 }, [snap(ids.b, 20)]); // B: T
    saves.pushRecord('storeStock', STORE, { hammer: 3 }, [snap(ids.b, 21)]); // B: S, T
    saves.pushRecord('storeStock', STORE, { hammer: 4 }, []); // a restock: S on its own
    saves.pushRecord('worldChunk', '3:-2', { objects: [] }, []);
    release();
    await saves.flush();

    expect(committed).toEqual([
      [`save ${ids.x}`],
      [
        `save ${ids.a}`,
        `save ${ids.b}`,
        `stock bram_blades {"bronze_sword":3}`,
        `stock ${STORE} {"hammer":4}`,
      ],
      [`save ${ids.c}`],
      ['chunk 3:-2'],
    ]);
    expect(await repos.storeStock.get(STORE)).toEqual({ hammer: 4 });
    expect(await repos.worldChunks.list()).toEqual([{ chunkKey: '3:-2', data: { objects: [] } }]);
    expect((await repos.characters.findById(ids.b))?.coins).toBe(21);
  });

  it('writes the bank with the character, in the same transaction as inventory and equipment', async () => {
    const saves = queue();
    const bank = [
      { slot: 0, itemId: 'logs', quantity: 27 },
      { slot: 799, itemId: 'bronze_sword', quantity: 2 },
    ];
    saves.push(snap(ids.a, 5, { bank, inventory: [{ slot: 3, itemId: 'bones', quantity: 1 }] }));
    await saves.flush();
    expect(await repos.bank.get(ids.a)).toEqual(bank);
    saves.push(snap(ids.a, 5, { bank: [] }));
    await saves.flush();
    expect(await repos.bank.get(ids.a)).toEqual([]);
    expect(await repos.inventory.get(ids.a)).toEqual([]);
  });

  it("writes a world's records under its world: the same shop keeps its own stock in each world", async () => {
    const two = createRepositories(database, { worldId: 2 });
    const worldTwo = new SaveQueue(two, memory.log, { retryDelayMs: 1 });
    const worldOne = queue();
    worldOne.pushRecord('storeStock', STORE, { hammer: 4 }, [snap(ids.a, 10)]);
    worldTwo.pushRecord('storeStock', STORE, { hammer: 1, tinderbox: 2 }, [snap(ids.b, 20)]);
    worldTwo.pushRecord('worldChunk', '3:-2', { objects: [] }, []);
    const ground = { v: 1, piles: [{ itemId: 'logs', quantity: 1, x: 1, z: 1 }] };
    worldTwo.pushRecord('groundRegion', '0:0', ground, []);
    await Promise.all([worldOne.flush(), worldTwo.flush()]);
    expect(logged()).toEqual([]);
    expect(await repos.storeStock.get(STORE)).toEqual({ hammer: 4 });
    expect(await two.storeStock.get(STORE)).toEqual({ hammer: 1, tinderbox: 2 });
    expect(await repos.worldChunks.list()).toEqual([]);
    expect(await two.worldChunks.list()).toEqual([{ chunkKey: '3:-2', data: { objects: [] } }]);
    expect(await repos.groundRegions.list()).toEqual([]);
    expect(await two.groundRegions.list()).toEqual([{ regionKey: '0:0', data: ground }]);
  });

  it('drops (and logs) store stock that is not item id -> units, still saving the snapshots', async () => {
    const saves = queue();
    saves.pushRecord('storeStock', STORE, { hammer: -1 }, [snap(ids.a, 9)]);
    await saves.flush();
    expect(logged()).toEqual(['a storeStock record does not have its shape; dropped']);
    expect(committed).toEqual([[`save ${ids.a}`]]);
    expect(await repos.storeStock.get(STORE)).toEqual({});
  });
});
