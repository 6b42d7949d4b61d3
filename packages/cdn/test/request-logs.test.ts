import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildCdn } from '../src/index';

const SECRET = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.SECRET-sig';

describe('CDN request logs', () => {
  it('never show a query string, where a client may have put a credential', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tilerealm-cdn-logs-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    await mkdir(path.join(dir, 'manifests'), { recursive: true });
    await writeFile(path.join(dir, 'manifests', 'npcs.json'), '{"npcs":[]}');
    const app = buildCdn({ root: dir, logger: { level: 'info', stream } });
    try {
      const ok = await app.inject(`/manifests/npcs.json?token=${SECRET}`);
      expect(ok.statusCode).toBe(200);
      const missing = await app.inject(`/models/none.glb?access_token=${SECRET}`);
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
    const all = lines.join('');
    expect(all).toContain('"url":"/manifests/npcs.json?[REDACTED]"');
    expect(all).not.toContain(SECRET);
  });
});
