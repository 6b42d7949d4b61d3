import type { QuestDef, QuestStage } from '../schemas/quests';
import { checkRef } from '../table';
import { dialogueEffects, refItem, requireSpawned, type CheckContext } from './context';
import { checkPlaceStage } from './quest-stages';

const FILE = 'quests.json';

/** Quests: giver, requirements, stage targets, dialogue hooks, rewards, unlocks and quest items. */
export function checkQuests(ctx: CheckContext): void {
  const { m, issues } = ctx;
  const owners = new Map<string, string>();
  for (const quest of m.quests.entries) {
    const at = `quest ${quest.id}`;
    if (checkRef(issues, FILE, `${at} is started by`, m.npcs, quest.startNpcId)) {
      requireSpawned(ctx, FILE, `${at} is started by`, quest.startNpcId);
      const giver = m.npcs.byId.get(quest.startNpcId);
      if (giver && !dialogueEffects(giver).some((e) => e.type === 'start_quest' && e.questId === quest.id))
        issues.add(FILE, `${at}: start npc ${giver.id} has no dialogue effect starting it`);
    }
    for (const req of quest.requirements.quests ?? []) {
      if (req === quest.id) issues.add(FILE, `${at} requires itself`);
      else checkRef(issues, FILE, `${at} requires`, m.quests, req);
    }
    for (const stage of quest.stages) checkStage(ctx, quest, stage);
    for (const reward of quest.rewards.items) refItem(ctx, FILE, `${at} rewards`, reward.itemId);
    for (const unlock of quest.rewards.unlocks) {
      const table = unlock.type === 'store' ? m.stores : unlock.type === 'prayer' ? m.prayers : m.areas;
      checkRef(issues, FILE, `${at} unlocks`, table, unlock.id);
    }
    for (const itemId of quest.questItems) {
      if (!refItem(ctx, FILE, `${at} quest item`, itemId)) continue;
      const item = m.items.byId.get(itemId);
      if (item && item.category !== 'quest')
        issues.add(FILE, `${at}: quest item ${itemId} must have category "quest"`);
      const other = owners.get(itemId);
      if (other) issues.add(FILE, `quest item ${itemId} is claimed by both ${other} and ${quest.id}`);
      owners.set(itemId, quest.id);
    }
  }
  if (m.quests.known === null) return;
  for (const item of m.items.entries) {
    if (item.category === 'quest' && !owners.has(item.id))
      issues.add(
        m.itemFiles.get(item.id) ?? 'items.json',
        `quest item ${item.id} belongs to no quest's questItems`,
      );
  }
}

function checkStage(ctx: CheckContext, quest: QuestDef, stage: QuestStage): void {
  const { m, issues } = ctx;
  const at = `quest ${quest.id} stage ${stage.id}`;
  switch (stage.kind) {
    case 'dialogue':
    case 'deliver': {
      if (stage.kind === 'deliver') refItem(ctx, FILE, `${at} delivers`, stage.itemId);
      if (!checkRef(issues, FILE, `${at} talks to`, m.npcs, stage.npcId)) return;
      requireSpawned(ctx, FILE, `${at} talks to`, stage.npcId);
      const npc = m.npcs.byId.get(stage.npcId);
      const hooked = npc
        ? dialogueEffects(npc).some(
            (e) => e.type === 'advance_quest' && e.questId === quest.id && e.fromStage === stage.id,
          )
        : true;
      if (!hooked) issues.add(FILE, `${at}: npc ${stage.npcId} has no dialogue effect advancing it`);
      return;
    }
    case 'kill': {
      if (!checkRef(issues, FILE, `${at} kills`, m.npcs, stage.npcId)) return;
      requireSpawned(ctx, FILE, `${at} kills`, stage.npcId);
      if (m.npcs.byId.get(stage.npcId)?.attackable === false)
        issues.add(FILE, `${at}: npc ${stage.npcId} is not attackable`);
      return;
    }
    case 'gather':
      refItem(ctx, FILE, `${at} gathers`, stage.itemId);
      return;
    case 'interact':
      checkRef(
        issues,
        FILE,
        `${at} uses`,
        stage.target.type === 'station' ? m.stations : m.resources,
        stage.target.id,
      );
      return;
    case 'reach_area':
      checkRef(issues, FILE, `${at} reaches`, m.areas, stage.areaId);
      return;
    case 'reach_tile':
    case 'light_fire':
    case 'make':
    case 'bank_deposit':
    case 'shop_buy':
      checkPlaceStage(ctx, at, stage);
      return;
  }
}
