import type { EntitySnapshot, ServerPayload } from '@tilerealm/protocol';
import { tileDistance } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';
import { handledElsewhere } from '../errors';

type DialogueNode = ServerPayload<'dialogue:node'>;

/** Conversations never take more answers than this (a menu that loops back is left). */
const MAX_ANSWERS = 8;

/**
 * Walks into sight of an NPC (by npcs.json id, found through its spawn on the public map) and
 * returns its entity as the agent sees it; undefined (logged) when it cannot be found.
 */
export async function reachNpc(ctx: StepContext, npcDefId: string): Promise<EntitySnapshot | undefined> {
  const { bot, places, signal } = ctx;
  const here = bot.world.position ?? { x: 0, z: 0 };
  let npc = bot.world.nearestEntity((e) => e.npcId === npcDefId);
  if (!npc || tileDistance(npc, here) > 10) {
    const spawn = places.spawnsOf([npcDefId], here)[0];
    if (!spawn) {
      ctx.log(`no ${npcDefId} on the map`);
      return undefined;
    }
    await abortable(bot.actions.walkTo(spawn.x, spawn.z + 2), signal);
    npc = bot.world.nearestEntity((e) => e.npcId === npcDefId);
  }
  for (let i = 0; !npc && i < 5; i++) {
    await sleepTicks(ctx, 2);
    npc = bot.world.nearestEntity((e) => e.npcId === npcDefId);
  }
  if (!npc) ctx.log(`cannot see ${npcDefId}`);
  return npc;
}

/**
 * The option to answer with: the first of `wants` (in order of preference) that some option's
 * text matches. Undefined when none does: the agent then leaves rather than guess.
 */
export function pickOption(
  options: DialogueNode['options'],
  wants: readonly RegExp[],
): DialogueNode['options'][number] | undefined {
  for (const want of wants) {
    const hit = options.find((o) => want.test(o.text));
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Talks to the NPC `npcDefId` and answers its dialogue by matching option texts against `wants`
 * (continuing through nodes without options) until the conversation ends. Returns the ids of the
 * nodes seen, so the caller can tell where it led; leaves (closeInterface) when no option fits.
 */
export async function converse(
  ctx: StepContext,
  npcDefId: string,
  wants: readonly RegExp[],
): Promise<string[]> {
  const { bot, signal } = ctx;
  const npc = await reachNpc(ctx, npcDefId);
  if (!npc) return [];
  let node: DialogueNode | undefined = await abortable(bot.actions.talk(npc.id), signal);
  const seen: string[] = [];
  for (let i = 0; node && i < MAX_ANSWERS; i++) {
    seen.push(node.nodeId);
    const current: DialogueNode = node;
    const option = current.awaiting === 'choice' ? pickOption(current.options, wants) : undefined;
    if (current.awaiting === 'choice' && !option) {
      ctx.log(`${current.npcName}: no fitting answer to "${current.text}"; leaving`);
      await bot.actions.closeInterface().catch(logFailure(ctx.log, 'closing the window'));
      return seen;
    }
    const next = bot.client.waitFor('dialogue:node', (n) => n.npcId === current.npcId, 30_000);
    handledElsewhere(next);
    const ack = option
      ? await abortable(bot.client.request('dialogue:choose', { index: option.index }), signal)
      : await abortable(bot.client.request('dialogue:continue', {}), signal);
    if (option) ctx.log(`${current.npcName}: answered "${option.text}"`);
    node = typeof ack.result?.['nodeId'] === 'string' ? await abortable(next, signal) : undefined;
  }
  return seen;
}
