import type { QuestJournalEntry } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { COOK_BATCH, cookingAction } from '../src/behaviours/processing';
import { FOUNDERS_FEAST, questAction } from '../src/behaviours/quest-plans';
import { QuestTracker } from '../src/behaviours/questing';
import { FEATHER_MONEY, moneyAction } from '../src/behaviours/trading';

const feast = (
  status: QuestJournalEntry['status'],
  stageId: string | null,
  kind: QuestJournalEntry['kind'],
) =>
  ({
    questId: 'founders_feast',
    name: "The Founders' Feast",
    difficulty: 'novice',
    status,
    stage: 0,
    stageCount: 3,
    stageId,
    kind,
    description: '',
    progress: null,
    startNpcId: 'cook_bertram',
  }) as QuestJournalEntry;

const carrying = (items: Record<string, number>, freeSlots = 10, coins = 25) => ({
  count: (id: string) => items[id] ?? 0,
  coins,
  freeSlots,
});

describe("The Founders' Feast plan", () => {
  it('starts with Bertram, hunts cows for beef and hands it over', () => {
    expect(questAction(feast('not_started', null, null), FOUNDERS_FEAST, carrying({}))).toEqual({
      kind: 'talk',
      npcId: 'cook_bertram',
    });
    const beef = feast('in_progress', 'bring_beef', 'deliver');
    expect(questAction(beef, FOUNDERS_FEAST, carrying({ raw_beef: 2 }))).toEqual({
      kind: 'hunt',
      itemId: 'raw_beef',
      npcId: 'cow',
    });
    expect(questAction(beef, FOUNDERS_FEAST, carrying({ raw_beef: 3 }))).toEqual({
      kind: 'talk',
      npcId: 'cook_bertram',
    });
  });
  it('catches shrimps until twice the missing portions are raw, then cooks, then waits and serves', () => {
    const cook = feast('in_progress', 'catch_and_cook', 'gather');
    expect(questAction(cook, FOUNDERS_FEAST, carrying({ shrimps: 2, raw_shrimps: 5 })).kind).toBe('catch');
    expect(questAction(cook, FOUNDERS_FEAST, carrying({ shrimps: 2, raw_shrimps: 6 })).kind).toBe('cook');
    expect(questAction(cook, FOUNDERS_FEAST, carrying({ raw_shrimps: 1 }, 0)).kind).toBe('cook');
    expect(questAction(cook, FOUNDERS_FEAST, carrying({ shrimps: 5 })).kind).toBe('wait');
    const serve = feast('in_progress', 'serve_shrimps', 'deliver');
    expect(questAction(serve, FOUNDERS_FEAST, carrying({ shrimps: 5 }))).toEqual({
      kind: 'talk',
      npcId: 'cook_bertram',
    });
  });
  it('works on the quest the goal names, not the first supported one', () => {
    const quests = new QuestTracker();
    quests.known = true;
    quests.entries = [
      { ...feast('not_started', null, null), questId: 'feathered_fugitives' },
      feast('not_started', null, null),
    ];
    expect(quests.pending()?.questId).toBe('feathered_fugitives');
    expect(quests.pending('founders_feast')?.questId).toBe('founders_feast');
    expect(quests.doneWith('founders_feast')).toBe(false);
  });
});

describe('cooking and money making', () => {
  it('catches until a batch is carried, cooks it, banks a full inventory of cooked food', () => {
    expect(cookingAction(0, 20)).toBe('catch');
    expect(cookingAction(COOK_BATCH - 1, 5)).toBe('catch');
    expect(cookingAction(COOK_BATCH, 5)).toBe('cook');
    expect(cookingAction(3, 0)).toBe('cook');
    expect(cookingAction(0, 0)).toBe('bank');
  });
  it('hunts chickens for feathers and sells them in batches to Wren', () => {
    expect(moneyAction(FEATHER_MONEY, 0, 10)).toBe('hunt');
    expect(moneyAction(FEATHER_MONEY, FEATHER_MONEY.sellAt - 1, 10)).toBe('hunt');
    expect(moneyAction(FEATHER_MONEY, FEATHER_MONEY.sellAt, 10)).toBe('sell');
    expect(moneyAction(FEATHER_MONEY, 3, 0)).toBe('sell');
  });
});
