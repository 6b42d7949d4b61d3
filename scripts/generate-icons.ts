/**
 * Generates the item icons under assets/icons/ (one `<itemId>.svg` per item of the bundled item
 * manifests): `npm run generate:icons -w @tilerealm/cdn`. Each icon is drawn from the item's shape
 * (equip slot, id, category) and material colour (packages/client/src/items/palette.ts), so new
 * items get an icon without any drawing work. Output is deterministic: re-running it on unchanged
 * manifests leaves the files byte-identical (packages/cdn/test/icons.test.ts checks both).
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { itemShape, materialColour } from '../packages/client/src/items/palette';
import type { ItemLike } from '../packages/client/src/items/palette';
import { iconSvg } from './lib/icon-svg';

/** Every item of the item manifests under `manifestsDir` (items.json and the files it lists). */
export async function loadItems(manifestsDir: string): Promise<ItemLike[]> {
  const index = JSON.parse(await readFile(path.join(manifestsDir, 'items.json'), 'utf8')) as {
    files: string[];
  };
  const items: ItemLike[] = [];
  for (const file of index.files) {
    const doc = JSON.parse(await readFile(path.join(manifestsDir, file), 'utf8')) as { items: ItemLike[] };
    for (const it of doc.items) items.push({ id: it.id, category: it.category, equipSlot: it.equipSlot });
  }
  return items;
}

/** The icon of one item: its file name and SVG text. */
export function iconFor(item: ItemLike): { file: string; svg: string } {
  return { file: `${item.id}.svg`, svg: iconSvg(itemShape(item), materialColour(item.id)) };
}

/** Writes every item's icon to `outDir` (removing icons of items that no longer exist). */
export async function generateIcons(manifestsDir: string, outDir: string): Promise<string[]> {
  const items = await loadItems(manifestsDir);
  await mkdir(outDir, { recursive: true });
  const wanted = new Set(items.map((it) => `${it.id}.svg`));
  for (const old of await readdir(outDir))
    if (old.endsWith('.svg') && !wanted.has(old)) await rm(path.join(outDir, old));
  const written: string[] = [];
  for (const item of items) {
    const { file, svg } = iconFor(item);
    await writeFile(path.join(outDir, file), svg);
    written.push(file);
  }
  return written;
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');
  const outDir = path.join(assets, 'icons');
  generateIcons(path.join(assets, 'manifests'), outDir).then(
    (files) => console.log(`generate-icons: wrote ${files.length} icons to ${outDir}`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
