import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, havePostgresBinaries, privatePostgres, TcpProxy } from '../../test/fault-helpers';
import { createPostgresPool, QUERY_TIMEOUT_MARGIN_MS } from './postgres-pool';
import { silentLog } from '../../test/support/memory-log';

const timeouts = { statementMs: 1_000, connectMs: 1_000 };
const logger = silentLog();

describe.skipIf(!havePostgresBinaries)('the PostgreSQL pool under database faults', () => {
  let cluster: Awaited<ReturnType<typeof privatePostgres>>;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    cluster = await privatePostgres();
  }, 60_000);
  afterAll(async () => {
    await cluster?.dispose();
  });
  afterEach(async () => {
    await pool?.end();
    pool = undefined;
  });
  const poolOn = (url: string) => (pool = createPostgresPool(url, { timeouts, max: 4, logger }));
  const count = async (p: pg.Pool) =>
    Number((await p.query<{ n: string }>('SELECT count(*) AS n FROM fault_rows')).rows[0]?.n);

  it.each(['fast', 'immediate'] as const)(
    'a stop (%s) under a checked-out client neither crashes nor leaks it; the pool works after the restart',
    async (mode) => {
      const p = poolOn(cluster.url);
      const idleInHand = await p.connect();
      await idleInHand.query('SELECT 1');
      const busy = await p.connect();
      const running = busy.query('SELECT pg_sleep(30)');
      await cluster.stop(mode);
      await expect(running).rejects.toThrow();
      // Neither client was handed back, yet both slots are free again: the guard released them.
      await eventually('the dead clients to leave the pool', () => p.totalCount === 0);
      idleInHand.release();
      busy.release(); // the user's own late release is harmless
      await cluster.start();
      await eventually('the pool to answer again', async () => (await p.query('SELECT 1')).rowCount === 1);
    },
    60_000,
  );

  describe('behind a proxy that freezes', () => {
    let proxy: TcpProxy;
    beforeAll(async () => {
      proxy = await TcpProxy.start(cluster.port);
      const setup = createPostgresPool(cluster.url, { timeouts, max: 1, logger });
      await setup.query('CREATE TABLE IF NOT EXISTS fault_rows (id int)');
      await setup.end();
    });
    afterAll(async () => {
      await proxy.close();
    });
    const viaProxy = () => cluster.url.replace(`:${cluster.port}/`, `:${proxy.port}/`);

    it('gives up a query within its timeout, and a transaction given up is never committed later', async () => {
      const p = poolOn(viaProxy());
      const tx = await p.connect();
      await tx.query('BEGIN');
      await tx.query('INSERT INTO fault_rows VALUES (1)');
      proxy.freeze();
      const started = Date.now();
      await expect(tx.query('INSERT INTO fault_rows VALUES (2)')).rejects.toThrow('Query read timeout');
      await expect(tx.query('ROLLBACK')).rejects.toThrow();
      tx.release();
      // A new connection cannot open either: it fails within the connect timeout.
      await expect(p.query('SELECT 1')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS + 5_000);
      proxy.thaw();
      // The held-back statements reach the server, but their connection is gone: nothing commits,
      // and no connection of the pool is left inside that transaction.
      await eventually('the pool to answer again', async () => (await p.query('SELECT 1')).rowCount === 1);
      for (let i = 0; i < 4; i++) expect(await count(p)).toBe(0);
    }, 60_000);
  });
});
