import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import type { Database } from '../types';
import { createRepositories, type Repositories } from './index';
import type { ItemDefinition } from './ports';

describe.each(availableBackends())('containers and items on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newCharacter(): Promise<string> {
    const account = await repos.users.createAnonymous();
    const made = await repos.characters.create({
      accountId: account.id,
      name: `Holder${(counter += 1)}${kind}`,
    });
    if (!made.ok) throw new Error('create failed');
    return made.character.id;
  }

  describe('InventoryRepository', () => {
    it('replaces the whole inventory and reads it back ordered by slot', async () => {
      const id = await newCharacter();
      expect(await repos.inventory.get(id)).toEqual([]);
      await repos.inventory.replaceAll(id, [
        { slot: 27, itemId: 'coins', quantity: 500 },
        { slot: 0, itemId: 'bronze_sword', quantity: 1 },
      ]);
      expect(await repos.inventory.get(id)).toEqual([
        { slot: 0, itemId: 'bronze_sword', quantity: 1 },
        { slot: 27, itemId: 'coins', quantity: 500 },
      ]);
      await repos.inventory.replaceAll(id, [{ slot: 3, itemId: 'logs', quantity: 1 }]);
      expect(await repos.inventory.get(id)).toEqual([{ slot: 3, itemId: 'logs', quantity: 1 }]);
      await repos.inventory.replaceAll(id, []);
      expect(await repos.inventory.get(id)).toEqual([]);
    });

    it('rejects slots outside 0..27 and keeps the previous content (one transaction)', async () => {
      const id = await newCharacter();
      await repos.inventory.replaceAll(id, [{ slot: 1, itemId: 'logs', quantity: 1 }]);
      await expect(
        repos.inventory.replaceAll(id, [{ slot: 28, itemId: 'logs', quantity: 1 }]),
      ).rejects.toThrow();
      await expect(
        repos.inventory.replaceAll(id, [
          { slot: 2, itemId: 'logs', quantity: 1 },
          { slot: 2, itemId: 'ore', quantity: 1 },
        ]),
      ).rejects.toThrow();
      expect(await repos.inventory.get(id)).toEqual([{ slot: 1, itemId: 'logs', quantity: 1 }]);
    });
  });

  describe('EquipmentRepository and BankRepository', () => {
    it('stores worn items by slot name', async () => {
      const id = await newCharacter();
      await repos.equipment.replaceAll(id, [
        { slot: 'weapon', itemId: 'bronze_sword', quantity: 1 },
        { slot: 'arrows', itemId: 'bronze_arrow', quantity: 150 },
      ]);
      expect(await repos.equipment.get(id)).toEqual([
        { slot: 'arrows', itemId: 'bronze_arrow', quantity: 150 },
        { slot: 'weapon', itemId: 'bronze_sword', quantity: 1 },
      ]);
    });

    it('holds a bank of more than 400 slots', async () => {
      const id = await newCharacter();
      const slots = Array.from({ length: 480 }, (_, slot) => ({
        slot,
        itemId: `item_${slot % 37}`,
        quantity: slot + 1,
      }));
      await repos.bank.replaceAll(id, slots);
      expect(await repos.bank.get(id)).toEqual(slots);
      await repos.bank.replaceAll(id, slots.slice(0, 2));
      expect(await repos.bank.get(id)).toHaveLength(2);
    });

    it('moves items between containers atomically with repos.transaction', async () => {
      const id = await newCharacter();
      await repos.inventory.replaceAll(id, [{ slot: 0, itemId: 'logs', quantity: 5 }]);
      await expect(
        repos.transaction(async (tx) => {
          await tx.inventory.replaceAll(id, []);
          await tx.bank.replaceAll(id, [{ slot: 0, itemId: 'logs', quantity: 0 }]); // violates quantity > 0
        }),
      ).rejects.toThrow();
      expect(await repos.inventory.get(id)).toEqual([{ slot: 0, itemId: 'logs', quantity: 5 }]);
      expect(await repos.bank.get(id)).toEqual([]);

      await repos.transaction(async (tx) => {
        await tx.inventory.replaceAll(id, []);
        await tx.bank.replaceAll(id, [{ slot: 0, itemId: 'logs', quantity: 5 }]);
      });
      expect(await repos.inventory.get(id)).toEqual([]);
      expect(await repos.bank.get(id)).toEqual([{ slot: 0, itemId: 'logs', quantity: 5 }]);
    });

    it('removes a character’s items with the character', async () => {
      const id = await newCharacter();
      await repos.inventory.replaceAll(id, [{ slot: 0, itemId: 'logs', quantity: 1 }]);
      await repos.bank.replaceAll(id, [{ slot: 0, itemId: 'logs', quantity: 1 }]);
      await repos.characters.delete(id);
      expect(await repos.inventory.get(id)).toEqual([]);
      expect(await repos.bank.get(id)).toEqual([]);
    });
  });

  describe('ItemRepository', () => {
    const sword: ItemDefinition = {
      id: 'bronze_sword',
      name: 'Bronze sword',
      category: 'weapon',
      value: 10,
      equipSlot: 'weapon',
      bonuses: { attack: 4, strength: 3 },
      requirements: { attack: 1 },
      data: { model: 'swords/bronze.glb', tags: ['melee'] },
    };
    const logs: ItemDefinition = { id: 'logs', name: 'Logs', category: 'resource', value: 4 };

    it('keeps the items table in step with the definitions', async () => {
      expect(await repos.items.syncDefinitions([sword, logs])).toEqual({
        inserted: 2,
        updated: 0,
        deleted: 0,
        unchanged: 0,
      });
      expect(await repos.items.findById('logs')).toMatchObject({
        name: 'Logs',
        stackable: false,
        tradeable: true,
        equipSlot: null,
        bonuses: {},
        requirements: {},
        data: {},
      });
      expect(await repos.items.findById('bronze_sword')).toMatchObject({
        bonuses: { attack: 4, strength: 3 },
        data: sword.data,
      });

      // Same content with keys in another order: nothing changes.
      const reordered = { ...sword, bonuses: { strength: 3, attack: 4 } };
      expect(await repos.items.syncDefinitions([logs, reordered])).toEqual({
        inserted: 0,
        updated: 0,
        deleted: 0,
        unchanged: 2,
      });

      const coins: ItemDefinition = { id: 'coins', name: 'Coins', category: 'currency', stackable: true };
      const result = await repos.items.syncDefinitions([{ ...sword, value: 12 }, coins]);
      expect(result).toEqual({ inserted: 1, updated: 1, deleted: 1, unchanged: 0 });
      const list = await repos.items.list();
      expect(list.map((i) => [i.id, i.value])).toEqual([
        ['bronze_sword', 12],
        ['coins', 0],
      ]);
      expect(await repos.items.findById('logs')).toBeNull();
    });

    it('syncs large manifests in batches', async () => {
      const many = Array.from({ length: 700 }, (_, i) => ({
        id: `gen_${i}`,
        name: `Item ${i}`,
        category: 'misc',
        value: i,
      }));
      expect((await repos.items.syncDefinitions(many)).inserted).toBe(700);
      const changed = many.map((d) => (d.value % 2 === 0 ? { ...d, value: d.value + 1 } : d)).slice(100);
      expect(await repos.items.syncDefinitions(changed)).toEqual({
        inserted: 0,
        updated: 300,
        deleted: 100,
        unchanged: 300,
      });
      expect(await repos.items.list()).toHaveLength(600);
    });

    it('rejects duplicate ids in the definitions', async () => {
      await expect(repos.items.syncDefinitions([logs, logs])).rejects.toThrow(/logs twice/);
    });
  });
});
