import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOf } from '../../server/test/metrics-text';
import { buildCdn, loadCdnConfig } from '../src/index';

const TOKEN = 'cdn-metrics-token-cdn-metrics-token-01';
let dir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilerealm-cdn-metrics-'));
  await mkdir(path.join(dir, 'models'), { recursive: true });
  await writeFile(path.join(dir, 'models', 'furnace.glb'), Buffer.from('glTF-binary-bytes'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await rm(dir, { recursive: true, force: true });
});

async function cdn(env: Record<string, string>): Promise<FastifyInstance> {
  const app = buildCdn({ root: dir, metrics: loadCdnConfig(env).metrics });
  apps.push(app);
  await app.ready();
  return app;
}

describe('CDN metrics', () => {
  it('counts requests by routed pattern and status, with the process figures beside them', async () => {
    const app = await cdn({});
    await app.inject({ method: 'GET', url: '/models/furnace.glb' });
    await app.inject({ method: 'GET', url: '/models/furnace.glb' });
    await app.inject({ method: 'GET', url: '/models/missing-model.glb' });
    await app.inject({ method: 'GET', url: '/nowhere/secret-path' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const count = (route: string, status: string) =>
      sampleOf(res.body, 'tilerealm_cdn_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_code: status,
      });
    expect(count('/models/*', '200')).toBe(2);
    // A missing file is answered by the not-found handler, like an unknown path.
    expect(count('unmatched', '404')).toBe(2);
    expect(res.body).not.toContain('furnace.glb');
    expect(res.body).not.toContain('secret-path');
    expect(res.body).toContain('# TYPE tilerealm_cdn_nodejs_eventloop_lag_p99_seconds gauge');
    expect(res.body).toContain('# TYPE tilerealm_cdn_process_resident_memory_bytes gauge');
  });

  it('asks for METRICS_TOKEN when set, and hides /metrics in production without one', async () => {
    const guarded = await cdn({ METRICS_TOKEN: TOKEN, NODE_ENV: 'production' });
    const none = await guarded.inject({ method: 'GET', url: '/metrics' });
    expect([none.statusCode, none.json()]).toMatchObject([401, { error: { code: 'unauthorized' } }]);
    const wrong = await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect([wrong.statusCode, wrong.json()]).toMatchObject([401, { error: { code: 'invalid_token' } }]);
    const right = await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('tilerealm_cdn_http_request_duration_seconds');

    const hidden = await cdn({ NODE_ENV: 'production' });
    const res = await hidden.inject({ method: 'GET', url: '/metrics' });
    expect([res.statusCode, res.json()]).toMatchObject([404, { error: { code: 'not_found' } }]);
    expect(() => loadCdnConfig({ NODE_ENV: 'production', METRICS_TOKEN: 'short' })).toThrow(/32 characters/);
  });
});
