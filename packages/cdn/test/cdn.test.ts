import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL, MANIFEST_CACHE_CONTROL, buildCdn } from '../src/index';

let dir: string;
let root: string;
let app: FastifyInstance;

async function put(relative: string, content: string | Buffer): Promise<void> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilerealm-cdn-'));
  root = path.join(dir, 'assets');
  await put('manifests/npcs.json', '{"npcs":[]}');
  await put('manifests/items/food.json', '[{"id":"shrimp"}]');
  await put('manifests/.etags.json', '{}');
  await put('models/furnace.glb', Buffer.from('glTF-binary-bytes'));
  await put('audio/music/normal/harvest_dawn.mp3', Buffer.from([0xff, 0xfb, 0x14, 0xc4]));
  await put('audio/music/combat/clash_of_iron.mp3', Buffer.from([0xff, 0xfb, 0x14, 0xc4]));
  await put('audio/music/secret/leak.mp3', Buffer.from([1]));
  await put('world/terrain.json', '{"tileSize":1}');
  await put('world/README.txt', 'hello');
  await writeFile(path.join(dir, 'secret.txt'), 'top secret');
  await symlink(path.join(dir, 'secret.txt'), path.join(root, 'manifests', 'escape.json'));
  app = buildCdn({ root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('health', () => {
  it('reports ok with an ISO timestamp', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body: unknown = res.json();
    expect(body).toMatchObject({ status: 'ok' });
    const timestamp = (body as { timestamp: string }).timestamp;
    expect(new Date(timestamp).toISOString()).toBe(timestamp);
  });
});

describe('serving files', () => {
  it('serves root and nested manifests as JSON with the manifest cache policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifests/npcs.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toBe('{"npcs":[]}');

    const nested = await app.inject({ method: 'GET', url: '/manifests/items/food.json' });
    expect(nested.statusCode).toBe(200);
    expect(nested.json()).toEqual([{ id: 'shrimp' }]);
  });

  it('serves models and music with their content types and the long cache policy', async () => {
    const model = await app.inject({ method: 'GET', url: '/models/furnace.glb' });
    expect(model.statusCode).toBe(200);
    expect(model.headers['content-type']).toBe('model/gltf-binary');
    expect(model.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(model.rawPayload.toString()).toBe('glTF-binary-bytes');

    for (const url of ['/audio/music/normal/harvest_dawn.mp3', '/audio/music/combat/clash_of_iron.mp3']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
    }
  });

  it('serves world assets, including plain text', async () => {
    const res = await app.inject({ method: 'GET', url: '/world/README.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('hello');
  });

  it('answers HEAD without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/models/furnace.glb' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(res.body).toBe('');
  });

  it('answers a CORS preflight', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/manifests/npcs.json' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toMatch(/If-None-Match/);
  });
});

describe('entity tags', () => {
  it('sends a strong content ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ method: 'GET', url: '/manifests/npcs.json' });
    const etag = first.headers['etag'];
    expect(typeof etag).toBe('string');
    expect(String(etag).startsWith('W/')).toBe(false);

    const strong = await app.inject({
      method: 'GET',
      url: '/manifests/npcs.json',
      headers: { 'if-none-match': String(etag) },
    });
    expect(strong.statusCode).toBe(304);
    expect(strong.body).toBe('');
    expect(strong.headers['etag']).toBe(etag);
    expect(strong.headers['cache-control']).toBe(MANIFEST_CACHE_CONTROL);

    const weak = await app.inject({
      method: 'GET',
      url: '/manifests/npcs.json',
      headers: { 'if-none-match': `"other", W/${String(etag)}` },
    });
    expect(weak.statusCode).toBe(304);

    const star = await app.inject({
      method: 'GET',
      url: '/manifests/npcs.json',
      headers: { 'if-none-match': '*' },
    });
    expect(star.statusCode).toBe(304);

    const stale = await app.inject({
      method: 'GET',
      url: '/manifests/npcs.json',
      headers: { 'if-none-match': '"not-it"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('keeps the ETag for identical bytes and changes it when the content changes', async () => {
    await put('world/tag.json', '{"v":1}');
    const a = await app.inject({ method: 'GET', url: '/world/tag.json' });
    await utimes(path.join(root, 'world/tag.json'), new Date(1_000_000), new Date(1_000_000));
    const b = await app.inject({ method: 'GET', url: '/world/tag.json' });
    expect(b.headers['etag']).toBe(a.headers['etag']);

    await put('world/tag.json', '{"v":2}');
    const c = await app.inject({ method: 'GET', url: '/world/tag.json' });
    expect(c.headers['etag']).not.toBe(a.headers['etag']);
    expect(c.body).toBe('{"v":2}');
  });
});

describe('not found and path safety', () => {
  it('returns the JSON error body for a missing file', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifests/nope.json' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: expect.stringContaining('/manifests/nope.json') },
    });
  });

  it.each([
    '/manifests/../../secret.txt',
    '/manifests/..%2f..%2fsecret.txt',
    '/manifests/%2e%2e/%2e%2e/secret.txt',
    '/manifests/..%5c..%5csecret.txt',
    '/manifests/%2e%2e%2f%2e%2e%2fsecret.json',
    '/manifests/items/../../../secret.txt',
    '/models/..%2f..%2fsecret.txt',
    '/world/..%2f..%2fsecret.txt',
    '/world/%2e%2e/secret.txt',
    '/audio/music/normal/..%2f..%2f..%2f..%2fsecret.txt',
    '/manifests/escape.json',
    '/manifests/.etags.json',
    '/manifests/npcs.json%00.json',
    '/manifests//etc/passwd',
    '/audio/music/secret/leak.mp3',
    '/models/furnace.json',
    '/manifests/items',
    '/package.json',
  ])('refuses %s with a 404 and never leaks the file', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('top secret');
    expect(res.json()).toHaveProperty('error.code');
  });

  it('answers a malformed URL with the JSON error body', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifests/a%ZZ.json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('rejects writes', async () => {
    const res = await app.inject({ method: 'PUT', url: '/manifests/npcs.json', payload: '{}' });
    expect(res.statusCode).toBe(404);
  });
});
