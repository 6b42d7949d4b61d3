import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../http-harness';

describe('built frontend in the public directory', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tilerealm-public-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>tilerealm</title><div id="app"></div>');
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log("client")');
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused@127.0.0.1/x',
        ADMIN_CODE: 'admin-code-123',
        PUBLIC_IDP_APP_ID: 'app',
        IDP_APP_SECRET: 'secret',
      },
      publicDir: dir,
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves index.html and static files', async () => {
    const index = await t.app.inject('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="app">');
    const js = await t.app.inject('/assets/app.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
  });

  it('falls back to index.html for client-side routes that accept HTML', async () => {
    const res = await t.app.inject({ url: '/dashboard/agents', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="app">');
  });

  it('keeps JSON 404s for API paths and non-HTML requests', async () => {
    const api = await t.app.inject({ url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const asset = await t.app.inject('/assets/missing.js');
    expect(asset.statusCode).toBe(404);
  });

  it('treats an encoded API path as an API path, not a client-side route', async () => {
    for (const url of ['/%61pi/unknown', '/api%2Funknown', '/%61%70%69/v1/x']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
  });

  it('still answers the API', async () => {
    expect((await t.app.inject('/health')).statusCode).toBe(200);
  });
});

describe('without a built frontend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicDir: join(tmpdir(), 'tilerealm-no-such-public-dir') });
  });
  afterAll(() => t.close());

  it('answers / with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
