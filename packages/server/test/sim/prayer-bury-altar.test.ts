import { describe, expect, it } from 'vitest';
import { PRAYER } from '../../src/sim/features/prayer/state';
import { xpForLevel } from '../../src/sim/features/skills/xp-table';
import { onAltarPrayer } from '../../src/sim/features/prayer/altar';
import { acks, action, BOOTH, client, errors, FRONT, slots } from './bank-setup';
import { ALTAR, messages, player, updates, withPrayer, worldWith } from './prayer-setup';
import { INTERFACE } from '../../src/sim/features/bank/interface';

const use = (id: string, slot: number, rid?: number) => client(id, 'inventory:use', { slot }, rid);
const pray = (id: string, objectId: string, rid?: number) => action(id, { action: 'pray', objectId }, rid);

describe('burying bones', () => {
  it('buries one bone for 4.5 prayer xp, with tenths kept, one burial every 2 ticks', async () => {
    const almost4 = xpForLevel(4) - 4; // level 3, 4 xp short of level 4
    const tw = await worldWith(
      withPrayer('a', 3, {
        inventory: slots(['bones', 1], ['bones', 1], ['bones', 1], ['shrimps', 1]),
        skills: { ...withPrayer('a', 3).skills, prayer: { level: 3, xp: almost4 } },
      }),
    );
    tw.enqueue(use('a', 0, 1));
    tw.enqueue(use('a', 1, 2));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ itemId: 'bones', xp: 4.5, prayerXp: almost4 + 4, prayerLevel: 4 }]);
    expect(errors(tw, 'a')).toEqual(['bury_delay']);
    expect(tw.world.ledger.lastTick().byReason.get('bury')?.get('bones')).toBe(-1);
    expect(messages(tw, 'a')).toContain('You bury the bones.');
    expect(tw.events('a', 'skill:xp').map((e) => e.data)).toMatchObject([{ skill: 'prayer', amount: 4.5 }]);
    expect(tw.events('a', 'skill:levelUp').map((e) => e.data)).toMatchObject([{ skill: 'prayer', level: 4 }]);
    // A level gained adds a point (as in OSRS), and the cap rises with it.
    expect(updates(tw, 'a')).toEqual([{ points: 4, maxPoints: 4, active: [] }]);
    const a = player(tw, 'a');
    expect(a.inventory.slot(0)).toBeUndefined();

    tw.clearEvents();
    tw.enqueue(use('a', 1, 3));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['bury_delay']);
    tw.clearEvents();
    tw.enqueue(use('a', 1, 4));
    tw.advance();
    // 4.5 + 4.5: the half points add up exactly.
    expect(acks(tw, 'a')).toEqual([{ itemId: 'bones', xp: 4.5, prayerXp: almost4 + 9, prayerLevel: 4 }]);
    expect(a.skills.prayer.xp).toBe(almost4 + 9);

    // Food in the next slot is still eaten.
    tw.clearEvents();
    tw.enqueue(use('a', 3, 5));
    tw.advance();
    expect(acks(tw, 'a')).toMatchObject([{ itemId: 'shrimps' }]);
    expect(tw.events('a', 'skill:xp')).toEqual([]);
  });
});

describe('praying at an altar', () => {
  it('walks to the altar and restores the points to the prayer level; listeners hear of it', async () => {
    const tw = await worldWith(withPrayer('a', 10, { prayerPoints: 3 }));
    const heard: string[] = [];
    onAltarPrayer(tw.world, (_w, p, altar) => heard.push(`${p.id}@${altar.objectId}:${altar.stationId}`));
    tw.enqueue(pray('a', ALTAR, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([]); // the walk is on: the ack comes on arrival
    for (let i = 0; i < 40 && acks(tw, 'a').length === 0; i++) tw.advance();
    expect(acks(tw, 'a')).toEqual([{ objectId: ALTAR, points: 10, restored: 7 }]);
    const a = player(tw, 'a');
    expect(Math.max(Math.abs(a.x - 10), Math.abs(a.z - 12))).toBe(1);
    expect(updates(tw, 'a').at(-1)).toEqual({ points: 10, maxPoints: 10, active: [] });
    expect(messages(tw, 'a')).toContain('You recharge your prayer points.');
    expect(heard).toEqual([`a@${ALTAR}:altar`]);

    // Next to it: at once; nothing to restore.
    tw.clearEvents();
    tw.enqueue(pray('a', ALTAR, 2));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ objectId: ALTAR, points: 10, restored: 0 }]);
    expect(messages(tw, 'a')).toContain('You already have full prayer points.');
    expect(updates(tw, 'a')).toEqual([]);
  });

  it('refuses what is not an altar, what is not there or out of sight', async () => {
    const tw = await worldWith(withPrayer('a', 10, { x: FRONT.x, z: FRONT.z, prayerPoints: 3 }));
    tw.enqueue(pray('a', BOOTH));
    tw.enqueue(pray('a', 'nowhere:s9'));
    tw.enqueue(pray('a', 'the_wilds:s1')); // the altar in the wilds, far away
    tw.advance();
    expect(tw.events('a', 'error').map((e) => e.data)).toMatchObject([
      { code: 'not_an_altar', message: 'you cannot pray at the bank booth: it is not an altar' },
      { code: 'object_gone' },
      { code: 'object_gone' },
    ]);
    expect(PRAYER.of(player(tw, 'a')).points).toBe(3);
    expect(player(tw, 'a').path).toEqual([]);
  });

  it('a walk to the altar closes an open bank (moved); a newer move supersedes the walk', async () => {
    const tw = await worldWith(withPrayer('a', 10, { prayerPoints: 3 }));
    const a = player(tw, 'a');
    // As if a bank had been opened here (the chapel has none next to it).
    INTERFACE.of(a).open = { kind: 'bank', x: a.x, z: a.z };
    tw.clearEvents();
    tw.enqueue(pray('a', ALTAR, 3));
    tw.advance();
    expect(tw.events('a', 'interface:closed').map((e) => e.data)).toMatchObject([{ reason: 'moved' }]);
    tw.enqueue(client('a', 'player:move', { x: 0, z: 0 }));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ superseded: true }]);
    expect(PRAYER.of(a).points).toBe(3);
  });
});
