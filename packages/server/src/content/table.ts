import type { IssueList } from './errors';
import type { ParsedList } from './read';

/**
 * A parsed manifest list indexed by id. `known` holds every id the manifest names (valid entries
 * and broken ones); it is null when the manifest itself could not be read, in which case
 * references into it cannot be judged and are not reported.
 */
export interface Table<T> {
  readonly label: string;
  readonly file: string;
  readonly entries: readonly T[];
  readonly byId: ReadonlyMap<string, T>;
  readonly known: ReadonlySet<string> | null;
}

/** Builds a table, reporting duplicate ids. */
export function makeTable<T>(
  issues: IssueList,
  label: string,
  file: string,
  parsed: ParsedList<T> | undefined,
  idOf: (entry: T) => string,
): Table<T> {
  const byId = new Map<string, T>();
  for (const entry of parsed?.entries ?? []) {
    const id = idOf(entry);
    if (byId.has(id)) issues.add(file, `duplicate ${label} id "${id}"`);
    else byId.set(id, entry);
  }
  return { label, file, entries: [...byId.values()], byId, known: parsed ? parsed.knownIds : null };
}

/** An empty table for a manifest that could not be read. */
export function unknownTable<T>(label: string, file: string): Table<T> {
  return { label, file, entries: [], byId: new Map(), known: null };
}

/** True when `id` exists in the table, or when the table is unknown (cannot judge). */
export function tableHas(table: Table<unknown>, id: string): boolean {
  return table.known === null || table.known.has(id);
}

/**
 * Reports `file: <context> unknown <label> "<id>"` when `id` is not in `table`; returns whether the
 * reference resolved. Example: `stores.json: store general_store sells unknown item "foo"`.
 */
export function checkRef(
  issues: IssueList,
  file: string,
  context: string,
  table: Table<unknown>,
  id: string,
): boolean {
  if (tableHas(table, id)) return true;
  issues.add(file, `${context} unknown ${table.label} "${id}"`);
  return false;
}
