import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE_CODES } from '@tilerealm/protocol';
import type { GameClient } from '@tilerealm/sdk';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createPostgresPool } from '../../src/storage/postgres-pool';
import { eventually, havePostgresBinaries, privatePostgres, TcpProxy } from '../fault-helpers';
import { TEST_TICK_MS } from './realtime-harness';
import { launchServer, wsOf, type ServerProcess } from './server-process-harness';
import { connect, idOf } from './trade-helpers';

/**
 * The real server process on a private PostgreSQL that the tests stop, crash and freeze under it:
 * the process never ends, /health keeps answering, REST and WebSocket logins are refused with
 * 503 / 4009 while the database is unreachable, and what happened during an outage is saved once
 * the database is back.
 */
const ADMIN = '/admin let-me-in-please';

function serverEnv(world: string, databaseUrl: string, statementTimeoutMs: number): Record<string, string> {
  return {
    NODE_ENV: 'test',
    WORLD: world,
    HOST: '127.0.0.1',
    SKIP_MANIFESTS: 'true',
    TICK_MS: String(TEST_TICK_MS),
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
    ADMIN_CODE: 'let-me-in-please',
    DISABLE_RATE_LIMIT: 'true',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    SAVE_INTERVAL: '1',
    DATABASE_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
  };
}

/** GET `path`, timed. */
async function timedGet(url: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = Date.now();
  const res = await fetch(url);
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

/** Opens an anonymous WebSocket login and resolves with its close code (or 'welcome'). */
function wsLogin(url: string): Promise<number | 'welcome'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsOf(url));
    ws.on('message', (data) => {
      if (String(data).includes('session:welcome')) {
        ws.close();
        resolve('welcome');
      }
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', reject);
  });
}

describe.skipIf(!havePostgresBinaries)('the server process when PostgreSQL fails under it', () => {
  let cluster: Awaited<ReturnType<typeof privatePostgres>>;
  let world: string;
  let sql: pg.Pool;
  beforeAll(async () => {
    cluster = await privatePostgres();
    world = await mkdtemp(join(tmpdir(), 'tilerealm-faults-'));
    // The server's own pool: its connections outlive the stops below without crashing the test.
    sql = createPostgresPool(cluster.url, { timeouts: { statementMs: 5_000, connectMs: 2_000 }, max: 2 });
  }, 60_000);
  afterAll(async () => {
    // The cluster first: a connection a failed test left checked out then ends, and the pool with it.
    await cluster?.dispose();
    await sql?.end();
    await rm(world, { recursive: true, force: true });
  });

  const positionOf = async (id: string) =>
    (
      await sql.query<{ x: number; z: number }>(
        'SELECT "positionX" AS x, "positionZ" AS z FROM characters WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('survives stops (fast and immediate) in the middle of save batches and commits the outage once back', async () => {
    // The default statement timeout (10 s): a save batch stays blocked inside its transaction until
    // PostgreSQL stops under it.
    const proc = await launchServer(serverEnv(world, cluster.url, 10_000));
    let ended: unknown;
    void proc.exited.then((how) => (ended = how));
    const players: GameClient[] = [];
    try {
      for (let i = 0; i < 3; i++) players.push(await connect(wsOf(proc.url)));
      const [a] = players;
      if (!a) throw new Error('no player');
      await a.request('player:chat', { message: ADMIN });
      const stops = ['fast', 'immediate', 'fast', 'immediate'] as const;
      for (const [i, mode] of stops.entries()) {
        // Hold one character's row: the next save batch stops inside its transaction, waiting for
        // it, and PostgreSQL goes down right there.
        const blocker = await sql.connect();
        await blocker.query('BEGIN');
        await blocker.query('SELECT 1 FROM characters WHERE id = $1 FOR UPDATE', [idOf(a)]);
        await eventually('a save batch waiting inside its transaction', async () => {
          const waiting = await sql.query(
            `SELECT 1 FROM pg_stat_activity WHERE application_name = 'tilerealm' AND wait_event_type = 'Lock'`,
          );
          return (waiting.rowCount ?? 0) > 0;
        });
        await cluster.stop(mode);
        blocker.release(true);

        // The world goes on: a teleport during the outage, seen by the player.
        const spot = { x: i % 2 === 0 ? -10 : -9, z: -8 };
        await a.request('player:chat', { message: `/tele ${spot.x} ${spot.z}` });
        expect((await a.request('player:requestSync', {})).player.position).toMatchObject(spot);
        const health = await timedGet(`${proc.url}/health`);
        expect(health.status).toBe(200);
        expect(health.ms).toBeLessThan(3_000);
        const status = await timedGet(`${proc.url}/status`);
        expect(status.status).toBe(503);
        expect(status.body).toMatchObject({ status: 'degraded', database: { ok: false, reachable: false } });
        // Alive but not ready: new logins would fail, so the orchestrator sends them elsewhere.
        const ready = await timedGet(`${proc.url}/ready`);
        expect(ready.status).toBe(503);
        expect(ready.body).toMatchObject({
          status: 'not_ready',
          reasons: expect.arrayContaining([expect.objectContaining({ code: 'database_unreachable' })]),
        });

        await cluster.start();
        // Every queued save commits: the position taken during the outage reaches the database.
        await eventually(`the outage's position to be saved (stop ${i + 1}, ${mode})`, async () => {
          const row = await positionOf(idOf(a));
          return row?.x === spot.x && row.z === spot.z;
        });
        expect(ended).toBeUndefined();
      }
      await eventually('/status to be ok again', async () => {
        const status = await timedGet(`${proc.url}/status`);
        return (status.body as { status?: string }).status === 'ok';
      });
      await eventually(
        '/ready to be ready again',
        async () => (await timedGet(`${proc.url}/ready`)).status === 200,
      );
      expect(ended).toBeUndefined();
      expect(proc.child.exitCode).toBeNull();
    } finally {
      for (const p of players) await p.close().catch(() => undefined);
      proc.child.kill('SIGTERM');
      await proc.exited;
    }
  }, 90_000);

  describe('behind a connection that freezes', () => {
    let proxy: TcpProxy;
    let proc: ServerProcess | undefined;
    beforeAll(async () => {
      proxy = await TcpProxy.start(cluster.port);
    });
    afterAll(async () => {
      proc?.child.kill('SIGTERM');
      await proc?.exited;
      await proxy?.close();
    });

    it('answers REST with 503 and refuses WebSocket logins with 4009 in bounded time, then recovers', async () => {
      const url = cluster.url.replace(`:${cluster.port}/`, `:${proxy.port}/`);
      proc = await launchServer(serverEnv(world, url, 1_000));
      let ended: unknown;
      void proc.exited.then((how) => (ended = how));
      expect(await wsLogin(proc.url)).toBe('welcome');

      proxy.freeze();
      const started = Date.now();
      const [rest, ws, health] = await Promise.all([
        fetch(`${proc.url}/api/auth/anonymous`, { method: 'POST' }).then(async (r) => ({
          status: r.status,
          retryAfter: r.headers.get('retry-after'),
          body: await r.json(),
        })),
        wsLogin(proc.url),
        timedGet(`${proc.url}/health`),
      ]);
      // Statement timeout 1 s, client-side query timeout 1 s later, connect timeout 1 s.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(rest).toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { error: { code: 'service_unavailable' } },
      });
      expect(ws).toBe(CLOSE_CODES.serviceUnavailable);
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(3_000);
      const status = await timedGet(`${proc.url}/status`);
      expect(status.ms).toBeLessThan(3_000);
      expect(status.status).toBe(503);
      expect(status.body).toMatchObject({
        status: 'degraded',
        database: { ok: false, reachable: false, problem: expect.stringContaining('unreachable') },
      });

      proxy.thaw();
      await eventually('REST to answer again', async () => {
        const res = await fetch(`${proc?.url}/api/auth/anonymous`, { method: 'POST' });
        return res.status === 201;
      });
      expect(await wsLogin(proc.url)).toBe('welcome');
      await eventually('/status to be ok again', async () => {
        const body = (await timedGet(`${proc?.url}/status`)).body as { status?: string };
        return body.status === 'ok';
      });
      expect(ended).toBeUndefined();
    }, 90_000);
  });
});
