import { rectContains } from '../geometry';
import type { DialogueCondition, DialogueEffect } from '../schemas/dialogue';
import type { NpcManifestEntry } from '../schemas/npcs';
import { checkRef } from '../table';
import { refItem, refQuestStage, type CheckContext } from './context';

const FILE = 'npcs.json';

/** Node graph and every id inside an NPC's dialogue (stores, quests and stages, items). */
export function checkDialogue(ctx: CheckContext, npc: NpcManifestEntry): void {
  const dialogue = npc.dialogue;
  if (!dialogue) return;
  const where = `npc ${npc.id} dialogue`;
  const ids = new Set<string>();
  for (const node of dialogue.nodes) {
    if (ids.has(node.id)) ctx.issues.add(FILE, `${where} has duplicate node id "${node.id}"`);
    ids.add(node.id);
  }
  const node = (context: string, id: string | null | undefined) => {
    if (id !== null && id !== undefined && !ids.has(id))
      ctx.issues.add(FILE, `${where}: ${context} unknown node "${id}"`);
  };
  node('start is', dialogue.start);
  for (const entry of dialogue.entries ?? []) {
    node('entry opens', entry.node);
    entry.conditions.forEach((c) => checkCondition(ctx, where, c));
  }
  for (const n of dialogue.nodes) {
    node(`node ${n.id} continues to`, n.next);
    (n.effects ?? []).forEach((e) => checkEffect(ctx, `${where} node ${n.id}`, e));
    for (const r of n.responses ?? []) {
      node(`a response of node ${n.id} leads to`, r.next);
      (r.conditions ?? []).forEach((c) => checkCondition(ctx, `${where} node ${n.id}`, c));
      (r.effects ?? []).forEach((e) => checkEffect(ctx, `${where} node ${n.id}`, e));
    }
  }
  checkReachable(ctx, npc, ids);
}

/** Every node should be reachable from start or an entry; orphans are almost always typos. */
function checkReachable(ctx: CheckContext, npc: NpcManifestEntry, ids: ReadonlySet<string>): void {
  const dialogue = npc.dialogue;
  if (!dialogue) return;
  const byId = new Map(dialogue.nodes.map((n) => [n.id, n]));
  const seen = new Set<string>();
  const queue = [dialogue.start, ...(dialogue.entries ?? []).map((e) => e.node)];
  while (queue.length > 0) {
    const id = queue.pop();
    if (id === undefined || seen.has(id) || !ids.has(id)) continue;
    seen.add(id);
    const n = byId.get(id);
    if (n?.next) queue.push(n.next);
    for (const r of n?.responses ?? []) if (r.next) queue.push(r.next);
  }
  for (const id of ids)
    if (!seen.has(id)) ctx.issues.add(FILE, `npc ${npc.id} dialogue node "${id}" is unreachable`);
}

function checkCondition(ctx: CheckContext, where: string, c: DialogueCondition): void {
  switch (c.type) {
    case 'has_item':
    case 'lacks_item':
      refItem(ctx, FILE, `${where} condition ${c.type} names`, c.itemId);
      break;
    case 'quest_status':
      checkRef(ctx.issues, FILE, `${where} condition names`, ctx.m.quests, c.questId);
      break;
    case 'quest_stage':
      refQuestStage(ctx, FILE, `${where} condition names`, c.questId, c.stage);
      break;
    case 'skill_level':
    case 'quest_points':
      break;
  }
}

function checkEffect(ctx: CheckContext, where: string, e: DialogueEffect): void {
  switch (e.type) {
    case 'open_shop':
      checkRef(ctx.issues, FILE, `${where} opens`, ctx.m.stores, e.storeId);
      break;
    case 'start_quest':
      checkRef(ctx.issues, FILE, `${where} starts`, ctx.m.quests, e.questId);
      break;
    case 'advance_quest':
      refQuestStage(ctx, FILE, `${where} advances`, e.questId, e.fromStage);
      break;
    case 'give_item':
    case 'take_item':
      refItem(ctx, FILE, `${where} ${e.type === 'give_item' ? 'gives' : 'takes'}`, e.itemId);
      break;
    case 'teleport':
      if (ctx.m.areas.known && !ctx.m.areas.entries.some((a) => rectContains(a.bounds, e.x, e.z)))
        ctx.issues.add(FILE, `${where} teleports to (${e.x}, ${e.z}), which is in no area`);
      break;
    case 'open_bank':
    case 'give_xp':
    case 'heal':
      break;
  }
}
