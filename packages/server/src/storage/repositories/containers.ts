import { asc, eq } from 'drizzle-orm';
import { bank, equipment, inventory } from '../schema';
import type { AppDatabase } from '../types';
import type { BankRepository, EquipmentRepository, InventoryRepository } from './ports';

/** Drizzle implementation of {@link InventoryRepository}. */
export function createInventoryRepository(db: AppDatabase): InventoryRepository {
  return {
    async get(characterId) {
      return db
        .select({ slot: inventory.slot, itemId: inventory.itemId, quantity: inventory.quantity })
        .from(inventory)
        .where(eq(inventory.characterId, characterId))
        .orderBy(asc(inventory.slot));
    },
    async replaceAll(characterId, slots) {
      await db.transaction(async (tx) => {
        await tx.delete(inventory).where(eq(inventory.characterId, characterId));
        if (slots.length > 0)
          await tx
            .insert(inventory)
            .values(
              slots.map((s) => ({ characterId, slot: s.slot, itemId: s.itemId, quantity: s.quantity })),
            );
      });
    },
  };
}

/** Drizzle implementation of {@link BankRepository}. */
export function createBankRepository(db: AppDatabase): BankRepository {
  return {
    async get(characterId) {
      return db
        .select({ slot: bank.slot, itemId: bank.itemId, quantity: bank.quantity })
        .from(bank)
        .where(eq(bank.characterId, characterId))
        .orderBy(asc(bank.slot));
    },
    async replaceAll(characterId, slots) {
      await db.transaction(async (tx) => {
        await tx.delete(bank).where(eq(bank.characterId, characterId));
        // A full bank is hundreds of rows: insert in chunks to stay far from the bind-parameter limit.
        for (let i = 0; i < slots.length; i += 500) {
          await tx
            .insert(bank)
            .values(
              slots
                .slice(i, i + 500)
                .map((s) => ({ characterId, slot: s.slot, itemId: s.itemId, quantity: s.quantity })),
            );
        }
      });
    },
  };
}

/** Drizzle implementation of {@link EquipmentRepository}. */
export function createEquipmentRepository(db: AppDatabase): EquipmentRepository {
  return {
    async get(characterId) {
      return db
        .select({ slot: equipment.slot, itemId: equipment.itemId, quantity: equipment.quantity })
        .from(equipment)
        .where(eq(equipment.characterId, characterId))
        .orderBy(asc(equipment.slot));
    },
    async replaceAll(characterId, slots) {
      await db.transaction(async (tx) => {
        await tx.delete(equipment).where(eq(equipment.characterId, characterId));
        if (slots.length > 0)
          await tx
            .insert(equipment)
            .values(
              slots.map((s) => ({ characterId, slot: s.slot, itemId: s.itemId, quantity: s.quantity })),
            );
      });
    },
  };
}
