import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../test/db-helpers';
import { playerSnapshot, seedCharacters } from '../../test/records';
import type { DeathLockState, PlayerSnapshot } from '../sim/core/types';
import { createRepositories, type Repositories } from '../storage';
import type { Database } from '../storage/types';
import { SaveQueue, type SaveQueueOptions } from './save-queue';
import { silentLog } from '../../test/support/memory-log';

const sword = { itemId: 'bronze_sword', quantity: 1 };
const coins = { itemId: 'coins', quantity: 30 };

describe.each(availableBackends())('SaveQueue on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  /** What happened, in order: `save <id>`, `lock <id> <status> <n items>`, fail points, `commit`. */
  let events: string[];
  /** One list of writes per committed transaction. */
  let committed: string[][];
  let held: Promise<void>;
  let release: () => void;
  let failNextUpsert: boolean;
  let afterRollback: (() => Promise<void> | void) | undefined;
  let ids: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'x', string>;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
    events = [];
    committed = [];
    held = Promise.resolve();
    release = () => undefined;
    failNextUpsert = false;
    afterRollback = undefined;
    const [a = '', b = '', c = '', d = '', e = '', x = ''] = await seedCharacters(repos, [
      'Alice',
      'Bob',
      'Carol',
      'Dave',
      'Erin',
      'Xavier',
    ]);
    ids = { a, b, c, d, e, x };
  });
  afterEach(async () => {
    release();
    await database.close();
  });

  /** The real repositories, recording every write and able to fail a lock upsert or hold commits. */
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
                  events.push(`save ${id}`);
                  return tx.characters.save(id, fields);
                },
              },
              deaths: {
                ...tx.deaths,
                upsert: async (state) => {
                  const line = `lock ${state.id} ${state.status} ${state.items.length}`;
                  writes.push(line);
                  events.push(line);
                  await tx.deaths.upsert(state);
                  if (failNextUpsert) {
                    failNextUpsert = false;
                    throw new Error('lock upsert failed');
                  }
                },
              },
            }),
          );
          events.push('commit');
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
    return new SaveQueue(instrumented(), silentLog(), { retryDelayMs: 1, ...options });
  }

  function hold(): void {
    held = new Promise<void>((r) => (release = r));
  }

  function snap(id: string, x: number, inventory: PlayerSnapshot['inventory'] = []): PlayerSnapshot {
    return playerSnapshot(id, { accountId: 'acc', x, inventory });
  }

  function lock(
    characterId: string,
    tick: number,
    items: DeathLockState['items'],
    status: DeathLockState['status'] = 'active',
  ): DeathLockState {
    return { id: `${characterId}:${tick}`, characterId, position: { x: 3, y: 0, z: 4 }, items, status };
  }

  async function stored(id: string) {
    const character = await repos.characters.findById(id);
    return {
      x: character?.positionX,
      inventory: (await repos.inventory.get(id)).map((s) => s.itemId),
      locks: await repos.deaths.listActiveFor(id),
    };
  }

  it('commits a death lock with its snapshots, or neither: a failing upsert rolls the batch back', async () => {
    await repos.inventory.replaceAll(ids.a, [{ slot: 0, ...sword }]);
    const death = lock(ids.a, 10, [sword]);
    let seenAfterRollback: Awaited<ReturnType<typeof stored>> | undefined;
    afterRollback = async () => {
      seenAfterRollback = await stored(ids.a);
    };
    failNextUpsert = true;
    const saves = queue();
    saves.pushLock(death, [snap(ids.a, 7)], 'death');
    expect(saves.isPending(ids.a)).toBe(true);
    await saves.flush();

    // The failed attempt left no trace: the sword is still in the inventory, no lock holds it.
    expect(seenAfterRollback).toEqual({ x: 0, inventory: ['bronze_sword'], locks: [] });
    // The retry wrote both: the sword moved from the inventory into the death's custody.
    expect(await stored(ids.a)).toEqual({ x: 7, inventory: [], locks: [death] });
    expect(saves.isPending(ids.a)).toBe(false);
    expect({ saved: saves.saved, failed: saves.failed, locksSaved: saves.locksSaved }).toEqual({
      saved: 1,
      failed: 1,
      locksSaved: 1,
    });
  });

  it('merges waiting entries: the newest snapshot and the newest state of a lock win', async () => {
    const saves = queue();
    hold();
    saves.push(snap(ids.x, 1));
    // The writer starts after this turn of the event loop: x is taken then, and held in its transaction.
    await new Promise((resolve) => setImmediate(resolve));
    saves.push(snap(ids.a, 1));
    saves.pushLock(lock(ids.a, 10, [sword, coins]), [snap(ids.a, 2)], 'death');
    saves.pushLock(lock(ids.a, 10, [coins]), [snap(ids.b, 3, [{ slot: 0, ...sword }])], 'pickup');
    saves.push(snap(ids.a, 4));
    const recovered = lock(ids.a, 10, [], 'recovered');
    saves.pushLock(
      recovered,
      [
        snap(ids.b, 5, [
          { slot: 0, ...sword },
          { slot: 1, ...coins },
        ]),
      ],
      'pickup',
    );
    expect([ids.a, ids.b, ids.x].map((id) => saves.isPending(id))).toEqual([true, true, true]);
    expect(saves.isPending(ids.c)).toBe(false);
    release();
    await saves.flush();

    expect(committed).toEqual([
      [`save ${ids.x}`],
      [`save ${ids.a}`, `save ${ids.b}`, `lock ${ids.a}:10 recovered 0`],
    ]);
    expect(await stored(ids.a)).toMatchObject({ x: 4, locks: [] });
    expect(await stored(ids.b)).toMatchObject({ x: 5, inventory: ['bronze_sword', 'coins'] });
    expect(saves.isPending(ids.a) || saves.isPending(ids.b)).toBe(false);
  });

  it('takes every entry sharing a lock into the same batch, transitively, whatever the batch size', async () => {
    const names: string[] = [];
    const saves = queue({ batchSize: 1, failpoint: (name) => names.push(name) });
    hold();
    saves.push(snap(ids.x, 1));
    saves.pushLock(lock(ids.a, 10, [sword, coins]), [snap(ids.a, 2)], 'death'); // A: L1
    saves.push(snap(ids.c, 3)); // C: on its own
    saves.pushLock(lock(ids.a, 10, [coins]), [snap(ids.b, 4)], 'pickup'); // B: L1
    saves.pushLock(lock(ids.d, 20, [sword]), [snap(ids.d, 5)], 'death'); // D: L2
    saves.pushLock(lock(ids.d, 20, []), [snap(ids.b, 6)], 'pickup'); // B: L1, L2
    saves.pushLock(lock(ids.a, 10, [], 'expired'), [], 'despawn'); // lock-only entry: L1
    saves.push(snap(ids.e, 7)); // E: on its own
    release();
    await saves.flush();

    expect(committed).toEqual([
      [`save ${ids.x}`],
      [
        `save ${ids.a}`,
        `save ${ids.b}`,
        `save ${ids.d}`,
        `lock ${ids.a}:10 expired 0`,
        `lock ${ids.d}:20 active 0`,
      ],
      [`save ${ids.c}`],
      [`save ${ids.e}`],
    ]);
    expect(new Set(names)).toEqual(
      new Set(['death', 'pickup', 'despawn'].flatMap((s) => [`${s}:beforeCommit`, `${s}:afterCommit`])),
    );
    expect(await repos.deaths.listActive()).toEqual([lock(ids.d, 20, [])]);
  });

  it('requeues a failed batch with its lock states; a snapshot handed over meanwhile wins', async () => {
    const saves = queue();
    const death = lock(ids.a, 10, [sword]);
    afterRollback = () => saves.push(snap(ids.a, 9));
    failNextUpsert = true;
    saves.pushLock(death, [snap(ids.a, 2)], 'death');
    await saves.flush();

    expect(committed).toEqual([[`save ${ids.a}`, `lock ${ids.a}:10 active 1`]]);
    expect(await stored(ids.a)).toMatchObject({ x: 9, locks: [death] });
    expect(saves.failed).toBe(1);
  });

  it('reaches the fail points inside the transaction after every write, and right after the commit', async () => {
    let crashBeforeCommit = true;
    const saves = queue({
      failpoint: (name) => {
        events.push(name);
        if (crashBeforeCommit && name === 'death:beforeCommit') {
          crashBeforeCommit = false;
          throw new Error('simulated crash');
        }
      },
    });
    saves.push(snap(ids.b, 1));
    await saves.flush();
    expect(events).toEqual([`save ${ids.b}`, 'commit']); // no lock: no fail point

    events = [];
    saves.pushLock(lock(ids.a, 10, [sword]), [snap(ids.a, 2)], 'death');
    await saves.flush();
    const writes = [`save ${ids.a}`, `lock ${ids.a}:10 active 1`, 'death:beforeCommit'];
    // The first attempt stopped at beforeCommit and did not commit; the retry did.
    expect(events).toEqual([...writes, ...writes, 'commit', 'death:afterCommit']);
    expect(await stored(ids.a)).toMatchObject({ x: 2, locks: [lock(ids.a, 10, [sword])] });
  });
});
