import { asc, eq } from 'drizzle-orm';
import { bank, equipment, inventory } from '../schema';
import type { AppDatabase } from '../types';
import type {
  BankRepository,
  EquipmentRepository,
  InventoryRepository,
  SlotContainerRepository,
} from './ports';

/** Rows per INSERT: a full bank is hundreds of rows; chunks stay far from the bind-parameter limit. */
const INSERT_CHUNK = 500;

/**
 * The one implementation behind inventory, bank and equipment: the three tables share the
 * (characterId, slot, itemId, quantity) shape and differ only in the slot's type.
 */
function slotContainer<TSlot extends { slot: number | string; itemId: string; quantity: number }>(
  db: AppDatabase,
  table: typeof inventory | typeof bank | typeof equipment,
): SlotContainerRepository<TSlot> {
  return {
    async get(characterId) {
      const rows = await db
        .select({ slot: table.slot, itemId: table.itemId, quantity: table.quantity })
        .from(table)
        .where(eq(table.characterId, characterId))
        .orderBy(asc(table.slot));
      return rows as TSlot[];
    },
    async replaceAll(characterId, slots) {
      await db.transaction(async (tx) => {
        await tx.delete(table).where(eq(table.characterId, characterId));
        for (let i = 0; i < slots.length; i += INSERT_CHUNK) {
          const values = slots
            .slice(i, i + INSERT_CHUNK)
            .map((s) => ({ characterId, slot: s.slot, itemId: s.itemId, quantity: s.quantity }));
          await tx.insert(table).values(values as never);
        }
      });
    },
  };
}

/** Drizzle implementation of {@link InventoryRepository}. */
export const createInventoryRepository = (db: AppDatabase): InventoryRepository =>
  slotContainer(db, inventory);

/** Drizzle implementation of {@link BankRepository}. */
export const createBankRepository = (db: AppDatabase): BankRepository => slotContainer(db, bank);

/** Drizzle implementation of {@link EquipmentRepository}. */
export const createEquipmentRepository = (db: AppDatabase): EquipmentRepository =>
  slotContainer(db, equipment);
