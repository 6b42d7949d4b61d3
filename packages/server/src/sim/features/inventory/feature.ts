import { fail, type Feature } from '../../core/registry';

/**
 * Inventory requests of their own: `inventory:move` (swap two slots; onto an empty slot is a move)
 * and `inventory:examine`. Using, dropping and eating belong to the features that give them
 * meaning (consumables, ground items, firemaking, processing).
 */
export const inventoryFeature: Feature = {
  name: 'inventory',
  register(r) {
    r.on('inventory:move', (_world, player, data) => {
      const moved = player.inventory.move(data.from, data.to);
      if (moved.ok) return { ok: true, result: { from: data.from, to: data.to } };
      return moved.reason === 'empty_slot'
        ? fail('empty_slot', `slot ${data.from} is empty`)
        : fail('invalid_slot', 'no such inventory slot');
    });
    r.on('inventory:examine', (world, player, data) => {
      const row = player.inventory.slot(data.slot);
      if (!row) return fail('empty_slot', `slot ${data.slot} is empty`);
      const def = world.itemLookup(row.itemId);
      if (!def) return fail('internal_error', `the item ${row.itemId} is not in the content`);
      return { ok: true, result: { itemId: def.id, name: def.name, examine: def.examine, value: def.value } };
    });
  },
};
