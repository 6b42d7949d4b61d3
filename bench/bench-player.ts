/** The tick benchmark's players: level-40 melee with an iron scimitar, the other skills at 1. */
import type { PlayerRecord } from '../packages/server/src/sim/core/types';

/** A bench player's stored record, standing at (x, z). */
export function record(id: string, x: number, z: number): PlayerRecord {
  const skill = { level: 1, xp: 0 };
  return {
    id,
    accountId: `bench-${id}`,
    name: id,
    x,
    z,
    runEnergy: 10_000,
    health: 100,
    coins: 0,
    combatLevel: 3,
    skills: {
      attack: { level: 40, xp: 37_224 },
      strength: { level: 40, xp: 37_224 },
      defense: { level: 40, xp: 37_224 },
      constitution: { level: 40, xp: 37_224 },
      ranged: skill,
      prayer: skill,
      woodcutting: skill,
      fishing: skill,
      firemaking: skill,
      cooking: skill,
      mining: skill,
      smithing: skill,
    },
    inventory: [],
    equipment: [{ slot: 'weapon', itemId: 'iron_scimitar', quantity: 1 }],
    bank: [],
    prayerPoints: 1,
    activePrayers: [],
    questPoints: 0,
    homeTeleportCooldownTicks: 0,
    quests: [],
  };
}
