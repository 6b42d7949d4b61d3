import { describe, expect, it } from 'vitest';
import { QUESTS } from '../../src/sim/features/quests/state';
import type { Npc } from '../../src/sim/core/npc';
import type { PlayerRecord } from '../../src/sim/core/types';
import { advanceQuest } from '../../src/sim/features/quests/progress';
import { PlayerTx } from '../../src/sim/features/quests/tx';
import { action, client } from './bank-setup';
import {
  all,
  choose,
  completed,
  errors,
  inProgress,
  last,
  me,
  nextTo,
  npcOf,
  saves,
  slots,
  talk,
} from './dialogue-setup';
import { record, TestWorld } from './test-world';
import { ALTAR, OUTSIDE } from './prayer-setup';
import { GROUND_ITEMS } from '../../src/sim/features/ground-items/state';

const levels = (skills: Partial<Record<keyof PlayerRecord['skills'], number>>): Partial<PlayerRecord> => {
  const base = record('x').skills;
  const out = { ...base };
  for (const [k, level] of Object.entries(skills)) out[k as keyof typeof out] = { level, xp: 0 };
  return { skills: out };
};
const HERO = levels({ attack: 99, strength: 99, defense: 99, constitution: 99 });
const entry = (tw: TestWorld, questId: string) =>
  last(tw, 'quest:journal')?.quests.find((q) => q.questId === questId);

/** Puts `a` on (x, z) at once (as an administrator's /tele does). */
function place(tw: TestWorld, x: number, z: number): void {
  const p = me(tw);
  p.path = [];
  p.x = x;
  p.z = z;
  tw.world.spatial.set(p.idx, x, z);
}

/** Stands next to `n` and attacks it until it died and its drops fell (the kill is credited then). */
function kill(tw: TestWorld, n: Npc): void {
  place(tw, n.x + 1, n.z);
  tw.enqueue(action('a', { action: 'attack', targetId: n.id }));
  for (let t = 0; t < 300 && n.state !== 'gone'; t++) tw.advance();
  expect(n.state).toBe('gone');
}

describe('starting a quest', () => {
  it('refuses a start whose requirements are not met, naming them; starts it once they are', async () => {
    const tw = await nextTo('woodsman_garrick');
    talk(tw, 'woodsman_garrick');
    choose(tw, 0);
    choose(tw, 0);
    expect(all(tw, 'error').at(-1)).toEqual({
      code: 'quest_requirements_not_met',
      message: 'to start Roots of the Old Oak you need woodcutting level 15 (you have 1)',
      rid: 2,
    });
    expect(QUESTS.of(me(tw)).book.size).toBe(0);

    const ok = await nextTo('woodsman_garrick', levels({ woodcutting: 15 }));
    talk(ok, 'woodsman_garrick');
    choose(ok, 0);
    ok.world.drainEffects();
    choose(ok, 0);
    expect(last(ok, 'dialogue:node')?.nodeId).toBe('accepted');
    expect(entry(ok, 'roots_of_the_old_oak')).toMatchObject({
      status: 'in_progress',
      stage: 0,
      stageId: 'drive_off_wolves',
      kind: 'kill',
      progress: { current: 0, required: 5 },
    });
    expect(saves(ok.world.drainEffects()).at(-1)?.quests).toEqual([inProgress('roots_of_the_old_oak', 0)]);
  });

  it('checks other quests and quest points too', async () => {
    const tw = await nextTo('scholar_ivo', levels({ attack: 20, defense: 20 }));
    talk(tw, 'scholar_ivo');
    choose(tw, 0);
    choose(tw, 0);
    expect(all(tw, 'error').at(-1)?.message).toBe(
      'to start Into the Gloom you need the quest The Goblin Menace completed',
    );
    const sable = await nextTo('warden_sable', { ...levels({ attack: 25 }), questPoints: 1 });
    talk(sable, 'warden_sable');
    choose(sable, 0);
    choose(sable, 0);
    expect(all(sable, 'error').at(-1)?.message).toBe(
      "to start The Bandit's Bounty you need 2 quest points (you have 1)",
    );
  });

  it('sends the journal on entering the world, with every quest', async () => {
    const tw = await TestWorld.create();
    tw.login({
      ...record('a'),
      questPoints: 1,
      quests: [completed('founders_feast', 3), inProgress('goblin_menace', 0, { count: 4 })],
    });
    tw.advance();
    const journal = last(tw, 'quest:journal');
    expect(journal?.questPoints).toBe(1);
    expect(journal?.quests.map((q) => q.questId)).toEqual([...tw.world.content.quests.keys()]);
    expect(entry(tw, 'founders_feast')).toMatchObject({ status: 'completed', stage: 3, stageId: null });
    expect(entry(tw, 'goblin_menace')).toMatchObject({
      stageId: 'cull_goblins',
      progress: { current: 4, required: 10 },
    });
    expect(entry(tw, 'sacred_bones')).toMatchObject({ status: 'not_started', stage: 0, progress: null });
    tw.enqueue(client('a', 'quest:requestJournal', {}, 4));
    tw.advance();
    expect(all(tw, 'quest:journal')).toHaveLength(2);
  });
});

describe('stages that complete on their own', () => {
  it('kill: counts kills credited while the stage is current; the quest item drops only at its stage', async () => {
    const tw = await nextTo('guard_captain_rhea', HERO);
    const goblin = npcOf(tw, 'goblin');
    kill(tw, goblin);
    expect(QUESTS.of(me(tw)).book.size).toBe(0); // a kill before the quest counts for nothing

    QUESTS.of(me(tw)).book.set('goblin_menace', inProgress('goblin_menace', 0, { count: 8 }));
    const other = [...tw.world.npcs.values()].find((n) => n.def.id === 'goblin' && n !== goblin && n.alive)!;
    kill(tw, other);
    expect(entry(tw, 'goblin_menace')?.progress).toEqual({ current: 9, required: 10 });

    // The brute drops its banner only for a killer at recover_banner (or return_banner).
    const brute = npcOf(tw, 'goblin_brute');
    kill(tw, brute);
    const banners = () =>
      [...GROUND_ITEMS.of(tw.world).all()].filter((g) => g.itemId === 'goblin_war_banner');
    expect(banners()).toEqual([]);
    const third = [...tw.world.npcs.values()].find((n) => n.def.id === 'goblin' && n.alive)!;
    tw.world.drainEffects();
    kill(tw, third);
    expect(QUESTS.of(me(tw)).book.get('goblin_menace')).toMatchObject({ stage: 1, data: {} });
    expect(entry(tw, 'goblin_menace')).toMatchObject({ stageId: 'recover_banner', kind: 'gather' });
    expect(saves(tw.world.drainEffects()).at(-1)?.quests).toEqual([inProgress('goblin_menace', 1)]);

    tw.advance(brute.def.combat?.respawnTicks ?? 60);
    expect(brute.alive).toBe(true);
    kill(tw, brute);
    const [banner] = banners();
    expect(banner?.owner).toBe('a');

    // gather: picking the banner up completes the stage at the end of the tick.
    tw.enqueue(action('a', { action: 'pickup', groundItemId: banner?.id ?? '' }));
    for (let t = 0; t < 30 && me(tw).inventory.count('goblin_war_banner') === 0; t++) tw.advance();
    tw.advance();
    expect(entry(tw, 'goblin_menace')).toMatchObject({ stageId: 'return_banner', kind: 'deliver' });
  });

  it('quest items cannot be dropped or traded', async () => {
    const tw = await nextTo('guide_lina', { inventory: slots(['goblin_war_banner', 1]) });
    tw.login(record('b', me(tw).x, me(tw).z));
    tw.advance();
    tw.enqueue(client('a', 'inventory:drop', { slot: 0 }, 1));
    tw.advance();
    expect(errors(tw)).toEqual(['not_droppable']);
    tw.enqueue(client('a', 'tradeRequest', { targetPlayerId: 'b' }, 2));
    tw.advance();
    const tradeId = (tw.events('b', 'tradeIncoming')[0]?.data as { tradeId: string }).tradeId;
    tw.enqueue(client('b', 'tradeRequestRespond', { tradeId, accept: true }, 3));
    tw.advance();
    tw.enqueue(client('a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 }, 4));
    tw.advance();
    expect(all(tw, 'tradeError').map((e) => e.code)).toEqual(['not_tradeable']);
    expect(me(tw).inventory.count('goblin_war_banner')).toBe(1);
  });

  it('reach_area: standing in the area; interact: praying at the altar', async () => {
    const tw = await nextTo('guide_lina', {
      ...levels({ fishing: 10 }),
      quests: [inProgress('lakes_lament', 0), inProgress('sacred_bones', 1)],
    });
    tw.advance();
    expect(QUESTS.of(me(tw)).book.get('lakes_lament')?.stage).toBe(0);
    const nerys = npcOf(tw, 'fishmonger_nerys');
    place(tw, nerys.x + 1, nerys.z);
    tw.advance();
    expect(entry(tw, 'lakes_lament')).toMatchObject({ stageId: 'carry_letter' });

    place(tw, OUTSIDE.x, OUTSIDE.z);
    tw.enqueue(action('a', { action: 'pray', objectId: ALTAR }, 7));
    for (let t = 0; t < 40 && tw.events('a', 'ack').length === 0; t++) tw.advance();
    tw.advance();
    expect(entry(tw, 'sacred_bones')).toMatchObject({ stageId: 'report_to_aldous' });
  });
});

describe('completing a quest', () => {
  const delivering = { quests: [inProgress('feathered_fugitives', 1)], coins: 10 };

  it('delivers, completes and rewards exactly once, all in one saved snapshot', async () => {
    const tw = await nextTo('farmer_edda', { ...delivering, inventory: slots(['feather', 20]) });
    talk(tw, 'farmer_edda');
    expect(last(tw, 'dialogue:node')?.nodeId).toBe('at_deliver_feathers');
    tw.world.drainEffects();
    choose(tw, 0);
    const p = me(tw);
    expect(p.inventory.count('feather')).toBe(0);
    expect(p.inventory.count('green_cape')).toBe(1);
    expect(p.coins).toBe(160);
    expect(QUESTS.of(p).points).toBe(1);
    expect(p.skills.ranged.xp).toBe(300);
    expect(p.skills.cooking.xp).toBe(200);
    expect(all(tw, 'quest:completed')).toEqual([
      {
        tick: tw.world.tick,
        questId: 'feathered_fugitives',
        name: 'Feathered Fugitives',
        questPoints: 1,
        totalQuestPoints: 1,
        xp: { ranged: 300, cooking: 200 },
        items: [
          { itemId: 'green_cape', quantity: 1, to: 'inventory' },
          { itemId: 'coins', quantity: 150, to: 'pouch' },
        ],
        unlocks: [],
      },
    ]);
    const effects = saves(tw.world.drainEffects());
    expect(effects).toHaveLength(1);
    expect(effects[0]).toMatchObject({
      questPoints: 1,
      coins: 160,
      quests: [completed('feathered_fugitives', 2)],
      inventory: [{ slot: 0, itemId: 'green_cape', quantity: 1 }],
    });
    expect(tw.world.ledger.entries()).toEqual([
      { itemId: 'feather', reason: 'dialogue_take', delta: -20 },
      { itemId: 'green_cape', reason: 'quest_reward', delta: 1 },
      { itemId: 'coins', reason: 'quest_reward', delta: 150 },
    ]);
    expect(last(tw, 'dialogue:node')?.nodeId).toBe('deliver_feathers_done');

    // Talking again: the quest is done; no option can give the reward again.
    talk(tw, 'farmer_edda');
    expect(last(tw, 'dialogue:node')).toMatchObject({ nodeId: 'done', options: [] });
    tw.advance(5);
    expect(all(tw, 'quest:completed')).toHaveLength(1);
    expect(me(tw).inventory.count('green_cape')).toBe(1);
  });

  it('puts rewards that do not fit in the inventory in the bank', async () => {
    const filler = Array.from({ length: 27 }, (): [string, number] => ['bronze_axe', 1]);
    const tw = await nextTo('farmer_edda', { ...delivering, inventory: slots(['feather', 25], ...filler) });
    talk(tw, 'farmer_edda');
    choose(tw, 0);
    expect(last(tw, 'quest:completed')?.items).toEqual([
      { itemId: 'green_cape', quantity: 1, to: 'bank' },
      { itemId: 'coins', quantity: 150, to: 'pouch' },
    ]);
    expect(me(tw).bank.count('green_cape')).toBe(1);
    expect(me(tw).inventory.count('feather')).toBe(5);
  });

  it('refuses to advance a stage that is not the current one, changing nothing', async () => {
    const tw = await nextTo('farmer_edda', delivering);
    const tx = new PlayerTx(tw.world, me(tw));
    expect(advanceQuest(tw.world, tx, 'feathered_fugitives', 'collect_feathers')).toMatchObject({
      ok: false,
      code: 'quest_not_at_stage',
    });
    expect(advanceQuest(tw.world, tx, 'sacred_bones', 'collect_bones')).toMatchObject({
      ok: false,
      code: 'quest_not_at_stage',
    });
    expect(QUESTS.of(me(tw)).book.get('feathered_fugitives')?.stage).toBe(1);
  });
});
