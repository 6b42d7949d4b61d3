import { describe, expect, it } from 'vitest';
import { QUESTS } from '../../src/sim/features/quests/state';
import { PRAYER } from '../../src/sim/features/prayer/state';
import { xpForLevel } from '../../src/sim/features/skills/xp-table';
import { acks, errors } from './bank-setup';
import { messages, player, toggle, updates, withPrayer, worldWith } from './prayer-setup';

describe('switching prayers on and off', () => {
  it('switches a prayer on and off, telling the client in the ack and in prayer:update', async () => {
    const tw = await worldWith(withPrayer('a', 10));
    tw.enqueue(toggle('a', 'surge_of_might', true, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([
      {
        prayerId: 'surge_of_might',
        active: true,
        points: 10,
        activePrayers: ['surge_of_might'],
        switchedOff: [],
      },
    ]);
    expect(updates(tw, 'a')).toEqual([{ points: 10, maxPoints: 10, active: ['surge_of_might'] }]);
    tw.clearEvents();
    tw.enqueue(toggle('a', 'surge_of_might', false, 2));
    tw.advance();
    expect(acks(tw, 'a')[0]).toMatchObject({ active: false, activePrayers: [] });
    expect(updates(tw, 'a')).toEqual([{ points: 10, maxPoints: 10, active: [] }]);
    // Asking again for the state it has changes nothing and sends no update.
    tw.clearEvents();
    tw.enqueue(toggle('a', 'surge_of_might', false, 3));
    tw.advance();
    expect(acks(tw, 'a')[0]).toMatchObject({ active: false });
    expect(updates(tw, 'a')).toEqual([]);
  });

  it('conflicting prayers switch each other off; others stay on', async () => {
    const tw = await worldWith(withPrayer('a', 10));
    for (const id of ['hardened_hide', 'surge_of_might', 'keen_focus']) tw.enqueue(toggle('a', id, true));
    tw.advance();
    expect([...PRAYER.of(player(tw, 'a')).active].sort()).toEqual([
      'hardened_hide',
      'keen_focus',
      'surge_of_might',
    ]);
    // Hunter's Glance shares the attack and strength groups; Stone Hide the defense group.
    tw.enqueue(toggle('a', 'hunters_glance', true, 1));
    tw.enqueue(toggle('a', 'stone_hide', true, 2));
    tw.advance();
    expect(acks(tw, 'a')).toMatchObject([
      { switchedOff: ['keen_focus', 'surge_of_might'] },
      { switchedOff: ['hardened_hide'], activePrayers: ['hunters_glance', 'stone_hide'] },
    ]);
  });

  it('refuses clearly: unknown prayer, level too low, a quest not done, no points, dying', async () => {
    const tw = await worldWith(
      withPrayer('a', 5),
      withPrayer('b', 70, { x: 6, prayerPoints: 0 }),
      withPrayer('c', 70, { x: 7 }),
    );
    tw.enqueue(toggle('a', 'smite_everything', true));
    tw.enqueue(toggle('a', 'keen_focus', true));
    tw.enqueue(toggle('b', 'hardened_hide', true));
    tw.enqueue(toggle('c', 'crusaders_zeal', true));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['unknown_prayer', 'level_too_low']);
    expect(tw.events('a', 'error')[1]?.data).toMatchObject({
      message: 'you need prayer level 7 to use Keen Focus',
    });
    expect(errors(tw, 'b')).toEqual(['no_prayer_points']);
    // Crusader's Zeal needs defence 70 first, then the quest.
    expect(tw.events('c', 'error')[0]?.data).toMatchObject({
      code: 'level_too_low',
      message: "you need defense level 70 to use Crusader's Zeal",
    });
    const c = player(tw, 'c');
    c.skills.defense = { level: 70, xp: xpForLevel(70) };
    tw.enqueue(toggle('c', 'crusaders_zeal', true));
    tw.advance();
    expect(errors(tw, 'c')).toEqual(['level_too_low', 'prayer_locked']);
    QUESTS.of(c).book.set('into_the_gloom', {
      questId: 'into_the_gloom',
      stage: 9,
      status: 'completed',
      data: {},
    });
    tw.enqueue(toggle('c', 'crusaders_zeal', true));
    tw.advance();
    expect(PRAYER.of(c).active.has('crusaders_zeal')).toBe(true);
    expect(updates(tw, 'a')).toEqual([]);
    expect(updates(tw, 'b')).toEqual([]);
  });
});

describe('drain', () => {
  it('drains one point per 60 ticks per drain effect of 1, and at 0 points switches everything off', async () => {
    const tw = await worldWith(withPrayer('a', 10, { prayerPoints: 2 }));
    tw.enqueue(toggle('a', 'surge_of_might', true));
    tw.advance(60);
    expect(PRAYER.of(player(tw, 'a')).points).toBe(2);
    tw.advance();
    expect(PRAYER.of(player(tw, 'a')).points).toBe(1);
    tw.advance(59);
    expect(PRAYER.of(player(tw, 'a')).points).toBe(1);
    tw.advance();
    expect(PRAYER.of(player(tw, 'a')).points).toBe(0);
    expect(PRAYER.of(player(tw, 'a')).active.size).toBe(0);
    expect(updates(tw, 'a')).toEqual([
      { points: 2, maxPoints: 10, active: ['surge_of_might'] },
      { points: 1, maxPoints: 10, active: ['surge_of_might'] },
      { points: 0, maxPoints: 10, active: [] },
    ]);
    expect(messages(tw, 'a')).toContain('You have run out of prayer points; you can recharge at an altar.');
    tw.enqueue(toggle('a', 'surge_of_might', true));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['no_prayer_points']);
  });

  it('sums the drain of every active prayer, and a prayer bonus slows it', async () => {
    const tw = await worldWith(
      withPrayer('a', 20),
      // A holy pendant has a prayer bonus of +8: resistance 2 x 8 + 60 = 76.
      withPrayer('b', 20, { x: 6, equipment: [{ slot: 'neck', itemId: 'holy_pendant', quantity: 1 }] }),
    );
    // Stone Hide (6) + Titan's Vigor (6): 12 a tick.
    for (const id of ['a', 'b']) {
      tw.enqueue(toggle(id, 'stone_hide', true));
      tw.enqueue(toggle(id, 'titans_vigor', true));
    }
    tw.advance(60);
    // 720 in 60 ticks: a point each time the counter passes the resistance, which it keeps.
    expect(PRAYER.of(player(tw, 'a')).points).toBe(20 - 11); // 720 = 11 x 60 + 60 (not beyond)
    expect(PRAYER.of(player(tw, 'b')).points).toBe(20 - 9); // 720 = 9 x 76 + 36
  });
});
