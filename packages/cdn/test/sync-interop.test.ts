/**
 * The CDN and the game server's manifest sync, end to end over a real socket: strong ETags
 * from the CDN must round-trip through If-None-Match into 304s.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncManifests } from '../../server/src/content/sync';
import { buildCdn } from '../src/index';

let dir: string;
let app: FastifyInstance;
let url: string;
const files = ['npcs.json', 'items/food.json', 'optional.json'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilerealm-interop-'));
  await mkdir(path.join(dir, 'assets/manifests/items'), { recursive: true });
  await writeFile(path.join(dir, 'assets/manifests/npcs.json'), '{"npcs":[]}');
  await writeFile(path.join(dir, 'assets/manifests/items/food.json'), '[]');
  app = buildCdn({ root: path.join(dir, 'assets') });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('CDN + manifest sync', () => {
  it('mirrors, then revalidates with 304s, then picks up a change', async () => {
    const cacheDir = path.join(dir, 'cache');
    const seen: number[] = [];
    const tracking: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      seen.push(res.status);
      return res;
    };
    const base = {
      cdnUrl: url,
      cacheDir,
      files,
      mode: 'always' as const,
      skip: false,
      isSatisfied: async () => [],
      fetch: tracking,
      log: () => {},
    };

    const first = await syncManifests(base);
    expect(first.updated).toEqual(['npcs.json', 'items/food.json']);
    expect(first.failed).toEqual([{ file: 'optional.json', reason: 'not found on CDN (404)' }]);
    const inode = (await stat(path.join(cacheDir, 'npcs.json'))).ino;

    seen.length = 0;
    const second = await syncManifests(base);
    expect(second.unchanged).toEqual(['npcs.json', 'items/food.json']);
    expect(seen.filter((s) => s === 304)).toHaveLength(2);
    expect((await stat(path.join(cacheDir, 'npcs.json'))).ino).toBe(inode);

    await writeFile(path.join(dir, 'assets/manifests/npcs.json'), '{"npcs":["cow"]}');
    const third = await syncManifests(base);
    expect(third.updated).toEqual(['npcs.json']);
    expect(await readFile(path.join(cacheDir, 'npcs.json'), 'utf8')).toBe('{"npcs":["cow"]}');
  });
});
