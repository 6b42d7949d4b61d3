import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_CACHE_CONTROL, buildCdn } from '../src/index';

let dir: string;
let app: FastifyInstance;
const NPCS = JSON.stringify({ npcs: Array.from({ length: 200 }, (_, i) => ({ id: `npc_${i}`, level: i })) });
/** A model large enough to compress, whose bytes happen to compress well: still sent as they are. */
const GLB = Buffer.from('glTF'.padEnd(8192, 'x'));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilerealm-cdn-compress-'));
  const put = async (relative: string, body: string | Buffer): Promise<void> => {
    await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
    await writeFile(path.join(dir, relative), body);
  };
  await put('manifests/npcs.json', NPCS);
  await put('models/tree.glb', GLB);
  await put('audio/music/normal/theme.mp3', Buffer.alloc(8192, 0xfb));
  app = buildCdn({ root: dir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('CDN compression', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('serves a manifest with %s when accepted, with a weak ETag', async (encoding, decode) => {
    const plain = await app.inject({ url: '/manifests/npcs.json' });
    const strong = String(plain.headers['etag']);
    expect(strong.startsWith('W/')).toBe(false);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await app.inject({ url: '/manifests/npcs.json', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(MANIFEST_CACHE_CONTROL);
    expect(res.headers['etag']).toBe(`W/${strong}`);
    expect(res.rawPayload.length).toBeLessThan(NPCS.length / 3);
    expect(decode(res.rawPayload).toString('utf8')).toBe(NPCS);
    // The weak tag still revalidates (If-None-Match compares weakly).
    const again = await app.inject({
      url: '/manifests/npcs.json',
      headers: { 'accept-encoding': encoding, 'if-none-match': String(res.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never compresses models or audio', async () => {
    for (const url of ['/models/tree.glb', '/audio/music/normal/theme.mp3']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(String(res.headers['etag']).startsWith('W/'), url).toBe(false);
    }
    expect((await app.inject({ url: '/models/tree.glb' })).rawPayload).toEqual(GLB);
  });

  it('does not compress a range request', async () => {
    const res = await app.inject({
      url: '/manifests/npcs.json',
      headers: { 'accept-encoding': 'br', range: 'bytes=0-9' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(NPCS.slice(0, 10));
  });
});
