import { asc, eq, inArray, sql } from 'drizzle-orm';
import { items } from '../schema';
import type { AppDatabase } from '../types';
import type { ItemDefinition, ItemRepository, ItemRow } from './ports';

/** Rows per INSERT/DELETE statement, far below PostgreSQL's 65 535 bind parameters. */
const BATCH = 250;

type ItemValues = Omit<ItemRow, 'updatedAt'>;

/** Drizzle implementation of {@link ItemRepository}. */
export function createItemRepository(db: AppDatabase): ItemRepository {
  return {
    async syncDefinitions(definitions) {
      const wanted = new Map<string, ItemValues>();
      for (const def of definitions) {
        if (wanted.has(def.id)) throw new Error(`item definitions contain the id ${def.id} twice`);
        wanted.set(def.id, normalise(def));
      }
      return db.transaction(async (tx) => {
        const existing = new Map((await tx.select().from(items)).map((row) => [row.id, row]));
        const upserts: ItemValues[] = [];
        let inserted = 0;
        for (const [id, values] of wanted) {
          const current = existing.get(id);
          if (!current) inserted += 1;
          else if (canonical(normalise(current)) === canonical(values)) continue;
          upserts.push(values);
        }
        const removed = [...existing.keys()].filter((id) => !wanted.has(id));
        for (let i = 0; i < upserts.length; i += BATCH) {
          await tx
            .insert(items)
            .values(upserts.slice(i, i + BATCH))
            .onConflictDoUpdate({ target: items.id, set: excludedColumns() });
        }
        for (let i = 0; i < removed.length; i += BATCH) {
          await tx.delete(items).where(inArray(items.id, removed.slice(i, i + BATCH)));
        }
        return {
          inserted,
          updated: upserts.length - inserted,
          deleted: removed.length,
          unchanged: wanted.size - upserts.length,
        };
      });
    },

    async list() {
      return db.select().from(items).orderBy(asc(items.id));
    },

    async findById(id) {
      const rows = await db.select().from(items).where(eq(items.id, id));
      return rows[0] ?? null;
    },
  };
}

function normalise(def: ItemDefinition): ItemValues {
  return {
    id: def.id,
    name: def.name,
    category: def.category,
    value: def.value ?? 0,
    stackable: def.stackable ?? false,
    tradeable: def.tradeable ?? true,
    equipSlot: def.equipSlot ?? null,
    bonuses: def.bonuses ?? {},
    requirements: def.requirements ?? {},
    data: def.data ?? {},
  };
}

/** `SET col = excluded.col` for every definition column, plus a fresh `updatedAt`. */
function excludedColumns() {
  const excluded = (column: string) => sql.raw(`excluded."${column}"`);
  return {
    name: excluded('name'),
    category: excluded('category'),
    value: excluded('value'),
    stackable: excluded('stackable'),
    tradeable: excluded('tradeable'),
    equipSlot: excluded('equipSlot'),
    bonuses: excluded('bonuses'),
    requirements: excluded('requirements'),
    data: excluded('data'),
    updatedAt: sql`now()`,
  };
}

/** JSON with object keys sorted, so jsonb's own key order does not count as a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
