import { GameClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/start-server';
import { PHASES } from '../../src/sim/core/registry';
import { eventually } from '../fault-helpers';
import { freePort } from '../free-port';
import { familiesOf, sampleOf } from '../metrics-text';
import { realtimeWorld, wsUrl, type RealtimeWorld } from './realtime-harness';

const TOKEN = 'e2e-metrics-token-e2e-metrics-token-0123';

describe('metrics of a running server', () => {
  let rw: RealtimeWorld;
  let server: RunningServer;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    // Autosaves every second (20 ticks) so the save figures move while a player is online; the
    // views' worker starts with the first player.
    rw = await realtimeWorld({
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      SAVE_INTERVAL: '1',
      VIEW_THREAD_FROM: '1',
    });
    server = await rw.start();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await rw?.cleanup();
  });

  const scrape = async (): Promise<string> => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const value = async (name: string, labels: Record<string, string> = {}) =>
    sampleOf(await scrape(), name, labels) ?? 0;

  it('declares every family the operator guide lists', async () => {
    const text = await scrape();
    const families = familiesOf(text);
    const expected: Record<string, string> = {
      tilerealm_tick_duration_seconds: 'histogram',
      tilerealm_tick_phase_duration_seconds: 'histogram',
      tilerealm_tick_delivery_duration_seconds: 'histogram',
      tilerealm_tick_budget_seconds: 'gauge',
      tilerealm_ticks_skipped_total: 'counter',
      tilerealm_ticks_failed_total: 'counter',
      tilerealm_players_online: 'gauge',
      tilerealm_view_chunks_scanned_total: 'counter',
      tilerealm_tick_gc_total: 'counter',
      tilerealm_tick_gc_seconds_total: 'counter',
      tilerealm_ws_connections_open: 'gauge',
      tilerealm_ws_sessions: 'gauge',
      tilerealm_ws_connections_total: 'counter',
      tilerealm_ws_connections_refused_total: 'counter',
      tilerealm_ws_messages_received_total: 'counter',
      tilerealm_ws_received_bytes_total: 'counter',
      tilerealm_ws_messages_sent_total: 'counter',
      tilerealm_ws_sent_bytes_total: 'counter',
      tilerealm_ws_events_sent_total: 'counter',
      tilerealm_save_queue_waiting: 'gauge',
      tilerealm_save_queue_in_flight: 'gauge',
      tilerealm_save_outage: 'gauge',
      tilerealm_save_last_commit_timestamp_seconds: 'gauge',
      tilerealm_saves_total: 'counter',
      tilerealm_save_failures_total: 'counter',
      tilerealm_save_set_aside_total: 'counter',
      tilerealm_save_batch_duration_seconds: 'histogram',
      tilerealm_http_request_duration_seconds: 'histogram',
      tilerealm_build_info: 'gauge',
      tilerealm_nodejs_eventloop_lag_seconds: 'gauge',
      tilerealm_nodejs_gc_duration_seconds: 'histogram',
      tilerealm_process_resident_memory_bytes: 'gauge',
    };
    for (const [name, type] of Object.entries(expected))
      expect([name, families.get(name)]).toEqual([name, type]);
    // Every kind of collection V8 reports, counted inside the steps from the start (zero or more).
    for (const kind of ['minor', 'major', 'incremental', 'weakcb'])
      for (const name of ['tilerealm_tick_gc_total', 'tilerealm_tick_gc_seconds_total'])
        expect([name, kind, sampleOf(text, name, { kind }) !== undefined]).toEqual([name, kind, true]);
    // The pool exists only on PostgreSQL; the embedded database has none to report.
    const pooled = process.env['DATABASE_URL'] !== undefined;
    expect(families.has('tilerealm_db_pool_waiting_requests')).toBe(pooled);
    expect(families.has('tilerealm_db_pool_connections')).toBe(pooled);
    if (pooled) expect(sampleOf(text, 'tilerealm_db_pool_max_connections')).toBe(10);
  });

  it('times every tick, each phase and the delivery after it', async () => {
    const before = await scrape();
    const count = (text: string, name: string, labels: Record<string, string> = {}) =>
      sampleOf(text, `${name}_count`, labels) ?? 0;
    const tickBefore = server.host.world.tick;
    await eventually('ten more ticks', () => server.host.world.tick >= tickBefore + 10);
    const after = await scrape();
    for (const name of ['tilerealm_tick_duration_seconds', 'tilerealm_tick_delivery_duration_seconds'])
      expect(count(after, name) - count(before, name)).toBeGreaterThanOrEqual(10);
    for (const phase of PHASES) {
      const labels = { phase };
      expect(count(after, 'tilerealm_tick_phase_duration_seconds', labels)).toBeGreaterThanOrEqual(
        count(before, 'tilerealm_tick_phase_duration_seconds', labels) + 10,
      );
    }
    expect(sampleOf(after, 'tilerealm_tick_budget_seconds')).toBeCloseTo(server.config.tickMs / 1000);
  });

  it('counts a player, its connection, its messages and bytes both ways, and its saves', async () => {
    const before = await scrape();
    const client = await GameClient.connect({ url: wsUrl(server), reconnect: false });
    try {
      await client.request('player:move', { x: 2, z: 1 });
      await client.request('player:requestSync', {});
      const now = await scrape();
      const delta = (name: string) => (sampleOf(now, name) ?? 0) - (sampleOf(before, name) ?? 0);
      expect(sampleOf(now, 'tilerealm_players_online')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(now, 'tilerealm_ws_connections_open')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(now, 'tilerealm_ws_sessions')).toBeGreaterThanOrEqual(1);
      expect(delta('tilerealm_ws_connections_total')).toBeGreaterThanOrEqual(1);
      // Two requests: at least two messages in, their answers and the world's updates out.
      expect(delta('tilerealm_ws_messages_received_total')).toBeGreaterThanOrEqual(2);
      expect(delta('tilerealm_ws_received_bytes_total')).toBeGreaterThanOrEqual(40);
      expect(delta('tilerealm_ws_messages_sent_total')).toBeGreaterThanOrEqual(2);
      expect(delta('tilerealm_ws_events_sent_total')).toBeGreaterThanOrEqual(3);
      expect(delta('tilerealm_ws_sent_bytes_total')).toBeGreaterThanOrEqual(100);

      // The autosave (every second) writes the player: the save figures move.
      const character = { kind: 'character' };
      const savedBefore = sampleOf(before, 'tilerealm_saves_total', character) ?? 0;
      await eventually(
        'an autosave of the player',
        async () => (await value('tilerealm_saves_total', character)) > savedBefore,
      );
      const after = await scrape();
      expect(
        sampleOf(after, 'tilerealm_save_batch_duration_seconds_count', { outcome: 'committed' }),
      ).toBeGreaterThanOrEqual(1);
      expect(sampleOf(after, 'tilerealm_save_last_commit_timestamp_seconds')).toBeGreaterThan(0);
      expect(sampleOf(after, 'tilerealm_save_failures_total')).toBe(0);
      expect(sampleOf(after, 'tilerealm_save_set_aside_total')).toBe(0);
    } finally {
      await client.close();
    }
    await eventually('the connection to be counted closed', async () =>
      (await value('tilerealm_ws_connections_open')) === 0 ? true : undefined,
    );
  });

  it("counts the views' chunks by the thread that scanned them once the worker runs", async () => {
    const chunks = async () => {
      const text = await scrape();
      const worker = sampleOf(text, 'tilerealm_view_chunks_scanned_total', { thread: 'worker' });
      const world = sampleOf(text, 'tilerealm_view_chunks_scanned_total', { thread: 'world' });
      expect([worker, world]).toEqual([expect.any(Number), expect.any(Number)]);
      return (worker ?? 0) + (world ?? 0);
    };
    const before = await chunks();
    const client = await GameClient.connect({ url: wsUrl(server), reconnect: false });
    try {
      // A viewer online: every tick with the worker up scans the chunks of handles, on one thread
      // or the other (without the worker, none go through its channel and the count stays).
      await eventually(
        'chunks scanned through the views worker',
        async () => (await chunks()) >= before + 10,
      );
    } finally {
      await client.close();
    }
  });

  it('labels HTTP requests with the routed pattern, never the raw URL', async () => {
    const labels = { method: 'GET', route: '/api/character/:characterId/inventory', status_code: '401' };
    const first = await value('tilerealm_http_request_duration_seconds_count', labels);
    const res = await fetch(`${server.url}/api/character/raw-id-4000/inventory`);
    expect(res.status).toBe(401);
    expect(await value('tilerealm_http_request_duration_seconds_count', labels)).toBe(first + 1);
    expect(await scrape()).not.toContain('raw-id-4000');
  });

  it('asks for the token on the main port and serves only /metrics, without one, on the metrics port', async () => {
    const bare = await fetch(`${server.url}/metrics`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const listener = `http://127.0.0.1:${metricsPort}`;
    const res = await fetch(`${listener}/metrics`);
    expect(res.status).toBe(200);
    expect(familiesOf(await res.text()).get('tilerealm_tick_duration_seconds')).toBe('histogram');
    const other = await fetch(`${listener}/status`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('the metrics listener at shutdown', () => {
  it('closes with the server', async () => {
    const port = await freePort();
    const rw = await realtimeWorld({ METRICS_PORT: String(port) });
    try {
      const server = await rw.start();
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
      await server.close();
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    } finally {
      await rw.cleanup();
    }
  }, 60_000);
});
