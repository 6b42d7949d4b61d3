import { fail, type Feature, type Outcome } from '../../core/registry';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { bonuses } from './bonuses';
import { equip, unequip, type EquipResult, type UnequipResult } from './equip';
import { CLIENT_VIEW } from '../sync/state';

function failure(r: Exclude<EquipResult | UnequipResult, { ok: true }>): Outcome {
  if (r.reason === 'level_too_low' && 'skill' in r)
    return fail('level_too_low', `you need ${r.skill} level ${r.required} to wear this`);
  switch (r.reason) {
    case 'inventory_full':
      return fail('inventory_full', 'not enough free inventory space');
    case 'not_equippable':
      return fail('not_equippable', 'you cannot wear that');
    case 'empty_slot':
      return fail('empty_slot', 'that slot is empty');
    default:
      return fail('invalid_slot', `cannot do that (${r.reason})`);
  }
}

/** Sends inventory:update / equipment:update when a container changed since the last send. */
export function syncContainers(world: World, p: Player): void {
  const view = CLIENT_VIEW.of(p);
  if (p.inventory.version !== view.sentInventoryVersion) {
    view.sentInventoryVersion = p.inventory.version;
    world.send(p.id, 'inventory:update', { tick: world.tick, slots: p.inventory.entries() });
  }
  if (p.equipment.version !== view.sentEquipmentVersion) {
    view.sentEquipmentVersion = p.equipment.version;
    world.send(p.id, 'equipment:update', {
      tick: world.tick,
      slots: p.equipment.entries(),
      bonuses: bonuses(p.equipment, world.itemLookup),
    });
  }
}

/**
 * Wearing items: `equipment:equip` / `equipment:unequip` with the container rules of equip.ts
 * (requirements, two-handed weapons, swaps, all-or-nothing), and the per-tick container updates.
 */
export const equipmentFeature: Feature = {
  name: 'equipment',
  register(r) {
    r.on('equipment:equip', (world, player, data) => {
      const res = equip(
        player.equipment,
        player.inventory,
        data.inventorySlot,
        player.skills,
        world.itemLookup,
      );
      return res.ok ? { ok: true, result: { slot: res.slot, itemId: res.itemId } } : failure(res);
    });
    r.on('equipment:unequip', (_world, player, data) => {
      const res = unequip(player.equipment, player.inventory, data.slot);
      return res.ok ? { ok: true, result: { slot: res.slot, itemId: res.itemId } } : failure(res);
    });
    r.perPlayer('sync', syncContainers);
  },
};
