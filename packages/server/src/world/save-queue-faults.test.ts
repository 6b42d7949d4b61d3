import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../test/db-helpers';
import { playerSnapshot, seedCharacters } from '../../test/records';
import type { LedgerEntry } from '../sim/core/ledger';
import type { PlayerSnapshot } from '../sim/core/types';
import { createRepositories, type Repositories } from '../storage';
import type { Database } from '../storage/types';
import { SaveQueue, type SaveQueueOptions } from './save-queue';
import { silentLog } from '../../test/support/memory-log';

/** What flushWithin returns when everything was written in time. */
const ALL_WRITTEN = { characters: [], records: [] };
const logs = (n: number): LedgerEntry => ({ itemId: 'logs', reason: 'gather', delta: n });

/** A connection error as node-postgres reports it when the server goes away mid-transaction. */
function adminShutdown(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
}

/**
 * How the save queue survives failures: a save that fails on its own is set aside without
 * blocking anyone else; an unavailable database makes saves wait and retry; a connection lost
 * during COMMIT never writes a batch (and its ledger totals) twice.
 */
describe.each(availableBackends())('SaveQueue faults on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let ids: Record<'a' | 'b' | 'c', string>;
  let setAside: string[][];
  let confirmed: string[];
  /** Called around each transaction: may throw before it runs, or after it committed. */
  let before: (() => void) | undefined;
  let after: (() => void) | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
    const [a = '', b = '', c = ''] = await seedCharacters(repos, ['Alice', 'Bob', 'Carol']);
    ids = { a, b, c };
    setAside = [];
    confirmed = [];
    before = undefined;
    after = undefined;
  });
  afterEach(async () => {
    await database.close();
  });

  function queue(options: SaveQueueOptions = {}): SaveQueue {
    const flaky: Repositories = {
      ...repos,
      transaction: async (fn) => {
        before?.();
        const result = await repos.transaction(fn);
        after?.();
        return result;
      },
    };
    const q = new SaveQueue(flaky, silentLog(), { retryDelayMs: 1, maxRetryDelayMs: 5, ...options });
    q.listen({
      committed: (what, key) => confirmed.push(`${what}:${key}`),
      setAside: (c) => setAside.push([...c]),
    });
    return q;
  }

  const snap = (id: string, x: number, fields: Partial<PlayerSnapshot> = {}) =>
    playerSnapshot(id, { accountId: 'acc', x, ...fields });

  async function totals(): Promise<Record<string, number>> {
    return Object.fromEntries(
      (await repos.itemLedger.totals()).map((t) => [`${t.itemId}/${t.reason}`, t.total]),
    );
  }

  it('sets a save that fails on its own aside; every other save in its batch commits', async () => {
    // Carol's character is gone (deleted under her session): her inventory rows break a foreign key.
    await repos.characters.delete(ids.c);
    const saves = queue();
    saves.push(snap(ids.a, 5, { ledger: [logs(2)] }));
    saves.push(snap(ids.c, 6, { inventory: [{ slot: 0, itemId: 'logs', quantity: 3 }], ledger: [logs(3)] }));
    saves.push(snap(ids.b, 7));
    expect(await saves.flushWithin(20_000)).toEqual(ALL_WRITTEN);

    expect((await repos.characters.findById(ids.a))?.positionX).toBe(5);
    expect((await repos.characters.findById(ids.b))?.positionX).toBe(7);
    expect(saves.isPending(ids.c)).toBe(false);
    expect(setAside).toEqual([[ids.c]]);
    expect(saves.status()).toMatchObject({ setAside: 1, waiting: 0, inFlight: 0, outage: null });
    // Carol's ledger entries were set aside with her state; Alice's committed.
    expect(await totals()).toEqual({ 'logs/gather': 2 });
    const [kept] = await repos.saveQuarantine.list();
    expect(kept?.characterIds).toEqual([ids.c]);
    expect(kept?.payload).toMatchObject({ snapshots: [{ id: ids.c, x: 6 }], ledger: [logs(3)] });

    // Later saves of the others are not held up.
    saves.push(snap(ids.a, 9));
    expect(await saves.flushWithin(20_000)).toEqual(ALL_WRITTEN);
    expect((await repos.characters.findById(ids.a))?.positionX).toBe(9);
  });

  it('waits out an unavailable database, retrying with backoff, and reports the outage meanwhile', async () => {
    let down = true;
    let attempts = 0;
    before = () => {
      attempts++;
      if (down) throw adminShutdown();
    };
    const saves = queue();
    saves.push(snap(ids.a, 4, { ledger: [logs(1)] }));
    const flushed = saves.flushWithin(20_000);
    await expect.poll(() => saves.status().outage?.retries ?? 0).toBeGreaterThan(2);
    expect(saves.status().outage?.error).toMatch(/administrator command/);
    expect(saves.isPending(ids.a)).toBe(true);
    down = false;
    expect(await flushed).toEqual(ALL_WRITTEN);
    expect(attempts).toBeGreaterThan(1);
    expect(saves.status().outage).toBeNull();
    expect((await repos.characters.findById(ids.a))?.positionX).toBe(4);
    expect(await totals()).toEqual({ 'logs/gather': 1 });
    expect(setAside).toEqual([]);
  });

  it('never writes a batch twice when the connection drops after COMMIT: ledger totals count once', async () => {
    let dropAfterCommit = true;
    after = () => {
      if (dropAfterCommit) {
        dropAfterCommit = false;
        throw adminShutdown();
      }
    };
    const saves = queue();
    saves.push(snap(ids.a, 4, { ledger: [logs(5)] }));
    saves.pushRecord('storeStock', 'oakhaven_general_store', { logs: 2 }, [], {
      ledger: [{ itemId: 'logs', reason: 'restock', delta: 1 }],
      confirm: true,
    });
    expect(await saves.flushWithin(20_000)).toEqual(ALL_WRITTEN);
    expect(await totals()).toEqual({ 'logs/gather': 5, 'logs/restock': 1 });
    expect(saves.saved).toBe(1);
    expect(confirmed).toEqual(['storeStock:oakhaven_general_store']);
  });

  it('counts the ledger entries of every snapshot a newer one replaced, and a shared record once', async () => {
    const saves = queue();
    saves.push(snap(ids.a, 1, { ledger: [logs(2)] }));
    saves.push(snap(ids.a, 2, { ledger: [logs(3)] }));
    // One record written with two characters: its entries must count once.
    saves.pushRecord('groundRegion', '0:0', { v: 1, piles: [] }, [snap(ids.a, 3), snap(ids.b, 3)], {
      ledger: [{ itemId: 'bones', reason: 'despawn', delta: -4 }],
    });
    expect(await saves.flushWithin(20_000)).toEqual(ALL_WRITTEN);
    expect(await totals()).toEqual({ 'logs/gather': 5, 'bones/despawn': -4 });
  });

  it('holds every write while this process may not write, then writes them', async () => {
    let allowed = false;
    const saves = queue({ writable: () => allowed });
    saves.push(snap(ids.a, 8));
    await expect.poll(() => saves.status().outage?.error).toMatch(/world lock/);
    expect((await repos.characters.findById(ids.a))?.positionX).toBe(0);
    allowed = true;
    expect(await saves.flushWithin(20_000)).toEqual(ALL_WRITTEN);
    expect((await repos.characters.findById(ids.a))?.positionX).toBe(8);
  });
});
