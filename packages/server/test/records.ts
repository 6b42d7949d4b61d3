import { SKILLS } from '../src/content/skills';
import type { PlayerRecord, PlayerSnapshot } from '../src/sim/core/types';
import type { Repositories } from '../src/storage';

/** A new character's skills: every skill at level 1, constitution at 10 (1,154 xp). */
export function newSkills(): PlayerRecord['skills'] {
  return Object.fromEntries(
    SKILLS.map((s) => [s, s === 'constitution' ? { level: 10, xp: 1154 } : { level: 1, xp: 0 }]),
  ) as PlayerRecord['skills'];
}

/** A new character at (0, 0) with nothing carried, as tests build them; `fields` override. */
export function playerRecord(id: string, fields: Partial<PlayerRecord> = {}): PlayerRecord {
  return {
    id,
    accountId: `acc-${id}`,
    name: id,
    x: 0,
    z: 0,
    runEnergy: 10_000,
    health: 100,
    coins: 0,
    combatLevel: 3,
    skills: newSkills(),
    inventory: [],
    equipment: [],
    bank: [],
    prayerPoints: 1,
    activePrayers: [],
    questPoints: 0,
    homeTeleportCooldownTicks: 0,
    quests: [],
    ...fields,
  };
}

/** {@link playerRecord} as the world hands it to storage (with a height). */
export function playerSnapshot(id: string, fields: Partial<PlayerSnapshot> = {}): PlayerSnapshot {
  return { ...playerRecord(id), y: 0, ledger: [], ...fields };
}

/** Creates one anonymous account with a character per name; returns their ids in name order. */
export async function seedCharacters(repos: Repositories, names: readonly string[]): Promise<string[]> {
  const account = await repos.users.createAnonymous();
  const ids: string[] = [];
  for (const name of names) {
    const created = await repos.characters.create({ accountId: account.id, name });
    if (!created.ok) throw new Error(`creating ${name} failed`);
    ids.push(created.character.id);
  }
  return ids;
}
