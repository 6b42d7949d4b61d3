import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveMetricsConfig, type MetricsConfig } from '../app/config-metrics';
import { registerErrorHandling } from '../transport/http/plugins/error-handler';
import { familiesOf, sampleOf } from '../../test/metrics-text';
import { registerMetrics } from './endpoint';
import { ServerMetrics } from './server-metrics';

const TOKEN = 'metrics-token-metrics-token-0123456789';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A small app with the metrics as build-server registers them, and a routed path with a parameter. */
async function appWith(access: MetricsConfig): Promise<{ app: FastifyInstance; metrics: ServerMetrics }> {
  const metrics = new ServerMetrics({ build: { version: '1.2.3', commit: 'abc' } });
  app = Fastify({ logger: false });
  registerErrorHandling(app, { spaFallback: false });
  registerMetrics(app, metrics, access);
  app.get('/api/things/:thingId', async (request, reply) => {
    const { thingId } = request.params as { thingId: string };
    return thingId === 'missing' ? reply.code(404).send({}) : { thingId };
  });
  await app.ready();
  return { app, metrics };
}

const access = (env: { METRICS_TOKEN?: string; METRICS_PORT?: number }, production: boolean) =>
  resolveMetricsConfig(env, production).metrics;

describe('GET /metrics', () => {
  it('is open outside production without a token, in the Prometheus text format', async () => {
    const { app } = await appWith(access({}, false));
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = familiesOf(res.body);
    expect(families.get('tilerealm_http_request_duration_seconds')).toBe('histogram');
    expect(families.get('tilerealm_build_info')).toBe('gauge');
    // The process's own figures: event-loop delay, garbage collection, memory, handles.
    expect(families.get('tilerealm_nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
    expect(families.get('tilerealm_nodejs_gc_duration_seconds')).toBe('histogram');
    expect(families.get('tilerealm_process_resident_memory_bytes')).toBe('gauge');
    expect(families.get('tilerealm_nodejs_active_handles_total')).toBe('gauge');
    expect(sampleOf(res.body, 'tilerealm_build_info', { version: '1.2.3', commit: 'abc' })).toBe(1);
  });

  it('counts requests by routed pattern and status, never by raw URL', async () => {
    const { app } = await appWith(access({}, false));
    const count = async (labels: Record<string, string>) =>
      sampleOf(
        (await app.inject({ method: 'GET', url: '/metrics' })).body,
        'tilerealm_http_request_duration_seconds_count',
        labels,
      ) ?? 0;
    const route = { method: 'GET', route: '/api/things/:thingId' };
    expect(await count({ ...route, status_code: '200' })).toBe(0);
    for (const id of ['one', 'two', 'three']) await app.inject({ method: 'GET', url: `/api/things/${id}` });
    await app.inject({ method: 'GET', url: '/api/things/missing' });
    await app.inject({ method: 'GET', url: '/no/such/path-secret-xyz?token=abc' });
    expect(await count({ ...route, status_code: '200' })).toBe(3);
    expect(await count({ ...route, status_code: '404' })).toBe(1);
    expect(await count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).not.toContain('path-secret-xyz');
    expect(text).not.toContain('/api/things/one');
  });

  it('asks for the bearer token when METRICS_TOKEN is set (in any environment)', async () => {
    for (const production of [false, true]) {
      const { app } = await appWith(access({ METRICS_TOKEN: TOKEN }, production));
      const none = await app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ error: { code: 'unauthorized' } });
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      for (const authorization of [
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(1)}`,
        'Bearer',
        `Basic ${TOKEN}`,
      ]) {
        const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toMatchObject({ error: { code: 'invalid_token' } });
        expect(wrong.body).not.toContain('tilerealm_');
      }
      const right = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('tilerealm_http_request_duration_seconds');
      await app.close();
    }
  });

  it('answers 404 in production without a token, with or without a metrics port', async () => {
    for (const env of [{}, { METRICS_PORT: 9464 }]) {
      const { app } = await appWith(access(env, true));
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'no route GET /metrics' } });
      await app.close();
    }
  });
});
