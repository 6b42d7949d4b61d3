import { afterEach, describe, expect, it, vi } from 'vitest';
import { Lifecycle } from '../../src/app/lifecycle';
import type { OwnershipState } from '../../src/storage';
import { createTestApp, type TestApp } from '../http-harness';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('GET /ready', () => {
  it('is 503 starting, 200 once ready, 503 draining from then on', async () => {
    const lifecycle = new Lifecycle();
    app = await createTestApp({ lifecycle });
    const starting = await app.app.inject('/ready');
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({ status: 'not_ready', reasons: [{ code: 'starting' }] });

    lifecycle.ready();
    const ready = await app.app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });

    lifecycle.drain();
    lifecycle.ready(); // a draining server never becomes ready again
    const draining = await app.app.inject('/ready');
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'not_ready', reasons: [{ code: 'draining' }] });
    // Liveness is not readiness: the process still runs.
    expect((await app.app.inject('/health')).statusCode).toBe(200);
  });

  it('is 503 while the database is unreachable or the world is not owned, with every reason', async () => {
    let reachable = true;
    let ownership: OwnershipState = 'held';
    app = await createTestApp({
      probe: { ping: () => Promise.resolve(reachable), ownership: () => ownership },
    });
    expect((await app.app.inject('/ready')).statusCode).toBe(200);
    reachable = false;
    ownership = 'reconnecting';
    const down = await app.app.inject('/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json<{ reasons: Array<{ code: string }> }>().reasons.map((r) => r.code)).toEqual([
      'database_unreachable',
      'world_not_owned',
    ]);
    reachable = true;
    ownership = 'held';
    expect((await app.app.inject('/ready')).statusCode).toBe(200);
  });
});

describe('GET /status', () => {
  it('answers 503 with its body while degraded, 200 when ok', async () => {
    let reachable = true;
    app = await createTestApp({ probe: { ping: () => Promise.resolve(reachable) } });
    const ok = await app.app.inject('/status');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok' });
    reachable = false;
    const degraded = await app.app.inject('/status');
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json()).toMatchObject({
      status: 'degraded',
      database: { ok: false, reachable: false },
    });
  });
});

/** Blocks the event loop for `ms` (what an overloaded server does to itself). */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else runs meanwhile
  }
}

describe('event-loop pressure', () => {
  it('sheds requests with 503 overloaded and Retry-After, and still answers the probes', async () => {
    app = await createTestApp({
      env: { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '50', PRESSURE_RETRY_AFTER_SECONDS: '7' },
      pressureSampleIntervalMs: 400,
    });
    const fastify = app.app as typeof app.app & { isUnderPressure(): boolean };
    expect((await fastify.inject('/api/v1/worlds')).statusCode).toBe(200);
    // Block the loop until the plugin's next sample sees the delay; then ask while it still does
    // (the state checked before and after the requests, so nothing here depends on timing).
    await vi.waitFor(
      async () => {
        if (!fastify.isUnderPressure()) {
          blockLoop(300);
          throw new Error('not under pressure yet');
        }
        const [api, health, ready, metrics, status, healthQuery] = await Promise.all([
          fastify.inject('/api/v1/worlds'),
          fastify.inject('/health'),
          fastify.inject('/ready'),
          fastify.inject('/metrics'),
          fastify.inject('/status'),
          fastify.inject('/health?probe=1'),
        ]);
        if (!fastify.isUnderPressure()) throw new Error('the pressure passed during the requests: again');
        expect(api.statusCode).toBe(503);
        expect(api.headers['retry-after']).toBe('7');
        expect(api.json()).toMatchObject({ error: { code: 'overloaded' } });
        // /status is shed like any request, with the same documented body (not a 500).
        expect(status.statusCode).toBe(503);
        expect(status.json()).toMatchObject({ error: { code: 'overloaded' } });
        expect(health.statusCode).toBe(200);
        expect(healthQuery.statusCode).toBe(200);
        expect(ready.statusCode).toBe(200);
        // Exempt too (served by the metrics endpoint where it exists; never shed).
        expect(metrics.statusCode).not.toBe(503);
      },
      { timeout: 30_000, interval: 50 },
    );
  }, 60_000);

  it('is off with both limits at 0', async () => {
    app = await createTestApp({ env: { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0' } });
    expect(app.app.hasDecorator('isUnderPressure')).toBe(false);
  });
});
