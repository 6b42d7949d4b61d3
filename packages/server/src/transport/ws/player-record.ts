import type { CharacterRow, EquipmentSlot, ItemSlot, QuestProgressRow, Repositories } from '../../storage';
import type { PlayerRecord } from '../../sim/core/types';

/** A character row (with its saved items: inventory, equipment and bank) as the world loads it. */
export function toRecord(
  c: CharacterRow,
  inventory: ItemSlot[],
  equipment: EquipmentSlot[],
  bank: ItemSlot[],
  progress: { quests: readonly QuestProgressRow[]; nowMs: number; tickMs: number } = {
    quests: [],
    nowMs: 0,
    tickMs: 600,
  },
): PlayerRecord {
  const cooldownMs = c.homeTeleportCooldownUntil ? c.homeTeleportCooldownUntil.getTime() - progress.nowMs : 0;
  return {
    id: c.id,
    accountId: c.accountId,
    name: c.name,
    x: Math.round(c.positionX),
    z: Math.round(c.positionZ),
    runEnergy: c.runEnergy,
    health: c.health,
    coins: c.coins,
    combatLevel: c.combatLevel,
    skills: {
      attack: { level: c.attackLevel, xp: c.attackXp },
      strength: { level: c.strengthLevel, xp: c.strengthXp },
      defense: { level: c.defenseLevel, xp: c.defenseXp },
      constitution: { level: c.constitutionLevel, xp: c.constitutionXp },
      ranged: { level: c.rangedLevel, xp: c.rangedXp },
      prayer: { level: c.prayerLevel, xp: c.prayerXp },
      woodcutting: { level: c.woodcuttingLevel, xp: c.woodcuttingXp },
      fishing: { level: c.fishingLevel, xp: c.fishingXp },
      firemaking: { level: c.firemakingLevel, xp: c.firemakingXp },
      cooking: { level: c.cookingLevel, xp: c.cookingXp },
      mining: { level: c.miningLevel, xp: c.miningXp },
      smithing: { level: c.smithingLevel, xp: c.smithingXp },
    },
    inventory,
    equipment,
    bank,
    prayerPoints: c.prayerPoints,
    activePrayers: Array.isArray(c.activePrayers) ? c.activePrayers.filter((x) => typeof x === 'string') : [],
    questPoints: c.questPoints,
    homeTeleportCooldownTicks: Math.max(0, Math.ceil(cooldownMs / progress.tickMs)),
    quests: progress.quests.flatMap((q) =>
      q.status === 'in_progress' || q.status === 'completed'
        ? [{ questId: q.questId, stage: q.stage, status: q.status, data: q.data }]
        : [],
    ),
  };
}

/** Everything the world needs to put a character in it, read from storage (items, quests, ignore list). */
export async function loadRecord(
  repos: Repositories,
  character: CharacterRow,
  tickMs: number,
): Promise<PlayerRecord> {
  const id = character.id;
  const [inventory, equipment, bank, ignored, quests] = await Promise.all([
    repos.inventory.get(id),
    repos.equipment.get(id),
    repos.bank.get(id),
    repos.social.listIgnored(character.accountId),
    repos.quests.list(id),
  ]);
  const progress = { quests, nowMs: Date.now(), tickMs };
  return { ...toRecord(character, inventory, equipment, bank, progress), ignored };
}
