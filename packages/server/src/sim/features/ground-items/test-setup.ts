import { SKILLS } from '../../../content/skills';
import type { PlayerRecord } from '../../core/types';

/**
 * Shared set-up of the ground-item tests (test-only; nothing in the server imports it). The
 * shipped content is loaded by each test file (loading reads files, which sim/ code may not do).
 */
export function playerRecord(
  id: string,
  x: number,
  z: number,
  items: ReadonlyArray<readonly [string, number]>,
): PlayerRecord {
  const skills = Object.fromEntries(
    SKILLS.map((s) => [s, s === 'constitution' ? { level: 10, xp: 1154 } : { level: 1, xp: 0 }]),
  );
  return {
    id,
    accountId: `acc-${id}`,
    name: id,
    x,
    z,
    runEnergy: 10_000,
    health: 100,
    coins: 0,
    combatLevel: 3,
    skills: skills as PlayerRecord['skills'],
    inventory: items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity })),
    equipment: [],
    bank: [],
  };
}
