import type { Goal, QuestJournalEntry, ServerPayload } from '@tilerealm/protocol';
import { DEFAULT_FOOD, GameError, type GameClient } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';
import { handledElsewhere } from '../errors';
import { bankTrip } from './banking';
import { eatIfHurt } from './combat';
import { converse, reachNpc } from './dialogue';

/** Answers that move a quest on (starting it, accepting, handing items over), in order of preference. */
const QUEST_ANSWERS = [/help/i, /coming up|yes|sure|accept|i('ll| will)/i, /here you are/i];

/** The only quest the runtime can do so far: Farmer Edda's twenty feathers (quests.json). */
export const FEATHER_QUEST = {
  questId: 'feathered_fugitives',
  startNpcId: 'farmer_edda',
  itemId: 'feather',
  count: 20,
  /** Wren sells feathers at this price each; chickens drop them too. */
  shopNpcId: 'fletcher_wren',
  price: 2,
  dropNpcId: 'chicken',
} as const;

/** Quests the runtime has a plan for (ids of quests.json). */
export const SUPPORTED_QUESTS: readonly string[] = [FEATHER_QUEST.questId];

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

  /** The first supported quest not completed yet (journal entry), if any. */
  pending(): QuestJournalEntry | undefined {
    return this.entries.find((q) => SUPPORTED_QUESTS.includes(q.questId) && q.status !== 'completed');
  }

  /** True once the journal is known and every supported quest is completed. */
  get allDone(): boolean {
    return this.known && !this.pending();
  }

  /** The quest goal's target and progress (stage of stages) for `agent:report`. */
  progress(): Pick<Goal, 'target' | 'progress'> {
    const q = this.pending() ?? this.entries.find((e) => SUPPORTED_QUESTS.includes(e.questId));
    if (!q) return {};
    return { target: q.questId, progress: { current: q.stage, target: q.stageCount, unit: 'quest stage' } };
  }
}

/**
 * One questing step for Feathered Fugitives, driven by the journal: not started -> talk to Farmer
 * Edda and accept; collecting -> buy the missing feathers from Wren when the coins suffice, else
 * kill chickens and pick up the feathers they drop; delivering -> talk to Edda and hand them
 * over. Returns false when no supported quest is left (the caller picks another goal).
 */
export async function questingStep(
  ctx: StepContext,
  quests: QuestTracker,
  skip: Map<string, number>,
): Promise<boolean> {
  if (!quests.known) {
    const journal = ctx.bot.client.waitFor('quest:journal', undefined, 30_000);
    handledElsewhere(journal);
    await abortable(ctx.bot.client.request('quest:requestJournal', {}), ctx.signal);
    await abortable(journal, ctx.signal).catch(logFailure(ctx.log, 'waiting for the quest journal'));
  }
  const quest = quests.pending();
  if (!quest) {
    ctx.log('no quest left that this agent can do');
    return false;
  }
  if (quest.status === 'not_started' || quest.kind === 'deliver') {
    const nodes = await converse(ctx, FEATHER_QUEST.startNpcId, QUEST_ANSWERS);
    ctx.log(`talked to ${FEATHER_QUEST.startNpcId}: ${nodes.join(' > ') || 'no answer'}`);
    if (nodes.length === 0) await sleepTicks(ctx, 10);
    return true;
  }
  const missing = FEATHER_QUEST.count - ctx.bot.world.count(FEATHER_QUEST.itemId);
  if (missing <= 0) {
    // Carrying them all: the journal moves on to the delivery stage on its own.
    await sleepTicks(ctx, 2);
    return true;
  }
  if ((ctx.bot.world.player?.coins ?? 0) >= missing * FEATHER_QUEST.price) await buyFeathers(ctx, missing);
  else await huntFeathers(ctx, skip);
  return true;
}

/** Buys `quantity` feathers from Wren's shop. */
async function buyFeathers(ctx: StepContext, quantity: number): Promise<void> {
  const { bot, signal } = ctx;
  const wren = await reachNpc(ctx, FEATHER_QUEST.shopNpcId);
  if (!wren) return void (await sleepTicks(ctx, 10));
  try {
    await abortable(bot.actions.openShop(wren.id), signal);
    await abortable(bot.actions.buy(FEATHER_QUEST.itemId, quantity), signal);
    ctx.log(`bought ${quantity} ${FEATHER_QUEST.itemId}s`);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`cannot buy ${FEATHER_QUEST.itemId}s: ${err.code}`);
    await sleepTicks(ctx, 10);
  } finally {
    await bot.actions.closeInterface().catch(logFailure(ctx.log, 'closing the window'));
  }
}

/**
 * Picks up a feather pile in view, else kills the nearest chicken (walking to their farm first).
 * Chickens out of reach, and the one just killed (still in view while it dies), are skipped a while.
 */
async function huntFeathers(ctx: StepContext, skip: Map<string, number>): Promise<void> {
  const { bot, signal } = ctx;
  const world = bot.world;
  const pile = [...world.groundItems.values()].find((g) => g.itemId === FEATHER_QUEST.itemId);
  if (world.freeSlots === 0 && !world.has(FEATHER_QUEST.itemId)) {
    // No room for the first feather pile: bank all but food first.
    if (!(await bankTrip(ctx, DEFAULT_FOOD))) await sleepTicks(ctx, 20);
    return;
  }
  if (pile) {
    try {
      await abortable(
        bot.client.request('player:action', { action: 'pickup', groundItemId: pile.id }),
        signal,
      );
      ctx.log(`picked up ${pile.quantity} ${pile.itemId}s`);
    } catch (err) {
      if (!(err instanceof GameError)) throw err;
      world.groundItems.delete(pile.id);
    }
    return;
  }
  if (await eatIfHurt(bot, ctx.log)) return;
  const chicken = world.nearestEntity(
    (e) => e.kind === 'npc' && e.npcId === FEATHER_QUEST.dropNpcId && (skip.get(e.id) ?? 0) <= world.tick,
  );
  if (!chicken) {
    // Walk to their farm; the ones in view may all be skipped: wait for one to come free.
    await reachNpc(ctx, FEATHER_QUEST.dropNpcId);
    await sleepTicks(ctx, 3);
    return;
  }
  try {
    const killed = await abortable(bot.actions.fight(chicken.id, { timeoutMs: 60_000 }), signal);
    ctx.log(`${killed ? 'killed' : 'lost'} a ${FEATHER_QUEST.dropNpcId} for its feathers`);
    skip.set(chicken.id, world.tick + 10);
    if (killed) await sleepTicks(ctx, 2);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`attack on ${chicken.name} refused: ${err.code}`);
    skip.set(chicken.id, world.tick + 40);
  }
}
