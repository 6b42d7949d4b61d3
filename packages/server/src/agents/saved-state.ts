import type { PlayerStatePayload } from '@tilerealm/protocol';
import type { Content } from '../content/load';
import type { CharacterRow, EquipmentSlot, ItemSlot } from '../storage';
import { toRecord } from '../transport/ws/player-record';

/**
 * The `player:sync` view of a character that is not in the world, built from its saved row and
 * items, so goal availability is computed by the same protocol function whether the agent plays
 * or not. Fields the world derives at run time take their at-rest values (not moving, no prayers on).
 */
export function savedPlayerState(
  content: Content,
  row: CharacterRow,
  inventory: ItemSlot[],
  equipment: EquipmentSlot[],
): PlayerStatePayload {
  const record = toRecord(row, inventory, equipment, []);
  const area = areaAt(content, record.x, record.z);
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    combatLevel: row.combatLevel,
    health: row.health,
    maxHealth: record.skills.constitution.level * 10,
    coins: row.coins,
    position: {
      x: record.x,
      z: record.z,
      y: row.positionY,
      running: false,
      runEnergy: row.runEnergy,
      moving: false,
    },
    skills: record.skills,
    isAdmin: false,
    areaId: area?.id ?? null,
    inventory: inventory.map(({ slot, itemId, quantity }) => ({ slot, itemId, quantity })),
    equipment: equipment.map(({ slot, itemId, quantity }) => ({ slot, itemId, quantity })),
    combat: { styleId: '', autoRetaliate: true },
    prayer: { points: row.prayerPoints, active: [] },
    questPoints: row.questPoints,
    homeTeleportCooldownTicks: 0,
  };
}

/** The world area whose bounds hold a tile, if any. */
export function areaAt(content: Content, x: number, z: number) {
  for (const area of content.areas.values()) {
    const b = area.bounds;
    if (x >= b.minX && x <= b.maxX && z >= b.minZ && z <= b.maxZ) return area;
  }
  return undefined;
}
