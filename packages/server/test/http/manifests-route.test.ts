import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../http-harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /manifests/{file}', () => {
  it('serves a manifest with the five-minute cache lifetime and an ETag', async () => {
    const res = await t.app.inject('/manifests/npcs.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(res.headers['etag']).toBeTruthy();
    expect(() => JSON.parse(res.body)).not.toThrow();
  });

  it('serves nested manifests', async () => {
    expect((await t.app.inject('/manifests/items/weapons.json')).statusCode).toBe(200);
    expect((await t.app.inject('/manifests/gathering/fishing.json')).statusCode).toBe(200);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject('/manifests/stores.json');
    const etag = String(first.headers['etag']);
    const second = await t.app.inject({ url: '/manifests/stores.json', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it.each([
    '/manifests/nope.json',
    '/manifests/../package.json',
    '/manifests/%2e%2e/package.json',
    '/manifests/',
    '/manifests/items',
  ])('404s %s', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"workspaces"');
  });
});
