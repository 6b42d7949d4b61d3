import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCdn } from '../src/app';
import { generateIcons, iconFor, loadItems } from '../../../scripts/generate-icons';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');
const manifests = path.join(assets, 'manifests');

describe('item icons', () => {
  const tmp: string[] = [];
  afterAll(async () => {
    for (const dir of tmp) await rm(dir, { recursive: true, force: true });
  });

  it('exist for every item of the manifests, byte-identical to what the generator produces', async () => {
    const items = await loadItems(manifests);
    expect(items.length).toBeGreaterThanOrEqual(225);
    const shipped = new Set(await readdir(path.join(assets, 'icons')));
    for (const item of items) {
      expect(shipped.has(`${item.id}.svg`), `${item.id} has no icon`).toBe(true);
      const text = await readFile(path.join(assets, 'icons', `${item.id}.svg`), 'utf8');
      expect(text, `${item.id}.svg is stale: run npm run generate:icons`).toBe(iconFor(item).svg);
    }
    // No icon of an item that does not exist.
    expect(shipped.size).toBe(items.length);
  });

  it('are generated deterministically (same bytes twice) as well-formed SVG', async () => {
    const a = await mkdtemp(path.join(os.tmpdir(), 'icons-a-'));
    const b = await mkdtemp(path.join(os.tmpdir(), 'icons-b-'));
    tmp.push(a, b);
    const written = await generateIcons(manifests, a);
    await generateIcons(manifests, b);
    for (const file of written) {
      const [x, y] = await Promise.all([readFile(path.join(a, file)), readFile(path.join(b, file))]);
      expect(Buffer.compare(x, y), file).toBe(0);
      const svg = x.toString('utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  it('differ between materials and between kinds of item', () => {
    const svg = (id: string, category: string, equipSlot?: string): string =>
      iconFor({ id, category, equipSlot }).svg;
    expect(svg('bronze_sword', 'weapon', 'weapon')).not.toBe(svg('rune_sword', 'weapon', 'weapon'));
    expect(svg('rune_sword', 'weapon', 'weapon')).not.toBe(svg('rune_mace', 'weapon', 'weapon'));
    expect(svg('copper_ore', 'resource')).not.toBe(svg('tin_ore', 'resource'));
  });

  it('are served by the CDN under /icons/ as image/svg+xml', async () => {
    const app = buildCdn({ root: assets });
    try {
      const res = await app.inject({ method: 'GET', url: '/icons/bronze_sword.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toContain('max-age=86400');
      expect((await app.inject({ method: 'GET', url: '/icons/..%2Fmodels%2Frock.glb' })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ method: 'GET', url: '/icons/bronze_sword.png' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
