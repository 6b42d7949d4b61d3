import type { EntityChange, EntitySnapshot, ServerPayload } from '@tilerealm/protocol';
import { serverEvents } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import type { Command, PlayerRecord } from '../../src/sim/core/types';
import { xpForLevel } from '../../src/sim/features/skills/xp-table';
import { client } from './bank-setup';
import { record, TestWorld } from './test-world';

const TREE = 'oakhaven:r0'; // a tree at (-20, 20)

type Update = ServerPayload<'world:update'>;

/** A character next to the tree with a bronze axe, a bronze sword and shield, and 43 prayer. */
function actor(id: string, fields: Partial<PlayerRecord> = {}): PlayerRecord {
  const base = record(id, -19, 20);
  return {
    ...base,
    inventory: [
      { slot: 0, itemId: 'bronze_axe', quantity: 1 },
      { slot: 1, itemId: 'bronze_sword', quantity: 1 },
    ],
    equipment: [{ slot: 'shield', itemId: 'bronze_sq_shield', quantity: 1 }],
    prayerPoints: 43,
    skills: { ...base.skills, prayer: { level: 43, xp: xpForLevel(43) } },
    ...fields,
  };
}

const act = (id: string, data: unknown): Command => ({
  type: 'client',
  playerId: id,
  rid: undefined,
  message: { event: 'player:action', data } as never,
});
const move = (id: string, x: number, z: number): Command => ({
  type: 'client',
  playerId: id,
  rid: undefined,
  message: { event: 'player:move', data: { x, z } },
});

/** The watcher "w" a few tiles away from the actor "b", both logged in, the login's events cleared. */
async function scene(b: PlayerRecord = actor('b')) {
  const tw = await TestWorld.create(7);
  tw.login(record('w', -16, 22));
  tw.login(b);
  tw.advance();
  const first = tw.events('w', 'world:update').map((e) => e.data as Update);
  const entered = first.flatMap((u) => u.entered ?? []).find((e) => e.id === 'b');
  tw.clearEvents();
  return { tw, entered };
}

/** The world:update events "w" got since the last clear, each checked against the protocol schema. */
function updates(tw: TestWorld): Update[] {
  return tw.events('w', 'world:update').map((e) => serverEvents['world:update'].schema.parse(e.data));
}
const changes = (tw: TestWorld): EntityChange[] => updates(tw).flatMap((u) => u.changed ?? []);

describe('how other players look (world:update)', () => {
  it('sends what a player wears on enter, and the whole worn set when it changes', async () => {
    const { tw, entered } = await scene();
    expect(entered).toMatchObject({ kind: 'player', worn: { shield: 'bronze_sq_shield' } });
    expect(entered?.activity).toBeUndefined();
    expect(entered?.headIcon).toBeUndefined();
    const idx = entered!.idx;

    tw.enqueue(client('b', 'equipment:equip', { inventorySlot: 1 }));
    tw.advance();
    expect(changes(tw)).toEqual([{ idx, worn: { weapon: 'bronze_sword', shield: 'bronze_sq_shield' } }]);
    tw.clearEvents();

    tw.enqueue(client('b', 'equipment:unequip', { slot: 'weapon' }));
    tw.enqueue(client('b', 'equipment:unequip', { slot: 'shield' }));
    tw.advance();
    expect(changes(tw)).toEqual([{ idx, worn: {} }]);
  });

  it('sends nothing about a player when nothing about it changed', async () => {
    const { tw, entered } = await scene();
    tw.advance(5);
    // NPCs wandering nearby still move; the idle player is never mentioned.
    const mentions = updates(tw).filter(
      (u) =>
        u.changed?.length ||
        u.entered?.some((e) => e.idx === entered?.idx) ||
        u.moved?.some((m) => m[0] === entered?.idx),
    );
    expect(mentions).toEqual([]);
  });

  it('sends the activity when a player starts chopping and clears it when it walks away', async () => {
    const { tw, entered } = await scene();
    const idx = entered!.idx;
    tw.enqueue(act('b', { action: 'gather', objectId: TREE }));
    tw.advance();
    expect(changes(tw)).toEqual([{ idx, activity: 'woodcutting' }]);
    tw.clearEvents();
    tw.advance(3);
    expect(changes(tw)).toEqual([]); // still chopping: nothing new
    tw.enqueue(move('b', -17, 20));
    tw.advance();
    expect(changes(tw)).toEqual([{ idx, activity: null }]);
  });

  it('enters view with the activity in progress', async () => {
    const tw = await TestWorld.create(7);
    tw.login(actor('b'));
    tw.advance();
    tw.enqueue(act('b', { action: 'gather', objectId: TREE }));
    tw.advance();
    tw.login(record('w', -16, 22));
    tw.advance();
    const entered = updates(tw)
      .flatMap((u) => u.entered ?? [])
      .find((e) => e.id === 'b');
    expect(entered?.activity).toBe('woodcutting');
  });

  it('sends the overhead prayer icon on and off, and nothing for prayers without one', async () => {
    const { tw, entered } = await scene();
    const idx = entered!.idx;
    tw.enqueue(client('b', 'prayer:toggle', { prayerId: 'hardened_hide', active: true }));
    tw.advance();
    expect(changes(tw)).toEqual([]);
    tw.enqueue(client('b', 'prayer:toggle', { prayerId: 'aegis_of_blades', active: true }));
    tw.advance();
    expect(changes(tw)).toEqual([{ idx, headIcon: 'aegis_of_blades' }]);
    tw.clearEvents();
    tw.enqueue(client('b', 'prayer:toggle', { prayerId: 'aegis_of_blades', active: false }));
    tw.advance();
    expect(changes(tw)).toEqual([{ idx, headIcon: null }]);
  });

  it('shows a player attacking an NPC, and the NPC fighting back, as attacking', async () => {
    const tw = await TestWorld.create(7);
    const goblin = [...tw.world.npcs.values()].find((n) => n.def.id === 'goblin');
    if (!goblin) throw new Error('no goblin');
    tw.login(record('w', goblin.x + 3, goblin.z + 2));
    tw.login(record('b', goblin.x + 1, goblin.z));
    tw.advance();
    const idxOf = (id: string) =>
      updates(tw)
        .flatMap((u) => u.entered ?? [])
        .find((e) => e.id === id)?.idx;
    const bIdx = idxOf('b');
    tw.clearEvents();
    tw.enqueue(act('b', { action: 'attack', targetId: goblin.id }));
    let seen: EntityChange[] = [];
    for (let i = 0; i < 20 && !seen.some((c) => c.idx === goblin.idx && c.activity === 'attacking'); i++) {
      tw.advance();
      seen = changes(tw);
    }
    expect(seen).toContainEqual({ idx: bIdx, activity: 'attacking' });
    expect(seen).toContainEqual({ idx: goblin.idx, activity: 'attacking' });
  });

  it('costs a few dozen bytes per change and nothing per idle tick', async () => {
    const { tw, entered } = await scene(
      actor('b', {
        equipment: [
          { slot: 'head', itemId: 'bronze_full_helm', quantity: 1 },
          { slot: 'cape', itemId: 'blue_cape', quantity: 1 },
          { slot: 'shield', itemId: 'bronze_sq_shield', quantity: 1 },
          { slot: 'weapon', itemId: 'bronze_sword', quantity: 1 },
        ],
      }),
    );
    const { worn, activity, headIcon, ...bare } = entered as EntitySnapshot;
    expect(activity ?? headIcon).toBeUndefined();
    const snapshotCost = JSON.stringify(entered).length - JSON.stringify(bare).length;
    // Four worn items add about 100 bytes to the snapshot, once on enter.
    expect(JSON.stringify(worn).length).toBe(snapshotCost - ',"worn":'.length);
    expect(snapshotCost).toBeLessThan(120);
    tw.enqueue(act('b', { action: 'gather', objectId: TREE }));
    tw.advance();
    const change = changes(tw);
    expect(JSON.stringify(change).length).toBeLessThan(40); // [{"idx":1,"activity":"woodcutting"}]
    tw.clearEvents();
    tw.advance(10);
    expect(changes(tw)).toEqual([]);
  });
});
