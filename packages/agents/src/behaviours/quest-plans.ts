import type { QuestJournalEntry } from '@tilerealm/protocol';

/** What a quest stage asks the agent to carry (a gather stage) or hand over (a deliver stage). */
export interface ItemNeed {
  itemId: string;
  count: number;
  /** The NPC to hand the items to (deliver stages). */
  npcId?: string;
}

/** A quest the runtime has a plan for: who starts it and the items each stage needs (quests.json). */
export interface QuestPlan {
  questId: string;
  startNpcId: string;
  /** Stage id -> the items it needs; stages not listed are done by talking to the start NPC. */
  stages: Readonly<Record<string, ItemNeed>>;
}

/** Farmer Edda's twenty feathers. */
export const FEATHERED_FUGITIVES: QuestPlan = {
  questId: 'feathered_fugitives',
  startNpcId: 'farmer_edda',
  stages: {
    collect_feathers: { itemId: 'feather', count: 20 },
    deliver_feathers: { itemId: 'feather', count: 20, npcId: 'farmer_edda' },
  },
};

/** Bertram's feast: three raw beef, then five shrimps caught and cooked, then handed over. */
export const FOUNDERS_FEAST: QuestPlan = {
  questId: 'founders_feast',
  startNpcId: 'cook_bertram',
  stages: {
    bring_beef: { itemId: 'raw_beef', count: 3, npcId: 'cook_bertram' },
    catch_and_cook: { itemId: 'shrimps', count: 5 },
    serve_shrimps: { itemId: 'shrimps', count: 5, npcId: 'cook_bertram' },
  },
};

/** Quests the runtime has a plan for, in the order it takes them when no quest is named. */
export const QUEST_PLANS: readonly QuestPlan[] = [FEATHERED_FUGITIVES, FOUNDERS_FEAST];

/**
 * How the runtime gets an item a quest needs: buy it (a shop NPC and the price each), take it from
 * what an NPC drops, or cook it from a raw item it catches with a gathering method.
 */
export interface ItemSource {
  buy?: { shopNpcId: string; price: number };
  drop?: string;
  cook?: { rawItemId: string; recipeId: string };
}

export const ITEM_SOURCES: Readonly<Record<string, ItemSource>> = {
  feather: { buy: { shopNpcId: 'fletcher_wren', price: 2 }, drop: 'chicken' },
  raw_beef: { drop: 'cow' },
  shrimps: { cook: { rawItemId: 'raw_shrimps', recipeId: 'cook_shrimps' } },
};

/**
 * Raw food to carry per cooked portion still missing before cooking a batch: a level-1 cook burns
 * nearly half of what goes on a range or fire (cooking.json: 140 of 256 at level 1).
 */
export const RAW_PER_COOKED = 2;

/** What the agent does next for a quest. */
export type QuestAction =
  | { kind: 'talk'; npcId: string }
  | { kind: 'wait' }
  | { kind: 'buy'; itemId: string; quantity: number; shopNpcId: string }
  | { kind: 'hunt'; itemId: string; npcId: string }
  | { kind: 'cook'; rawItemId: string; recipeId: string }
  | { kind: 'catch'; rawItemId: string }
  | { kind: 'stuck'; reason: string };

/** What the agent carries, as the quest decision reads it. */
export interface Carried {
  count(itemId: string): number;
  coins: number;
  freeSlots: number;
}

/**
 * The next action for `quest` (its journal entry) under `plan`, a pure function: not started ->
 * talk to the start NPC; a deliver stage with the items carried -> talk to the NPC who takes them;
 * a gather stage with the items carried -> wait (the journal moves on at the end of the tick);
 * else get the missing items: buy them when the coins suffice, cook them once enough raw food is
 * carried (or the inventory is full), catch the raw food, or hunt the NPC that drops them.
 */
export function questAction(quest: QuestJournalEntry, plan: QuestPlan, carried: Carried): QuestAction {
  if (quest.status === 'not_started') return { kind: 'talk', npcId: plan.startNpcId };
  if (quest.status === 'completed') return { kind: 'wait' };
  const need = quest.stageId ? plan.stages[quest.stageId] : undefined;
  if (!need) return { kind: 'talk', npcId: plan.startNpcId };
  const have = carried.count(need.itemId);
  if (have >= need.count) return need.npcId ? { kind: 'talk', npcId: need.npcId } : { kind: 'wait' };
  const missing = need.count - have;
  const source = ITEM_SOURCES[need.itemId];
  if (!source) return { kind: 'stuck', reason: `no way known to get ${need.itemId}` };
  if (source.buy && carried.coins >= missing * source.buy.price)
    return { kind: 'buy', itemId: need.itemId, quantity: missing, shopNpcId: source.buy.shopNpcId };
  if (source.cook) {
    const raw = carried.count(source.cook.rawItemId);
    if (raw > 0 && (raw >= missing * RAW_PER_COOKED || carried.freeSlots === 0))
      return { kind: 'cook', ...source.cook };
    return { kind: 'catch', rawItemId: source.cook.rawItemId };
  }
  if (source.drop) return { kind: 'hunt', itemId: need.itemId, npcId: source.drop };
  return { kind: 'stuck', reason: `cannot afford ${missing} ${need.itemId}` };
}
