import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, havePostgresBinaries, privatePostgres, TcpProxy } from '../../test/fault-helpers';
import { openDatabase } from './database';
import { createRepositories } from './repositories';
import {
  acquireWorldOwnership,
  stillOwner,
  WORLD_ADVISORY_LOCK,
  WorldInUseError,
  type OwnershipState,
  type WorldOwnership,
  type WorldOwnershipOptions,
} from './world-ownership';
import { memoryLog } from '../../test/support/memory-log';

const memory = memoryLog();
const logger = memory.log;
/** What was logged, errors marked. */
const logged = () => memory.lines.map((l) => `${l.level >= 50 ? 'ERROR ' : ''}${l.msg ?? ''}`);
const timeouts = { statementMs: 1_000, connectMs: 1_000 };

describe.skipIf(!havePostgresBinaries)('world ownership (one server process per world in PostgreSQL)', () => {
  let cluster: Awaited<ReturnType<typeof privatePostgres>>;
  let admin: pg.Pool;
  const acquire = (extra: Partial<WorldOwnershipOptions> = {}) =>
    acquireWorldOwnership({
      url: cluster.url,
      worldId: 1,
      logger,
      timeouts,
      heartbeatMs: 200,
      takenGraceMs: 300,
      ...extra,
    });
  const track = (o: WorldOwnership) => {
    const seen: OwnershipState[] = [];
    o.onChange((s) => seen.push(s));
    return seen;
  };
  beforeAll(async () => {
    cluster = await privatePostgres();
    const db = await openDatabase({ url: cluster.url, dataDir: '', timeouts });
    await db.close();
    admin = new pg.Pool({ connectionString: cluster.url, max: 2 });
    admin.on('error', () => undefined); // the restarts below end its idle connections
  }, 60_000);
  afterAll(async () => {
    await cluster?.dispose();
    await admin?.end();
  });
  const holderSession = async () =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_locks
          WHERE locktype = 'advisory' AND classid = $1 AND objid = 1 AND objsubid = 2 AND granted`,
        [WORLD_ADVISORY_LOCK],
      )
    ).rows[0]?.pid;

  it('refuses a second owner, naming the first; the world is free again once the first lets go', async () => {
    const first = await acquire();
    expect(first.held()).toBe(true);
    const refused = acquire();
    await expect(refused).rejects.toThrow(WorldInUseError);
    await expect(refused).rejects.toThrow(`owned by another server process (process ${process.pid} on `);
    expect(first.held()).toBe(true);
    await first.release();
    expect(first.state()).toBe('released');
    const next = await acquire();
    expect(next.held()).toBe(true);
    await next.release();
  });

  it('lets worlds 1 and 2 share one database, each owned by one process, each fenced by its own row', async () => {
    const one = await acquire();
    const two = await acquire({ worldId: 2 });
    expect([one.held(), two.held()]).toEqual([true, true]);
    // A second process of either world is still refused, naming the world.
    await expect(acquire({ worldId: 2 })).rejects.toThrow('world 2 in this database is owned by another');
    await expect(acquire()).rejects.toThrow('world 1 in this database is owned by another');
    const rows = await admin.query<{ id: string; released: boolean }>(
      `SELECT id, "releasedAt" IS NOT NULL AS released FROM world_owner WHERE id IN ('1', '2') ORDER BY id`,
    );
    expect(rows.rows).toEqual([
      { id: '1', released: false },
      { id: '2', released: false },
    ]);
    const db = await openDatabase({ url: cluster.url, dataDir: '', timeouts });
    try {
      const world1 = createRepositories(db, { worldId: 1 });
      const world2 = createRepositories(db, { worldId: 2 });
      expect(await world1.transaction((tx) => stillOwner(one, tx))).toBe(true);
      expect(await world2.transaction((tx) => stillOwner(two, tx))).toBe(true);
      // Each fence reads its own world's row: world 1's owner does not own world 2.
      expect(await world2.transaction((tx) => stillOwner(one, tx))).toBe(false);
      // World 2 stopping frees world 2 only.
      await two.release();
      expect(one.held()).toBe(true);
      expect(await world1.transaction((tx) => stillOwner(one, tx))).toBe(true);
      const again = await acquire({ worldId: 2 });
      expect(again.held()).toBe(true);
      await again.release();
    } finally {
      await db.close();
      await one.release();
      await two.release();
    }
  });

  it('takes the lock back after its session is killed, and after a database restart', async () => {
    const owner = await acquire();
    const seen = track(owner);
    const session = await holderSession();
    await admin.query('SELECT pg_terminate_backend($1)', [session]);
    await eventually(
      'the lock taken back',
      async () => seen.length === 2 && (await holderSession()) !== session,
    );
    expect(seen).toEqual(['reconnecting', 'held']);

    await cluster.stop('immediate');
    await eventually('the loss to be noticed', () => owner.state() === 'reconnecting');
    await expect(acquire()).rejects.toThrow(); // the database is down: a newcomer cannot start
    await cluster.start();
    await eventually('the lock taken back after the restart', () => owner.held());
    // A newcomer is refused by the owner that came back.
    await expect(acquire()).rejects.toThrow(WorldInUseError);
    await owner.release();
  }, 60_000);

  it('makes a newcomer wait for an owner that was running when the database restarted', async () => {
    // A previous owner's claim, then a database restart: it may be about to reconnect.
    const other = '00000000-0000-0000-0000-000000000001';
    await admin.query(
      `INSERT INTO world_owner (id, instance, host, pid, "claimedAt") VALUES ('1', $1, 'elsewhere', 42, now())
       ON CONFLICT (id) DO UPDATE SET instance = $1, host = 'elsewhere', pid = 42, "claimedAt" = now(), "releasedAt" = NULL`,
      [other],
    );
    await cluster.stop('fast');
    await cluster.start();
    // It comes back within the wait: the newcomer is refused.
    const comeback = new pg.Client({
      connectionString: cluster.url,
      application_name: `tilerealm-world:${other}`,
    });
    comeback.on('error', () => undefined);
    const waiting = acquire({ reclaimWaitMs: 60_000 });
    await eventually('the newcomer to wait', () =>
      logged().some((m) => m.includes('giving it 60 s to reconnect')),
    );
    await comeback.connect();
    await comeback.query('SELECT pg_advisory_lock($1, 1)', [WORLD_ADVISORY_LOCK]);
    await expect(waiting).rejects.toThrow('process 42 on elsewhere, database session');
    await comeback.end();

    // It does not come back: the newcomer takes the world once the wait is over.
    await cluster.stop('fast');
    await cluster.start();
    const started = Date.now();
    const newcomer = await acquire({ reclaimWaitMs: 1_500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(newcomer.held()).toBe(true);
    const row = await admin.query<{ pid: number }>(`SELECT pid FROM world_owner WHERE id = '1'`);
    expect(row.rows[0]?.pid).toBe(process.pid);
    await newcomer.release();
  }, 60_000);

  it('an owner cut off while another takes the world reports it lost and never takes it again', async () => {
    const proxy = await TcpProxy.start(cluster.port);
    try {
      const owner = await acquire({ url: cluster.url.replace(`:${cluster.port}/`, `:${proxy.port}/`) });
      const seen = track(owner);
      const session = await holderSession();
      // A network partition: the owner's connection stops answering, and the server ends its
      // session on its own (as its keepalive would); another server takes the world meanwhile.
      proxy.freeze();
      await eventually('the loss to be noticed', () => owner.state() === 'reconnecting');
      await admin.query('SELECT pg_terminate_backend($1)', [session]);
      const usurper = await acquire();
      proxy.thaw();
      await eventually('the owner to see the world lost', () => owner.state() === 'lost');
      expect(seen).toEqual(['reconnecting', 'lost']);
      expect(
        logged().some((m) => m.startsWith('ERROR WORLD LOST') && m.includes(`process ${process.pid} on`)),
      ).toBe(true);
      // It stays lost: the usurper lets go, and the first owner does not come back.
      await usurper.release();
      await eventually('a later start to take the world', async () => {
        const later = await acquire();
        await later.release();
        return true;
      });
      expect(owner.state()).toBe('lost');
      await owner.release();
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('fences a save: true only while the row names this owner, and no claim passes it before the commit', async () => {
    const owner = await acquire();
    const db = await openDatabase({ url: cluster.url, dataDir: '', timeouts });
    try {
      const repos = createRepositories(db);
      await repos.transaction(async (tx) => {
        expect(await stillOwner(owner, tx)).toBe(true);
        // Another process claiming the world now waits for this transaction (here: gives up).
        const claim = await admin.connect();
        try {
          await claim.query(`SET lock_timeout = '200ms'`);
          await expect(
            claim.query(`UPDATE world_owner SET instance = 'other' WHERE id = '1'`),
          ).rejects.toThrow('lock timeout');
        } finally {
          claim.release();
        }
      });
      await admin.query(`UPDATE world_owner SET instance = 'other' WHERE id = '1'`);
      expect(await repos.transaction((tx) => stillOwner(owner, tx))).toBe(false);
    } finally {
      await db.close();
      await owner.release();
    }
  });
});
