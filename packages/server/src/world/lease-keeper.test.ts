import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { availableBackends, createTestDatabase } from '../../test/db-helpers';
import { seedCharacters } from '../../test/records';
import { createRepositories, type LeaseRepository, type Repositories } from '../storage';
import type { Database } from '../storage/types';
import { LeaseKeeper } from './lease-keeper';
import { memoryLog, type MemoryLog } from '../../test/support/memory-log';

const TTL = 30_000;

describe.each(availableBackends())('LeaseKeeper on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let ids: string[];
  let inUse: Set<string>;
  let lost: string[];
  let log: MemoryLog;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
    ids = await seedCharacters(repos, ['Ann', 'Ben', 'Cid']);
    inUse = new Set();
    lost = [];
    log = memoryLog();
  });
  afterEach(async () => {
    await database.close();
  });

  function keeper(leases: LeaseRepository = repos.leases, ttlMs = TTL): LeaseKeeper {
    const k = new LeaseKeeper({
      leases,
      worldId: 1,
      instance: 'me',
      ttlMs,
      logger: log.log,
    });
    k.watch({ inUse: (id) => inUse.has(id), lost: (id) => void lost.push(id) });
    return k;
  }

  const expire = (id: string) =>
    database.db.execute(
      sql`UPDATE character_leases SET "heartbeatAt" = now() - interval '1 hour' WHERE "characterId" = ${id}`,
    );

  it('renews the leases in use, and ends the session of one another world took over', async () => {
    const [a = '', b = ''] = ids;
    const k = keeper();
    expect(await k.take(a)).toMatchObject({ ok: true });
    expect(await k.take(b)).toMatchObject({ ok: true });
    inUse.add(a).add(b);
    await expire(a);
    await expire(b);
    await k.renew();
    expect(lost).toEqual([]);
    expect(await repos.leases.holder(a, TTL)).toMatchObject({ instance: 'me' });

    // The world could not renew for longer than the TTL; another world took B over.
    await expire(b);
    expect(await repos.leases.take(b, 2, 'other', TTL)).toMatchObject({ ok: true, tookOver: true });
    await k.renew();
    expect(lost).toEqual([b]);
    await k.renew();
    expect(lost).toEqual([b]);
    expect(await repos.leases.holder(b, TTL)).toMatchObject({ worldId: 2, instance: 'other' });
  });

  it('releases the leases of characters no longer in use here, and says nothing of those released by their save', async () => {
    const [a = '', b = ''] = ids;
    const k = keeper();
    await k.take(a);
    await k.take(b);
    inUse.add(b);
    await repos.leases.release(b, 'me'); // as B's final save does
    inUse.delete(b);
    await k.renew();
    expect(await repos.leases.holder(a, TTL)).toBeNull();
    expect(lost).toEqual([]);
  });

  it('says nothing of a lease whose final save committed while the renewal ran (the save not yet marked done)', async () => {
    const [a = ''] = ids;
    const k = keeper();
    await k.take(a);
    inUse.add(a); // its save is still pending here: the queue has not handled the commit yet
    await repos.leases.release(a, 'me'); // as A's final save does, in its transaction
    await k.renew();
    expect(lost).toEqual([]);
    expect(log.messages('warn')).toEqual([]);
  });

  it('never throws when the database fails, and renews again once it is back', async () => {
    const [a = ''] = ids;
    let down = true;
    const flaky: LeaseRepository = {
      ...repos.leases,
      renewAll: (instance) =>
        down ? Promise.reject(new Error('connection refused')) : repos.leases.renewAll(instance),
    };
    const k = keeper(flaky);
    await k.take(a);
    inUse.add(a);
    await expire(a);
    await k.renew();
    expect(log.messages('error')).toEqual(['renewing the character leases failed; retrying next period']);
    expect(await repos.leases.holder(a, TTL)).toBeNull();
    down = false;
    await k.renew();
    expect(await repos.leases.holder(a, TTL)).toMatchObject({ instance: 'me' });
  });

  it('renews every third of the TTL until stopped', async () => {
    const [a = ''] = ids;
    let renewals = 0;
    const counting: LeaseRepository = {
      ...repos.leases,
      renewAll: (instance) => {
        renewals++;
        return repos.leases.renewAll(instance);
      },
    };
    const k = keeper(counting, 1000);
    await k.take(a);
    inUse.add(a);
    k.start();
    await vi.waitFor(() => expect(renewals).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 20 });
    await k.stop();
    const lease = await repos.leases.holder(a, TTL);
    expect(lease?.heartbeatAt.getTime()).toBeGreaterThan(lease?.acquiredAt.getTime() ?? Infinity);
  });

  it('lets a take of a character wait for its release in flight', async () => {
    const [a = ''] = ids;
    const k = keeper();
    await k.take(a);
    const released = k.release(a);
    const taken = k.take(a);
    await released;
    expect(await taken).toMatchObject({ ok: true });
    expect(await repos.leases.holder(a, TTL)).toMatchObject({ instance: 'me' });
  });
});
