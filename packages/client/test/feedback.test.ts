import { describe, expect, it } from 'vitest';
import {
  addXpDrop,
  alive,
  chatStyleOf,
  dismissKey,
  formatXp,
  HEALTH_BAR_MS,
  healthFraction,
  levelUpText,
  liveXpDrops,
  LOOT_LABEL_RANGE,
  lootLabel,
  lootLabels,
  OVERHEAD_CHAT_MAX,
  overheadChatText,
  overheadPrayerIcon,
  questRewardLines,
  XP_DROP_MS,
  XP_MERGE_MS,
  type XpDrop,
} from '../src/ui/feedback/logic';

describe('XP drops', () => {
  it('merges gains of one skill within a tick and keeps other skills apart', () => {
    let drops: XpDrop[] = [];
    drops = addXpDrop(drops, { skill: 'attack', amount: 16 }, 1000, 1);
    drops = addXpDrop(drops, { skill: 'constitution', amount: 5.3 }, 1000, 2);
    drops = addXpDrop(drops, { skill: 'attack', amount: 4 }, 1000 + XP_MERGE_MS, 3);
    expect(drops.map((d) => [d.skill, d.amount, d.id])).toEqual([
      ['attack', 20, 1],
      ['constitution', 5.3, 2],
    ]);
    // A later gain starts a new drop.
    drops = addXpDrop(drops, { skill: 'attack', amount: 25 }, 1001 + XP_MERGE_MS, 4);
    expect(drops).toHaveLength(3);
    expect(drops[2]).toEqual({ id: 4, skill: 'attack', amount: 25, born: 1001 + XP_MERGE_MS });
  });

  it('ignores gains of zero and does not change its input', () => {
    const drops: XpDrop[] = [{ id: 1, skill: 'mining', amount: 5, born: 0 }];
    expect(addXpDrop(drops, { skill: 'mining', amount: 0 }, 10, 2)).toEqual(drops);
    addXpDrop(drops, { skill: 'mining', amount: 3 }, 10, 2);
    expect(drops[0]?.amount).toBe(5);
  });

  it('rises and fades over its lifetime, then is gone', () => {
    const drops: XpDrop[] = [{ id: 1, skill: 'woodcutting', amount: 25, born: 100 }];
    expect(liveXpDrops(drops, 100)[0]).toMatchObject({ rise: 0, opacity: 1 });
    const late = liveXpDrops(drops, 100 + XP_DROP_MS * 0.9)[0];
    expect(late?.rise).toBeCloseTo(0.9);
    expect(late?.opacity).toBeGreaterThan(0);
    expect(late?.opacity).toBeLessThan(1);
    expect(liveXpDrops(drops, 100 + XP_DROP_MS)).toEqual([]);
    // A frame stamped just before the drop was born still shows it, unrisen.
    expect(liveXpDrops(drops, 90)[0]).toMatchObject({ rise: 0, opacity: 1 });
  });

  it('formats amounts with one decimal at most', () => {
    expect(formatXp(25)).toBe('+25');
    expect(formatXp(12.5)).toBe('+12.5');
    expect(formatXp(13.33)).toBe('+13.3');
    expect(formatXp(1500)).toBe('+1,500');
  });
});

describe('level-up and quest-complete windows', () => {
  it('words the level-up as OSRS does', () => {
    expect(levelUpText('woodcutting', 15)).toEqual({
      title: 'Congratulations, you just advanced a Woodcutting level.',
      body: 'Your Woodcutting level is now 15.',
    });
    expect(levelUpText('attack', 2).title).toBe('Congratulations, you just advanced an Attack level.');
  });

  it('lists quest points, XP, items and unlocks as rewards', () => {
    const names: Record<string, string> = { green_cape: 'Green cape', coins: 'Coins' };
    const lines = questRewardLines(
      {
        name: 'Feathered Fugitives',
        questPoints: 1,
        totalQuestPoints: 3,
        xp: { ranged: 300, cooking: 0 },
        items: [
          { itemId: 'green_cape', quantity: 1, to: 'bank' },
          { itemId: 'coins', quantity: 1500, to: 'pouch' },
        ],
        unlocks: [{ description: 'Access to the fletching shop' }],
      },
      (id) => names[id] ?? id,
    );
    expect(lines).toEqual({
      title: 'You have completed Feathered Fugitives!',
      rewards: [
        '1 Quest Point',
        '300 Ranged XP',
        'Green cape (sent to your bank)',
        '1,500 x Coins',
        'Access to the fletching shop',
      ],
      total: 'Quest Points: 3',
    });
    expect(
      questRewardLines(
        { name: 'Q', questPoints: 2, totalQuestPoints: 2, xp: {}, items: [], unlocks: [] },
        String,
      ).rewards,
    ).toEqual(['2 Quest Points']);
  });

  it('is dismissed by Escape, space and Enter only', () => {
    expect(['Escape', ' ', 'Enter'].every(dismissKey)).toBe(true);
    expect(['a', 'Tab', 'ArrowUp'].some(dismissKey)).toBe(false);
  });
});

describe('overheads', () => {
  it('shows a health bar for a while after a hit, with the health fraction', () => {
    expect(alive(1000, 1000 + HEALTH_BAR_MS - 1, HEALTH_BAR_MS)).toBe(true);
    expect(alive(1000, 1000 + HEALTH_BAR_MS, HEALTH_BAR_MS)).toBe(false);
    expect(alive(undefined, 5, HEALTH_BAR_MS)).toBe(false);
    // A frame stamped just before the hit still shows the bar.
    expect(alive(1000, 990, HEALTH_BAR_MS)).toBe(true);
    expect(healthFraction(30, 50)).toBeCloseTo(0.6);
    expect(healthFraction(-5, 50)).toBe(0);
    expect(healthFraction(80, 50)).toBe(1);
    expect(healthFraction(5, 0)).toBe(0);
  });

  it('puts chat on one line and cuts long lines', () => {
    expect(overheadChatText('  hello \n there ')).toBe('hello there');
    const long = overheadChatText('x'.repeat(200));
    expect(long).toHaveLength(OVERHEAD_CHAT_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('draws an icon only for overhead prayers', () => {
    expect(
      overheadPrayerIcon({ id: 'aegis_of_blades', name: 'Aegis of Blades', conflictGroups: ['overhead'] }),
    ).toEqual({
      symbol: '⚔',
      kind: 'melee',
      title: 'Aegis of Blades',
    });
    expect(overheadPrayerIcon({ id: 'new_one', name: 'Warding', conflictGroups: ['overhead'] })?.symbol).toBe(
      'W',
    );
    expect(
      overheadPrayerIcon({ id: 'keen_focus', name: 'Keen Focus', conflictGroups: ['attack'] }),
    ).toBeUndefined();
    expect(overheadPrayerIcon(undefined)).toBeUndefined();
  });
});

describe('loot labels', () => {
  const name = (id: string): string => ({ bones: 'Bones', coins: 'Coins' })[id] ?? id;

  it('names each pile, one label per tile, nearest first, newest pile on top', () => {
    const labels = lootLabels(
      [
        { id: 'g1', itemId: 'bones', quantity: 1, x: 5, z: 5 },
        { id: 'g2', itemId: 'coins', quantity: 25, x: 5, z: 5 },
        { id: 'g3', itemId: 'bones', quantity: 2, x: 1, z: 0 },
        { id: 'g4', itemId: 'bones', quantity: 1, x: LOOT_LABEL_RANGE + 1, z: 0 },
      ],
      { x: 0, z: 0 },
      name,
    );
    expect(labels).toEqual([
      { key: '1,0', x: 1, z: 0, lines: ['Bones (2)'] },
      { key: '5,5', x: 5, z: 5, lines: ['Coins (25)', 'Bones'] },
    ]);
    expect(lootLabels([{ id: 'g', itemId: 'bones', quantity: 1, x: 0, z: 0 }], undefined, name)).toEqual([]);
    expect(lootLabel('Coins', 1234)).toBe('Coins (1,234)');
  });
});

describe('chat styles', () => {
  it('shows the server lines without a speaker as game messages', () => {
    expect(chatStyleOf({ channel: 'system', from: null })).toBe('game');
    expect(chatStyleOf({ channel: 'game', from: null })).toBe('game');
    expect(chatStyleOf({ channel: 'public', from: { id: 'a', name: 'A' } })).toBe('public');
    expect(chatStyleOf({ channel: 'broadcast', from: null })).toBe('broadcast');
    expect(chatStyleOf({ channel: 'system', from: { id: 'a', name: 'Admin' } })).toBe('system');
  });
});
