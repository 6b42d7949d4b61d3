import { describe, expect, it } from 'vitest';
import { totalXp, XpTracker } from '../src/dashboard/xp-rate';

describe('XP per hour on the dashboard', () => {
  it('measures the total XP gained per hour once a minute has passed', () => {
    const t = new XpTracker();
    t.observe('a', 100, 0);
    t.observe('a', 150, 30_000);
    expect(t.perHour('a')).toBeUndefined();
    expect(t.text('a')).toContain('measuring');
    t.observe('a', 600, 600_000);
    expect(t.perHour('a')).toBe(3000);
    expect(t.text('a')).toBe('3,000 XP per hour (over 10 min)');
  });

  it('starts again when the total drops, and sums skill xp', () => {
    const t = new XpTracker();
    t.observe('a', 500, 0);
    t.observe('a', 10, 120_000);
    t.observe('a', 70, 240_000);
    expect(t.perHour('a')).toBe(1800);
    expect(totalXp({ attack: { xp: 5 }, woodcutting: { xp: 20 }, magic: {} })).toBe(25);
  });
});
