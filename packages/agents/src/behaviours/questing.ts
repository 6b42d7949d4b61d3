import type { Goal, QuestJournalEntry, ServerPayload } from '@tilerealm/protocol';
import { DEFAULT_FOOD, GameError, type GameClient } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';
import { handledElsewhere } from '../errors';
import { bankTrip } from './banking';
import { eatIfHurt } from './combat';
import { converse, reachNpc } from './dialogue';
import { gatherStep, GATHER_SPECS } from './gathering';
import { cookAll } from './processing';
import { QUEST_PLANS, questAction } from './quest-plans';
import { keepRunning } from './run';

/**
 * Answers that move a quest on (asking what is wrong, starting it, accepting, handing items over),
 * in order of preference.
 */
const QUEST_ANSWERS = [/help/i, /what'?s wrong/i, /coming up|yes|sure|accept|i('ll| will)/i, /here you are/i];

/** Quests the runtime has a plan for (ids of quests.json). */
export const SUPPORTED_QUESTS: readonly string[] = QUEST_PLANS.map((p) => p.questId);

/**
 * The agent's quest journal, kept from `quest:journal` (sent on entering the world and after every
 * quest change), so the planner knows whether a supported quest is left and the goal report can
 * show the quest's stage.
 */
export class QuestTracker {
  entries: QuestJournalEntry[] = [];
  known = false;

  /** Follows `client`'s quest:journal events; returns the function that stops following. */
  attach(client: GameClient): () => void {
    return client.on('quest:journal', (j: ServerPayload<'quest:journal'>) => {
      this.entries = j.quests;
      this.known = true;
    });
  }

  /**
   * The quest to work on (journal entry): `target` when it names a supported quest not completed
   * yet, else the first supported quest not completed yet, if any.
   */
  pending(target?: string): QuestJournalEntry | undefined {
    const open = (q: QuestJournalEntry) => SUPPORTED_QUESTS.includes(q.questId) && q.status !== 'completed';
    if (target && SUPPORTED_QUESTS.includes(target))
      return this.entries.find((q) => q.questId === target && open(q));
    return this.entries.find(open);
  }

  /** True once the journal is known and every supported quest is completed. */
  get allDone(): boolean {
    return this.known && !this.pending();
  }

  /** True once the journal is known and `target` (a supported quest) is completed, or all are. */
  doneWith(target: string | undefined): boolean {
    return this.known && !this.pending(target);
  }

  /** The quest goal's target and progress (stage of stages) for `agent:report`. */
  progress(target?: string): Pick<Goal, 'target' | 'progress'> {
    const named = (e: QuestJournalEntry) =>
      target ? e.questId === target : SUPPORTED_QUESTS.includes(e.questId);
    const q = this.pending(target) ?? this.entries.find(named);
    if (!q) return {};
    return { target: q.questId, progress: { current: q.stage, target: q.stageCount, unit: 'quest stage' } };
  }
}

/**
 * One questing step, driven by the journal and the quest's plan (quest-plans.ts): `target` names the
 * quest (the goal's target), else the first supported quest not completed. See questAction for what
 * it does at each stage. Returns false when no supported quest is left (the caller picks another goal).
 */
export async function questingStep(
  ctx: StepContext,
  quests: QuestTracker,
  skip: Map<string, number>,
  target?: string,
): Promise<boolean> {
  if (!quests.known) {
    const journal = ctx.bot.client.waitFor('quest:journal', undefined, 30_000);
    handledElsewhere(journal);
    await abortable(ctx.bot.client.request('quest:requestJournal', {}), ctx.signal);
    await abortable(journal, ctx.signal).catch(logFailure(ctx.log, 'waiting for the quest journal'));
  }
  const quest = quests.pending(target);
  const plan = QUEST_PLANS.find((p) => p.questId === quest?.questId);
  if (!quest || !plan) {
    ctx.log(target ? `quest ${target} is done or has no plan` : 'no quest left that this agent can do');
    return false;
  }
  const world = ctx.bot.world;
  const action = questAction(quest, plan, {
    count: (id) => world.count(id),
    coins: world.player?.coins ?? 0,
    freeSlots: world.freeSlots,
  });
  switch (action.kind) {
    case 'talk': {
      const nodes = await converse(ctx, action.npcId, QUEST_ANSWERS);
      ctx.log(`talked to ${action.npcId}: ${nodes.join(' > ') || 'no answer'}`);
      if (nodes.length === 0) await sleepTicks(ctx, 10);
      break;
    }
    case 'wait':
      // Carrying them all: the journal moves on to the next stage on its own.
      await sleepTicks(ctx, 2);
      break;
    case 'buy':
      await buyItems(ctx, action.shopNpcId, action.itemId, action.quantity);
      break;
    case 'hunt':
      await huntDrop(ctx, action.npcId, action.itemId, skip);
      break;
    case 'cook':
      await cookAll(ctx, action.rawItemId, action.recipeId);
      break;
    case 'catch':
      await gatherStep(ctx, GATHER_SPECS.fishing, skip);
      break;
    case 'stuck':
      ctx.log(`${quest.questId}: ${action.reason}`);
      await sleepTicks(ctx, 20);
      break;
  }
  return true;
}

/** Buys `quantity` of `itemId` from the shop of `shopNpcId`. */
async function buyItems(
  ctx: StepContext,
  shopNpcId: string,
  itemId: string,
  quantity: number,
): Promise<void> {
  const { bot, signal } = ctx;
  const keeper = await reachNpc(ctx, shopNpcId);
  if (!keeper) return void (await sleepTicks(ctx, 10));
  try {
    await abortable(bot.actions.openShop(keeper.id), signal);
    await abortable(bot.actions.buy(itemId, quantity), signal);
    ctx.log(`bought ${quantity} ${itemId}`);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`cannot buy ${itemId}: ${err.code}`);
    await sleepTicks(ctx, 10);
  } finally {
    await bot.actions.closeInterface().catch(logFailure(ctx.log, 'closing the window'));
  }
}

/**
 * Picks up a pile of `itemId` in view, else kills the nearest `npcId` (walking to their spawn
 * first) for its drop. The NPC out of reach, and the one just killed (still in view while it
 * dies), are skipped a while. Banks all but food first when there is no room for the item.
 */
export async function huntDrop(
  ctx: StepContext,
  npcId: string,
  itemId: string,
  skip: Map<string, number>,
): Promise<void> {
  const { bot, signal } = ctx;
  const world = bot.world;
  const pile = [...world.groundItems.values()].find((g) => g.itemId === itemId);
  if (world.freeSlots === 0 && !world.has(itemId)) {
    // No room for the next pile: bank all but the tools and food first.
    if (!(await bankTrip(ctx, [...HUNT_KEEP, ...DEFAULT_FOOD]))) await sleepTicks(ctx, 20);
    return;
  }
  if (pile) {
    try {
      await abortable(
        bot.client.request('player:action', { action: 'pickup', groundItemId: pile.id }),
        signal,
      );
      ctx.log(`picked up ${pile.quantity} ${pile.itemId}`);
    } catch (err) {
      if (!(err instanceof GameError)) throw err;
      world.groundItems.delete(pile.id);
    }
    return;
  }
  if (await eatIfHurt(bot, ctx.log)) return;
  const prey = world.nearestEntity(
    (e) => e.kind === 'npc' && e.npcId === npcId && (skip.get(e.id) ?? 0) <= world.tick,
  );
  if (!prey) {
    // Walk to their spawn; the ones in view may all be skipped: wait for one to come free.
    await keepRunning(bot, ctx.log);
    await reachNpc(ctx, npcId);
    await sleepTicks(ctx, 3);
    return;
  }
  try {
    const killed = await abortable(bot.actions.fight(prey.id, { timeoutMs: 60_000 }), signal);
    ctx.log(`${killed ? 'killed' : 'lost'} a ${npcId} for its ${itemId}`);
    skip.set(prey.id, world.tick + 10);
    if (killed) await sleepTicks(ctx, 2);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`attack on ${prey.name} refused: ${err.code}`);
    skip.set(prey.id, world.tick + 40);
  }
}

/** Tools kept on a bank trip made to free room while hunting. */
const HUNT_KEEP = ['small_fishing_net', 'tinderbox', 'bronze_axe', 'bronze_pickaxe'];
