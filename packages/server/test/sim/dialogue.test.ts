import { describe, expect, it } from 'vitest';
import { QUESTS } from '../../src/sim/features/quests/state';
import { conditionHolds } from '../../src/sim/features/dialogue/conditions';
import { planEffects } from '../../src/sim/features/dialogue/effects';
import { PlayerTx } from '../../src/sim/features/quests/tx';
import { action, client } from './bank-setup';
import {
  acks,
  all,
  besideNpc,
  choose,
  closes,
  completed,
  cont,
  errors,
  fullOf,
  inProgress,
  last,
  me,
  nextTo,
  nodeIds,
  npcOf,
  saves,
  slots,
  talk,
} from './dialogue-setup';
import { record, TestWorld } from './test-world';
import { INTERFACE } from '../../src/sim/features/bank/interface';
import { DYING } from '../../src/sim/features/death/state';

describe('opening a conversation', () => {
  it('walks next to the NPC, then opens its start node with the options whose conditions hold', async () => {
    const tw = await TestWorld.create();
    const edda = npcOf(tw, 'farmer_edda');
    tw.login(record('a', edda.x + 4, edda.z));
    tw.advance();
    tw.clearEvents();
    talk(tw, 'farmer_edda', 8);
    expect(last(tw, 'dialogue:node')).toMatchObject({
      npcId: edda.id,
      npcName: 'Farmer Edda',
      nodeId: 'greeting',
      options: [
        { index: 0, text: 'Can I help with anything?' },
        { index: 1, text: 'Goodbye.' },
      ],
      awaiting: 'choice',
    });
    expect(acks(tw)).toEqual([{ npcId: edda.id, nodeId: 'greeting' }]);
    expect(INTERFACE.of(me(tw)).open).toMatchObject({ kind: 'dialogue', npcId: edda.id, nodeId: 'greeting' });
  });

  it('opens at the first entry whose conditions hold (a quest in progress)', async () => {
    const tw = await nextTo('cook_bertram', { quests: [inProgress('founders_feast', 1)] });
    talk(tw, 'cook_bertram');
    expect(nodeIds(tw)).toEqual(['at_catch_and_cook']);
    expect(last(tw, 'dialogue:node')).toMatchObject({ options: [], awaiting: 'end' });
  });

  it('refuses an unknown NPC, one without dialogue, and a dying player', async () => {
    const tw = await nextTo('chicken');
    tw.enqueue(action('a', { action: 'talk', npcId: 'nobody' }, 1));
    tw.enqueue(action('a', { action: 'talk', npcId: npcOf(tw, 'chicken').id }, 2));
    tw.advance();
    expect(errors(tw)).toEqual(['target_gone', 'no_dialogue']);
    expect(all(tw, 'error')[1]?.message).toBe('Chicken has nothing to say');
    expect(INTERFACE.of(me(tw)).open).toBeUndefined();

    const dying = await nextTo('guide_lina');
    DYING.of(me(dying)).until = dying.world.tick + 10;
    talk(dying, 'guide_lina');
    expect(errors(dying)).toEqual(['dead']);
  });
});

describe('answering', () => {
  it('continues through nodes without options and back to a node with them', async () => {
    const tw = await nextTo('guide_lina');
    talk(tw, 'guide_lina');
    choose(tw, 1); // 0 is her tutorial, First Steps
    expect(last(tw, 'dialogue:node')).toMatchObject({ nodeId: 'money', options: [], awaiting: 'continue' });
    cont(tw);
    expect(nodeIds(tw)).toEqual(['greeting', 'money', 'greeting']);
    expect(acks(tw).slice(1)).toMatchObject([{ nodeId: 'money' }, { nodeId: 'greeting' }]);
  });

  it('ends with dialogue:closed `ended` on a response leading nowhere, and after the last node', async () => {
    const tw = await nextTo('guide_lina');
    talk(tw, 'guide_lina');
    choose(tw, 4);
    expect(closes(tw)).toEqual(['ended']);
    expect(acks(tw).at(-1)).toMatchObject({ nodeId: null });
    expect(INTERFACE.of(me(tw)).open).toBeUndefined();

    const done = await nextTo('cook_bertram', { quests: [completed('founders_feast', 3)] });
    talk(done, 'cook_bertram');
    expect(last(done, 'dialogue:node')).toMatchObject({ nodeId: 'done', awaiting: 'end' });
    cont(done);
    expect(closes(done)).toEqual(['ended']);
  });

  it('gives clear errors: no conversation open, an option not offered, the wrong kind of answer', async () => {
    const tw = await nextTo('cook_bertram', { quests: [inProgress('founders_feast', 0)] });
    choose(tw, 0);
    cont(tw);
    expect(errors(tw)).toEqual(['dialogue_not_open', 'dialogue_not_open']);
    tw.clearEvents();
    talk(tw, 'cook_bertram');
    // No raw beef: only "Not yet." (index 1) is offered; "Here you are." (0) and 7 are not options.
    expect(last(tw, 'dialogue:node')?.options).toEqual([{ index: 1, text: 'Not yet.' }]);
    choose(tw, 0);
    choose(tw, 7);
    cont(tw);
    expect(errors(tw)).toEqual(['invalid_option', 'invalid_option', 'invalid_option']);
    expect(all(tw, 'error').map((e) => e.message)).toEqual([
      'option 0 is not offered here',
      'option 7 is not offered here',
      'Bertram waits for your answer: choose one of the options',
    ]);
    choose(tw, 1);
    expect(last(tw, 'dialogue:node')).toMatchObject({ nodeId: 'bring_beef_wait', awaiting: 'end' });
    choose(tw, 0);
    expect(all(tw, 'error').at(-1)).toMatchObject({
      code: 'invalid_option',
      message: 'Bertram waits for you to continue: there is nothing to choose',
    });
  });
});

describe('the interface-open state', () => {
  it('closes when the player walks away, and on closeInterface', async () => {
    const tw = await nextTo('guide_lina');
    talk(tw, 'guide_lina');
    const { x, z } = me(tw);
    tw.enqueue(client('a', 'player:move', { x: x + 5, z }));
    tw.advance();
    expect(closes(tw)).toEqual(['moved']);
    choose(tw, 0);
    expect(errors(tw)).toEqual(['dialogue_not_open']);

    talk(tw, 'guide_lina', 10);
    tw.enqueue(action('a', { action: 'closeInterface' }, 9));
    tw.advance();
    expect(closes(tw)).toEqual(['moved', 'closed']);
  });

  it('blocks trading while a conversation is open', async () => {
    const tw = await TestWorld.create();
    const at = besideNpc(tw, 'guide_lina');
    tw.login(record('a', at.x, at.z));
    tw.login(record('b', at.x, at.z));
    tw.advance();
    talk(tw, 'guide_lina');
    tw.enqueue(client('a', 'tradeRequest', { targetPlayerId: 'b' }, 5));
    tw.enqueue(client('b', 'tradeRequest', { targetPlayerId: 'a' }, 6));
    tw.advance();
    expect(all(tw, 'tradeError').map((e) => e.code)).toEqual(['interface_open']);
    expect(tw.events('b', 'tradeError').map((e) => (e.data as { code: string }).code)).toEqual([
      'partner_busy',
    ]);
  });
});

describe('effects', () => {
  it('open_bank: the bank takes the conversation’s place', async () => {
    const tw = await nextTo('banker_oswin');
    talk(tw, 'banker_oswin');
    choose(tw, 0);
    expect(closes(tw)).toEqual(['replaced']);
    expect(INTERFACE.of(me(tw)).open?.kind).toBe('bank');
    expect(all(tw, 'bank:update')).toHaveLength(1);
  });

  it('open_shop: opens the shop, and a store behind a quest only once it is completed', async () => {
    const tw = await nextTo('shopkeeper_marla');
    talk(tw, 'shopkeeper_marla');
    choose(tw, 0);
    expect(INTERFACE.of(me(tw)).open).toMatchObject({ kind: 'shop', storeId: 'oakhaven_general_store' });
    expect(last(tw, 'shop:update')?.storeId).toBe('oakhaven_general_store');

    const locked = await nextTo('dwarf_thorgrim');
    locked.enqueue(action('a', { action: 'openShop', npcId: npcOf(locked, 'dwarf_thorgrim').id }, 4));
    locked.advance();
    // Thorgrim keeps two stores: the mining supplies open to all, the forge stock after the quest.
    expect(last(locked, 'shop:update')?.storeId).toBe('thorgrims_mining_supplies');

    const done = await nextTo('dwarf_thorgrim', { quests: [completed('dwarven_forge', 3)] });
    talk(done, 'dwarf_thorgrim');
    expect(last(done, 'dialogue:node')?.nodeId).toBe('done');
    choose(done, 1);
    expect(last(done, 'shop:update')?.storeId).toBe('thorgrims_forge_stock');
  });

  it('give_item and take_item are all-or-nothing: a full inventory refuses the answer and changes nothing', async () => {
    const fishing = { fishing: { level: 10, xp: 1154 } };
    const tw = await nextTo('fisherman_finn', { inventory: fullOf('bronze_axe') });
    me(tw).skills = { ...me(tw).skills, ...fishing };
    talk(tw, 'fisherman_finn');
    choose(tw, 1);
    tw.world.drainEffects();
    choose(tw, 0); // "I will carry your letter.": start_quest + give_item finns_letter
    expect(all(tw, 'error').at(-1)).toMatchObject({
      code: 'inventory_full',
      message: "you need room in your inventory for 1 x finn's letter",
    });
    expect(QUESTS.of(me(tw)).book.size).toBe(0);
    expect(INTERFACE.of(me(tw)).open).toMatchObject({ kind: 'dialogue', nodeId: 'offer' });
    expect(saves(tw.world.drainEffects())).toEqual([]);

    // With room, the quest starts and the letter arrives together, saved at once.
    me(tw).inventory.removeFromSlot(0, 1);
    choose(tw, 0);
    expect(me(tw).inventory.count('finns_letter')).toBe(1);
    expect(QUESTS.of(me(tw)).book.get('lakes_lament')).toMatchObject({ stage: 0, status: 'in_progress' });
    const [saved] = saves(tw.world.drainEffects());
    expect(saved?.quests).toEqual([inProgress('lakes_lament', 0)]);
    expect(saved?.inventory.some((s) => s.itemId === 'finns_letter')).toBe(true);
    expect(tw.world.ledger.entries()).toEqual([
      { itemId: 'finns_letter', reason: 'dialogue_give', delta: 1 },
    ]);
  });

  it('give_xp and teleport (no NPC of the default world uses them) apply at the commit', async () => {
    const tw = await nextTo('guide_lina');
    const tx = new PlayerTx(tw.world, me(tw));
    const planned = planEffects(tw.world, tx, [
      { type: 'give_xp', skill: 'attack', amount: 100 },
      { type: 'teleport', x: 0, z: 0 },
    ]);
    expect(planned.ok).toBe(true);
    expect(me(tw).skills.attack.xp).toBe(0);
    tx.commit();
    expect(me(tw).skills.attack.xp).toBe(100);
    expect([me(tw).x, me(tw).z, tx.teleported]).toEqual([0, 0, true]);
    expect(saves(tw.world.drainEffects())).toHaveLength(1);
    const blocked = planEffects(tw.world, new PlayerTx(tw.world, me(tw)), [
      { type: 'teleport', x: 6, z: -8 },
    ]);
    expect(blocked).toMatchObject({ ok: false, code: 'no_path' });
  });

  it('heal restores life points when its node is shown', async () => {
    const tw = await nextTo('brother_aldous', { health: 40 });
    talk(tw, 'brother_aldous');
    choose(tw, 0);
    expect(last(tw, 'dialogue:node')?.nodeId).toBe('heal');
    expect(me(tw).health).toBe(me(tw).maxHealth);
  });
});

describe('conditions', () => {
  it('tests skill levels, items carried or lacking, quest status and stage, and quest points', async () => {
    const tw = await nextTo('guide_lina', {
      inventory: slots(['raw_beef', 1], ['raw_beef', 1]),
      coins: 30,
      questPoints: 2,
      quests: [inProgress('founders_feast', 0), completed('goblin_menace', 3)],
    });
    const p = me(tw);
    const holds = (c: Parameters<typeof conditionHolds>[2]) => conditionHolds(tw.world, p, c);
    expect(holds({ type: 'skill_level', skill: 'constitution', min: 10 })).toBe(true);
    expect(holds({ type: 'skill_level', skill: 'attack', min: 2 })).toBe(false);
    expect(holds({ type: 'has_item', itemId: 'raw_beef', quantity: 2 })).toBe(true);
    expect(holds({ type: 'has_item', itemId: 'raw_beef', quantity: 3 })).toBe(false);
    expect(holds({ type: 'lacks_item', itemId: 'raw_beef', quantity: 3 })).toBe(true);
    expect(holds({ type: 'has_item', itemId: 'coins', quantity: 30 })).toBe(true);
    expect(holds({ type: 'quest_status', questId: 'founders_feast', status: 'in_progress' })).toBe(true);
    expect(holds({ type: 'quest_status', questId: 'goblin_menace', status: 'completed' })).toBe(true);
    expect(holds({ type: 'quest_status', questId: 'sacred_bones', status: 'not_started' })).toBe(true);
    expect(holds({ type: 'quest_stage', questId: 'founders_feast', stage: 'bring_beef' })).toBe(true);
    expect(holds({ type: 'quest_stage', questId: 'founders_feast', stage: 'catch_and_cook' })).toBe(false);
    expect(holds({ type: 'quest_points', min: 2 })).toBe(true);
    expect(holds({ type: 'quest_points', min: 3 })).toBe(false);
  });
});
