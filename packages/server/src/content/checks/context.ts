import type { IssueList } from '../errors';
import type { Manifests } from '../parse-manifests';
import type { DialogueEffect } from '../schemas/dialogue';
import type { NpcManifestEntry } from '../schemas/npcs';
import { checkRef } from '../table';

/** What every cross-reference check receives. */
export interface CheckContext {
  readonly m: Manifests;
  readonly issues: IssueList;
}

/** File that defines item `id` (for messages about the item itself). */
export function itemFile(ctx: CheckContext, id: string): string {
  return ctx.m.itemFiles.get(id) ?? 'items.json';
}

/** Checks a reference to an item. */
export function refItem(ctx: CheckContext, file: string, context: string, itemId: string): boolean {
  return checkRef(ctx.issues, file, context, ctx.m.items, itemId);
}

/** Checks that the quest exists and, when known, that it has the stage. */
export function refQuestStage(
  ctx: CheckContext,
  file: string,
  context: string,
  questId: string,
  stage: string,
): void {
  if (!checkRef(ctx.issues, file, context, ctx.m.quests, questId)) return;
  const quest = ctx.m.quests.byId.get(questId);
  if (quest && !quest.stages.some((s) => s.id === stage)) {
    ctx.issues.add(file, `${context} unknown stage "${stage}" of quest ${questId}`);
  }
}

/** Every effect anywhere in the NPC's dialogue (node effects and response effects). */
export function dialogueEffects(npc: NpcManifestEntry): DialogueEffect[] {
  const out: DialogueEffect[] = [];
  for (const node of npc.dialogue?.nodes ?? []) {
    out.push(...(node.effects ?? []));
    for (const response of node.responses ?? []) out.push(...(response.effects ?? []));
  }
  return out;
}

/** Ids of NPCs spawned by at least one area (undefined when areas could not be read). */
export function spawnedNpcIds(ctx: CheckContext): ReadonlySet<string> | undefined {
  if (ctx.m.areas.known === null) return undefined;
  return new Set(ctx.m.areas.entries.flatMap((a) => a.npcs.map((s) => s.npcId)));
}

/** Reports when an NPC that content relies on is never spawned in any area. */
export function requireSpawned(ctx: CheckContext, file: string, context: string, npcId: string): void {
  const spawned = spawnedNpcIds(ctx);
  if (!spawned || !ctx.m.npcs.byId.has(npcId) || spawned.has(npcId)) return;
  ctx.issues.add(file, `${context} npc ${npcId}, which no area spawns`);
}
