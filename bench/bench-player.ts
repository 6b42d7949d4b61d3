/** The tick benchmark's players: level-40 melee with an iron scimitar, the other skills at 1. */
import type { PlayerRecord } from '../packages/server/src/sim/core/types';
import { newSkills, playerRecord } from '../packages/server/test/records';

const TRAINED = { level: 40, xp: 37_224 };

/** A bench player's stored record, standing at (x, z). */
export function record(id: string, x: number, z: number): PlayerRecord {
  return playerRecord(id, {
    accountId: `bench-${id}`,
    x,
    z,
    skills: {
      ...newSkills(),
      attack: { ...TRAINED },
      strength: { ...TRAINED },
      defense: { ...TRAINED },
      constitution: { ...TRAINED },
    },
    equipment: [{ slot: 'weapon', itemId: 'iron_scimitar', quantity: 1 }],
  });
}
