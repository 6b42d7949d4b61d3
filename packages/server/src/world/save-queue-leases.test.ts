import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../test/db-helpers';
import { playerSnapshot, seedCharacters } from '../../test/records';
import { createRepositories, type Repositories } from '../storage';
import type { Database } from '../storage/types';
import { SaveQueue } from './save-queue';
import { silentLog } from '../../test/support/memory-log';

const ME = 'world-1-instance';
const TTL = 30_000;

/** Character saves fenced by, and final saves ending, the character's lease (docs/decisions/0015). */
describe.each(availableBackends())('SaveQueue and character leases on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let ids: Record<'a' | 'b', string>;
  let setAside: string[];
  let lost: string[];

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
    const [a = '', b = ''] = await seedCharacters(repos, ['Alice', 'Bob']);
    ids = { a, b };
    setAside = [];
    lost = [];
  });
  afterEach(async () => {
    await database.close();
  });

  function queue(over: Repositories = repos): SaveQueue {
    const saves = new SaveQueue(over, silentLog(), { retryDelayMs: 1, leases: { instance: ME } });
    saves.listen({
      committed: () => undefined,
      setAside: (c) => void setAside.push(...c),
      leaseLost: (c) => void lost.push(...c),
    });
    return saves;
  }

  it('ends the lease in the transaction of the final save, and keeps it through an autosave', async () => {
    await repos.leases.take(ids.a, 1, ME, TTL);
    const saves = queue();
    saves.push(playerSnapshot(ids.a, { accountId: 'acc', coins: 5 }));
    await saves.flush();
    expect(await repos.leases.holder(ids.a, TTL)).toMatchObject({ instance: ME });
    saves.push(playerSnapshot(ids.a, { accountId: 'acc', coins: 7 }), { release: true });
    await saves.flush();
    expect((await repos.characters.findById(ids.a))?.coins).toBe(7);
    expect(await repos.leases.holder(ids.a, TTL)).toBeNull();
  });

  it('keeps the lease while the final save fails, and ends it when the save commits', async () => {
    await repos.leases.take(ids.a, 1, ME, TTL);
    let failures = 1;
    let holderAfterRollback: unknown = 'unread';
    const flaky: Repositories = {
      ...repos,
      transaction: async (fn) => {
        try {
          return await repos.transaction(async (tx) => {
            const result = await fn(tx);
            if (failures-- > 0) throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
            return result;
          });
        } catch (err) {
          holderAfterRollback = await repos.leases.holder(ids.a, TTL);
          throw err;
        }
      },
    };
    const saves = queue(flaky);
    saves.push(playerSnapshot(ids.a, { accountId: 'acc', coins: 9 }), { release: true });
    await saves.flush();
    expect(holderAfterRollback).toMatchObject({ instance: ME });
    expect((await repos.characters.findById(ids.a))?.coins).toBe(9);
    expect(await repos.leases.holder(ids.a, TTL)).toBeNull();
  });

  it("never writes a character whose lease another world took over: set aside, its session ended (4011); others' saves commit", async () => {
    await repos.leases.take(ids.a, 1, ME, TTL);
    await repos.leases.take(ids.b, 2, 'world-2-instance', TTL);
    const saves = queue();
    saves.push(playerSnapshot(ids.a, { accountId: 'acc', coins: 11 }));
    saves.push(playerSnapshot(ids.b, { accountId: 'acc', coins: 999 }), { release: true });
    await saves.flush();
    expect((await repos.characters.findById(ids.a))?.coins).toBe(11);
    expect((await repos.characters.findById(ids.b))?.coins).toBe(0);
    expect(lost).toEqual([ids.b]);
    expect(setAside).toEqual([]);
    expect(saves.setAside).toBe(1);
    const [quarantined] = await repos.saveQuarantine.list();
    expect(quarantined).toMatchObject({ characterIds: [ids.b] });
    expect(quarantined?.error).toMatch(/no longer holds the lease/);
    // The other world's lease is untouched by the final save that was refused.
    expect(await repos.leases.holder(ids.b, TTL)).toMatchObject({ instance: 'world-2-instance' });
  });
});
