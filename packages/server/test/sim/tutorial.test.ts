import type { ClientPayload } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import type { PlayerRecord } from '../../src/sim/core/types';
import { OBJECTS } from '../../src/sim/features/objects/state';
import { QUESTS } from '../../src/sim/features/quests/state';
import { action, BOOTH, client } from './bank-setup';
import { all, choose, inProgress, last, me, nextTo, nodeIds, npcOf, saves } from './dialogue-setup';
import { TestWorld } from './test-world';

const QUEST = 'first_steps';
const STAGES = [
  'walk_to_tree',
  'chop_logs',
  'light_fire',
  'cook_shrimps',
  'use_bank',
  'buy_from_shop',
  'kill_chicken',
  'return_to_lina',
];

/** The adventurer's starter kit (templates.json), coins included. */
const NEWCOMER: Partial<PlayerRecord> = {
  coins: 25,
  inventory: [
    'bronze_axe',
    'tinderbox',
    'small_fishing_net',
    'bronze_pickaxe',
    'shrimps',
    'shrimps',
    'bread',
  ].map((itemId, slot) => ({ slot, itemId, quantity: 1 })),
};

const entry = (tw: TestWorld) => last(tw, 'quest:journal')?.quests.find((q) => q.questId === QUEST);
const send = (tw: TestWorld, event: Parameters<typeof client>[1], data: ClientPayload<typeof event>) =>
  tw.enqueue(client('a', event, data as never));
const act = (tw: TestWorld, data: ClientPayload<'player:action'>) => tw.enqueue(action('a', data));

/** Runs ticks until `done` holds (at most `limit`), and fails the test if it never does. */
function until(tw: TestWorld, what: string, done: () => boolean, limit = 400): void {
  for (let t = 0; t < limit && !done(); t++) tw.advance();
  expect(done(), what).toBe(true);
}
const atStage = (tw: TestWorld, stageId: string) => () => entry(tw)?.stageId === stageId;
const slotOf = (tw: TestWorld, ...itemIds: string[]) => {
  const row = me(tw)
    .inventory.toRows()
    .find((r) => itemIds.includes(r.itemId));
  if (!row) throw new Error(`a carries none of ${itemIds.join(', ')}`);
  return row.slot;
};
const objectAt = (tw: TestWorld, defId: string, near: { x: number; z: number }, radius = 2) => {
  const o = [...OBJECTS.of(tw.world).all()].find(
    (x) => x.defId === defId && Math.max(Math.abs(x.x - near.x), Math.abs(x.z - near.z)) <= radius,
  );
  if (!o) throw new Error(`no ${defId} near (${near.x}, ${near.z})`);
  return o;
};

/**
 * Plays the first four lessons through the player's requests: walk to the tree, chop it, light a
 * fire, cook on it. `note` is called after each stage completed.
 */
function toTheBank(tw: TestWorld, note: () => void = () => undefined): void {
  // Walk: a click on the ground near the tree at the north-east edge of the square.
  send(tw, 'player:move', { x: 20, z: -18 });
  until(tw, 'reached the tree', atStage(tw, 'chop_logs'));
  note();

  // Chop: gather the tree until the logs come.
  const tree = objectAt(tw, 'tree', { x: 22, z: -20 });
  act(tw, { action: 'gather', objectId: tree.id });
  until(tw, 'chopped logs', atStage(tw, 'light_fire'));
  note();
  expect(entry(tw)).toMatchObject({ kind: 'light_fire', progress: { current: 0, required: 1 } });

  // Fire: the tinderbox on the logs, tried again until it catches.
  until(
    tw,
    'lit a fire',
    () => {
      if (!me(tw).activity && me(tw).inventory.count('logs') > 0)
        send(tw, 'inventory:use', { slot: slotOf(tw, 'tinderbox'), targetSlot: slotOf(tw, 'logs') });
      return atStage(tw, 'cook_shrimps')();
    },
    600,
  );
  note();
  const fire = objectAt(tw, 'fire', me(tw), 1);

  // Cook: the raw shrimps on the fire (a burnt one counts).
  send(tw, 'inventory:use', { slot: slotOf(tw, 'raw_shrimps'), targetId: fire.id });
  until(tw, 'cooked', atStage(tw, 'use_bank'));
  note();
  expect(me(tw).inventory.count('raw_shrimps')).toBeLessThan(2);
}

/** Talks to Guide Lina and starts First Steps: a world with player `a` at its first stage. */
async function started(): Promise<TestWorld> {
  const tw = await nextTo('guide_lina', NEWCOMER);
  act(tw, { action: 'talk', npcId: npcOf(tw, 'guide_lina').id });
  until(tw, 'Lina greets', () => nodeIds(tw).includes('greeting'), 20);
  choose(tw, 0);
  expect(last(tw, 'dialogue:node')?.nodeId).toBe('tutorial_offer');
  choose(tw, 0);
  expect(last(tw, 'dialogue:node')?.nodeId).toBe('tutorial_started');
  expect(me(tw).inventory.count('raw_shrimps')).toBe(2);
  return tw;
}

describe('First Steps, the tutorial quest of Guide Lina', () => {
  it('is played whole through the real requests, stage by stage, and rewarded once', async () => {
    const tw = await started();
    const start = tw.world.tick;
    const seen: string[] = [];
    const stageNow = () => entry(tw)?.stageId ?? null;
    const note = () => {
      const s = stageNow();
      if (s && seen.at(-1) !== s) seen.push(s);
    };
    note();
    expect(entry(tw)).toMatchObject({ status: 'in_progress', kind: 'reach_tile', progress: null });

    toTheBank(tw, note);

    // Bank: walk to the booth, deposit something.
    act(tw, { action: 'openBank', targetId: BOOTH });
    until(tw, 'the bank opened', () => all(tw, 'bank:update').length > 0);
    send(tw, 'bank:deposit', { slot: slotOf(tw, 'bread'), quantity: 1 });
    until(tw, 'deposited', atStage(tw, 'buy_from_shop'), 5);
    note();
    expect(me(tw).bank.count('bread')).toBe(1);

    // Shop: Marla's general store, a tinderbox for a coin.
    act(tw, { action: 'openShop', npcId: npcOf(tw, 'shopkeeper_marla').id });
    until(tw, 'the shop opened', () => all(tw, 'shop:update').length > 0);
    const coins = me(tw).coins;
    send(tw, 'shop:buy', { itemId: 'tinderbox', quantity: 1 });
    until(tw, 'bought', atStage(tw, 'kill_chicken'), 5);
    note();
    expect(me(tw).coins).toBeLessThan(coins);

    // Combat: walk to the farm and fight a chicken until it dies.
    send(tw, 'player:move', { x: 15, z: 36 });
    until(tw, 'at the farm', () => me(tw).path.length === 0 && me(tw).z >= 30);
    const chickens = [...tw.world.npcs.values()].filter((n) => n.def.id === 'chicken' && n.state !== 'gone');
    const nearest = chickens.sort(
      (m, n) =>
        Math.abs(m.x - me(tw).x) +
        Math.abs(m.z - me(tw).z) -
        Math.abs(n.x - me(tw).x) -
        Math.abs(n.z - me(tw).z),
    )[0];
    if (!nearest) throw new Error('no chicken on the farm');
    act(tw, { action: 'attack', targetId: nearest.id });
    until(tw, 'killed a chicken', atStage(tw, 'return_to_lina'));
    note();

    // Back to Lina in the square (out of sight from the farm): she hands out the reward.
    send(tw, 'player:move', { x: 0, z: 5 });
    until(tw, 'back in the square', () => me(tw).path.length === 0 && me(tw).z <= 5);
    act(tw, { action: 'talk', npcId: npcOf(tw, 'guide_lina').id });
    until(tw, 'Lina asks', () => last(tw, 'dialogue:node')?.nodeId === 'tutorial_return', 200);
    const before = me(tw).coins;
    tw.world.drainEffects();
    choose(tw, 0);
    expect(last(tw, 'dialogue:node')?.nodeId).toBe('tutorial_reward');
    expect(seen).toEqual(STAGES);
    expect(entry(tw)).toMatchObject({ status: 'completed', stage: STAGES.length, stageId: null });
    expect(all(tw, 'quest:completed')).toEqual([
      expect.objectContaining({ questId: QUEST, name: 'First Steps', questPoints: 1, totalQuestPoints: 1 }),
    ]);
    expect(me(tw).coins).toBe(before + 100);
    expect(saves(tw.world.drainEffects()).at(-1)?.quests).toEqual([
      { questId: QUEST, stage: STAGES.length, status: 'completed', data: {} },
    ]);
    // A new player's first minutes: well under 1000 ticks (10 minutes at 600 ms) when played straight.
    expect(tw.world.tick - start).toBeLessThan(1000);

    // Talking again: the completed greeting, and no second start or reward.
    act(tw, { action: 'talk', npcId: npcOf(tw, 'guide_lina').id });
    until(tw, 'Lina greets again', () => last(tw, 'dialogue:node')?.nodeId === 'tutorial_done', 20);
    expect(all(tw, 'quest:completed')).toHaveLength(1);
  });

  it('keeps its progress across a logout and goes on from there in a new world', async () => {
    const tw = await started();
    toTheBank(tw);
    tw.world.drainEffects();
    tw.enqueue({ type: 'logout', playerId: 'a', reason: 'test' });
    tw.advance();
    const saved = saves(tw.world.drainEffects()).at(-1);
    expect(saved?.quests).toEqual([inProgress(QUEST, STAGES.indexOf('use_bank'))]);
    if (!saved) throw new Error('no save on logout');

    const again = await TestWorld.create();
    again.login({ ...saved, x: -10, z: -8 });
    again.advance();
    expect(entry(again)).toMatchObject({ status: 'in_progress', stageId: 'use_bank', kind: 'bank_deposit' });
    expect(QUESTS.of(me(again)).book.get(QUEST)).toEqual(inProgress(QUEST, STAGES.indexOf('use_bank')));
    act(again, { action: 'openBank', targetId: BOOTH });
    until(again, 'the bank opened', () => all(again, 'bank:update').length > 0);
    send(again, 'bank:deposit', { slot: slotOf(again, 'bread'), quantity: 1 });
    until(again, 'deposited', atStage(again, 'buy_from_shop'), 5);
  });

  it('counts only deeds that match the current stage, and only while it is current', async () => {
    const tw = await started();
    // Buying before the shop stage: nothing is counted ahead.
    act(tw, { action: 'openShop', npcId: npcOf(tw, 'shopkeeper_marla').id });
    until(tw, 'the shop opened', () => all(tw, 'shop:update').length > 0);
    send(tw, 'shop:buy', { itemId: 'tinderbox', quantity: 1 });
    tw.advance();
    expect(me(tw).inventory.count('tinderbox')).toBe(2);
    expect(QUESTS.of(me(tw)).book.get(QUEST)).toEqual(inProgress(QUEST, 0));
    expect(entry(tw)?.stageId).toBe('walk_to_tree');
  });

  it('counts a purchase only from the store the stage names', async () => {
    const shop = STAGES.indexOf('buy_from_shop');
    const tw = await nextTo('baker_pip', { ...NEWCOMER, quests: [inProgress(QUEST, shop)] });
    act(tw, { action: 'openShop', npcId: npcOf(tw, 'baker_pip').id });
    until(tw, "Pip's bakery opened", () => all(tw, 'shop:update').length > 0);
    send(tw, 'shop:buy', { itemId: 'apple', quantity: 1 });
    send(tw, 'quest:requestJournal', {});
    tw.advance(2);
    expect(me(tw).inventory.count('apple')).toBe(1);
    expect(entry(tw)).toMatchObject({ stageId: 'buy_from_shop', progress: { current: 0, required: 1 } });

    act(tw, { action: 'openShop', npcId: npcOf(tw, 'shopkeeper_marla').id });
    until(tw, "Marla's store opened", () =>
      all(tw, 'shop:update').some((u) => u.storeId === 'oakhaven_general_store'),
    );
    send(tw, 'shop:buy', { itemId: 'tinderbox', quantity: 1 });
    until(tw, 'bought at Marla', atStage(tw, 'kill_chicken'), 5);
  });

  it("Lina's greeting is a hint for the current step, and she replaces lost shrimps", async () => {
    const cook = STAGES.indexOf('cook_shrimps');
    const tw = await nextTo('guide_lina', { ...NEWCOMER, quests: [inProgress(QUEST, cook)] });
    act(tw, { action: 'talk', npcId: npcOf(tw, 'guide_lina').id });
    until(tw, 'Lina hints', () => nodeIds(tw).includes('tutorial_cook_shrimps'), 20);
    expect(last(tw, 'dialogue:node')?.options.map((o) => o.text)).toEqual([
      "I've lost the raw shrimps.",
      'What else can you tell me?',
      'Thanks.',
    ]);
    choose(tw, 0);
    expect(last(tw, 'dialogue:node')?.nodeId).toBe('tutorial_more_shrimps');
    expect(me(tw).inventory.count('raw_shrimps')).toBe(1);
    act(tw, { action: 'talk', npcId: npcOf(tw, 'guide_lina').id });
    until(
      tw,
      'Lina hints again',
      () => nodeIds(tw).filter((n) => n === 'tutorial_cook_shrimps').length === 2,
      20,
    );
    // Carrying one now: no second one.
    expect(last(tw, 'dialogue:node')?.options.map((o) => o.index)).toEqual([1, 2]);
  });
});
