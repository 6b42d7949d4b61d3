import type { IssueList } from './errors';
import { ITEMS_FILE, OPTIONAL_SPLIT_ITEM_FILES, SPLIT_ITEM_FILES } from './manifest-files';
import { MISSING, parseElements, parseWith, readJson, type ParsedList } from './read';
import { itemListSchema, itemSchema, rootItemsSchema, type ItemManifestEntry } from './schemas/items';
import { unknownTable, type Table } from './table';

/**
 * Items come in one of two layouts (docs/content.md):
 *  - items.json present: either `{ "items": [...] }` (every item) or `{ "files": [...] }` (an index
 *    of item files, each `{ "items": [...] }`; the shipped world uses this);
 *  - items.json absent: items/{weapons,tools,resources,food,misc}.json (required) plus
 *    items/armour.json when present.
 * Ids must be unique across all files.
 */
export async function loadItemTable(
  dir: string,
  issues: IssueList,
): Promise<{ table: Table<ItemManifestEntry>; files: ReadonlyMap<string, string> }> {
  const sources = await collectSources(dir, issues);
  if (sources === undefined) return { table: unknownTable('item', ITEMS_FILE), files: new Map() };
  const byId = new Map<string, ItemManifestEntry>();
  const files = new Map<string, string>();
  const known = new Set<string>();
  for (const { file, parsed } of sources) {
    for (const id of parsed.knownIds) known.add(id);
    for (const item of parsed.entries) {
      const first = files.get(item.id);
      if (first !== undefined) {
        issues.add(file, `duplicate item id "${item.id}" (already defined in ${first})`);
        continue;
      }
      byId.set(item.id, item);
      files.set(item.id, file);
    }
  }
  const table: Table<ItemManifestEntry> = {
    label: 'item',
    file: ITEMS_FILE,
    entries: [...byId.values()],
    byId,
    known,
  };
  return { table, files };
}

interface Source {
  file: string;
  parsed: ParsedList<ItemManifestEntry>;
}

/** Parsed item files, or undefined when any of them is unusable (item references can't be judged). */
async function collectSources(dir: string, issues: IssueList): Promise<Source[] | undefined> {
  const root = await readJson(dir, ITEMS_FILE, issues);
  if (root === undefined) return undefined;
  if (root !== MISSING) {
    const parsed = parseWith(issues, ITEMS_FILE, root, rootItemsSchema);
    if (!parsed) return undefined;
    if ('items' in parsed)
      return [
        { file: ITEMS_FILE, parsed: parseElements(issues, ITEMS_FILE, parsed.items, ['items'], itemSchema) },
      ];
    return readItemFiles(dir, issues, parsed.files, (file) => {
      issues.add(ITEMS_FILE, `lists ${file}, which is missing`);
      return false;
    });
  }
  const required = await readItemFiles(dir, issues, SPLIT_ITEM_FILES, (file) => {
    issues.add(file, `required manifest is missing (or provide ${ITEMS_FILE})`);
    return false;
  });
  const optional = await readItemFiles(dir, issues, OPTIONAL_SPLIT_ITEM_FILES, () => true);
  return required && optional ? [...required, ...optional] : undefined;
}

async function readItemFiles(
  dir: string,
  issues: IssueList,
  list: readonly string[],
  /** Records the absence if it matters; returns whether the layout stays usable without the file. */
  onMissing: (file: string) => boolean,
): Promise<Source[] | undefined> {
  const sources: Source[] = [];
  let usable = true;
  for (const file of new Set(list)) {
    const raw = await readJson(dir, file, issues);
    if (raw === MISSING) {
      if (!onMissing(file)) usable = false;
      continue;
    }
    const envelope = raw === undefined ? undefined : parseWith(issues, file, raw, itemListSchema);
    if (!envelope) {
      usable = false;
      continue;
    }
    sources.push({ file, parsed: parseElements(issues, file, envelope.items, ['items'], itemSchema) });
  }
  return usable ? sources : undefined;
}
