import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerSnapshot } from '../../test/records';
import type { Repositories } from '../storage';
import { SaveQueue } from './save-queue';
import { silentLog } from '../../test/support/memory-log';

/** The error a lost connection gives (the database is down). */
const down = () => Object.assign(new Error('database down'), { code: 'ECONNREFUSED' });

/** Repositories whose transactions never answer (a frozen database) or always fail (a database that is down). */
function database(mode: 'frozen' | 'failing') {
  /** Attempts to reach the database: transactions and commit-marker look-ups. */
  const calls = { transactions: 0 };
  const repos = {
    transaction: () => {
      calls.transactions++;
      return mode === 'frozen' ? new Promise<never>(() => undefined) : Promise.reject(down());
    },
    saveCommits: {
      // Asked after each failure whether the batch committed after all: it cannot answer either.
      exists: () => {
        calls.transactions++;
        return Promise.reject(down());
      },
    },
  } as unknown as Repositories;
  return { repos, calls };
}

describe('SaveQueue.flushWithin (shutdown)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves at once with nothing unsaved when everything is written', async () => {
    const saves = new SaveQueue(
      { transaction: async () => undefined } as unknown as Repositories,
      silentLog(),
    );
    saves.push(playerSnapshot('c1', { accountId: 'a' }));
    expect(await saves.flushWithin(60_000)).toEqual({ characters: [], records: [] });
  });

  it('gives up after its timeout on a database that does not answer, naming what was not written', async () => {
    const { repos } = database('frozen');
    const saves = new SaveQueue(repos, silentLog(), { batchSize: 1 });
    saves.push(playerSnapshot('c1', { accountId: 'a' })); // taken into a transaction that never ends
    saves.pushRecord('storeStock', 'general_store', { logs: 3 }, [playerSnapshot('c2', { accountId: 'a' })]);
    saves.pushRecord('worldChunk', '0:0', { trees: [] }, []);
    const left = await saves.flushWithin(50);
    expect(left.characters.sort()).toEqual(['c1', 'c2']);
    expect(left.records.sort()).toEqual(['storeStock:general_store', 'worldChunk:0:0']);
  });

  it('stops retrying once it gave up', async () => {
    vi.useFakeTimers();
    const { repos, calls } = database('failing');
    const saves = new SaveQueue(repos, silentLog(), { retryDelayMs: 10, maxRetryDelayMs: 10 });
    saves.push(playerSnapshot('c1', { accountId: 'a' }));
    const flushing = saves.flushWithin(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await flushing).toEqual({ characters: ['c1'], records: [] });
    const tried = calls.transactions;
    expect(tried).toBeGreaterThan(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.transactions).toBe(tried);
    // A later flush returns at once instead of waiting on a queue that no longer writes.
    await saves.flush();
    expect(saves.isPending('c1')).toBe(true);
  });
});
