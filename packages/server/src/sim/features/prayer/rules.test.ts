import { describe, expect, it } from 'vitest';
import type { PrayerDef } from '../../../content/schemas/prayers';
import { newSkills } from '../../../../test/records';
import {
  activationRefusal,
  conflicts,
  drainEffect,
  drainResistance,
  drainTick,
  switchedOffBy,
  type PrayerRequirementsInput,
} from './rules';

function prayer(id: string, fields: Partial<PrayerDef> = {}): PrayerDef {
  return {
    id,
    name: id,
    description: id,
    level: 1,
    drainEffect: 1,
    bonuses: {},
    conflictGroups: [],
    ...fields,
  };
}

const defs = new Map(
  [
    prayer('thick', { conflictGroups: ['defense'], drainEffect: 1 }),
    prayer('burst', { conflictGroups: ['strength'], drainEffect: 1 }),
    prayer('clarity', { conflictGroups: ['attack'], drainEffect: 1 }),
    prayer('sharp_eye', { conflictGroups: ['attack', 'strength'], drainEffect: 1 }),
    prayer('rapid', { conflictGroups: [], drainEffect: 1 }),
    prayer('piety', { conflictGroups: ['attack', 'strength', 'defense'], drainEffect: 24 }),
    prayer('protect', { conflictGroups: ['overhead'], drainEffect: 12 }),
  ].map((p) => [p.id, p]),
);
const def = (id: string): PrayerDef => {
  const d = defs.get(id);
  if (!d) throw new Error(id);
  return d;
};

describe('drain', () => {
  it('resistance is 2 x prayer bonus + 60, never below 1', () => {
    expect(drainResistance(0)).toBe(60);
    expect(drainResistance(12)).toBe(84);
    expect(drainResistance(-100)).toBe(1);
  });

  it('sums the drain effect of the active prayers, unknown ids adding nothing', () => {
    expect(drainEffect(['thick', 'piety', 'gone'], defs)).toBe(25);
    expect(drainEffect([], defs)).toBe(0);
  });

  it('a drain effect of 1 costs one point every 60 ticks (36 s) with no prayer bonus', () => {
    let state = { points: 10, counter: 0 };
    const lostAt: number[] = [];
    for (let tick = 1; tick <= 181; tick++) {
      const r = drainTick(state.points, state.counter, 1, drainResistance(0));
      if (r.drained > 0) lostAt.push(tick);
      state = r;
    }
    // The counter must exceed the resistance: 61 > 60 at tick 61, then every 60 ticks.
    expect(lostAt).toEqual([61, 121, 181]);
    expect(state.points).toBe(7);
  });

  it('a prayer bonus stretches the drain: +15 bonus (resistance 90) costs a point every 90 ticks', () => {
    let state = { points: 10, counter: 0 };
    let lost = 0;
    for (let tick = 1; tick <= 900; tick++) {
      const r = drainTick(state.points, state.counter, 1, drainResistance(15));
      lost += r.drained;
      state = r;
    }
    expect(lost).toBe(9); // 900 / 90 = 10 passes, the last one is not exceeded yet
  });

  it('a drain bigger than the resistance costs several points in one tick', () => {
    expect(drainTick(10, 51, 130, 60)).toEqual({ points: 7, counter: 1, drained: 3 });
    // Exactly the resistance left is not beyond it yet.
    expect(drainTick(10, 50, 130, 60)).toEqual({ points: 8, counter: 60, drained: 2 });
    expect(drainTick(10, 0, 130, 60)).toEqual({ points: 8, counter: 10, drained: 2 });
  });

  it('stops at 0 points and starts the counter afresh', () => {
    expect(drainTick(1, 59, 24, 60)).toEqual({ points: 0, counter: 0, drained: 1 });
    expect(drainTick(0, 10, 24, 60)).toEqual({ points: 0, counter: 10, drained: 0 });
  });

  it('nothing active: the counter keeps its progress', () => {
    expect(drainTick(5, 42, 0, 60)).toEqual({ points: 5, counter: 42, drained: 0 });
  });
});

describe('conflicts', () => {
  it('two prayers conflict when they share a group', () => {
    expect(conflicts(def('thick'), def('piety'))).toBe(true);
    expect(conflicts(def('burst'), def('sharp_eye'))).toBe(true);
    expect(conflicts(def('thick'), def('burst'))).toBe(false);
    expect(conflicts(def('rapid'), def('rapid'))).toBe(false);
  });

  it('switching one on lists the active prayers it switches off, sorted', () => {
    expect(switchedOffBy(def('piety'), ['rapid', 'clarity', 'thick', 'protect', 'burst'], defs)).toEqual([
      'burst',
      'clarity',
      'thick',
    ]);
    expect(switchedOffBy(def('sharp_eye'), ['burst', 'clarity', 'thick'], defs)).toEqual([
      'burst',
      'clarity',
    ]);
    expect(switchedOffBy(def('thick'), ['thick', 'rapid'], defs)).toEqual([]);
  });
});

describe('activationRefusal', () => {
  const input = (fields: Partial<PrayerRequirementsInput> = {}): PrayerRequirementsInput => ({
    levels: newSkills(),
    completedQuest: () => false,
    points: 1,
    ...fields,
  });
  const withLevels = (levels: Record<string, number>) => {
    const skills = newSkills();
    for (const [k, v] of Object.entries(levels)) {
      const s = skills[k as keyof typeof skills];
      s.level = v;
    }
    return skills;
  };

  it('allows a prayer within the level, with points', () => {
    expect(activationRefusal(def('thick'), input())).toBeUndefined();
  });

  it('refuses below the prayer level, naming it', () => {
    expect(activationRefusal(prayer('x', { level: 4 }), input())).toEqual({
      reason: 'level_too_low',
      skill: 'prayer',
      level: 4,
    });
  });

  it('refuses below another skill level the prayer asks for', () => {
    const p = prayer('x', { level: 60, requirements: { skills: { defense: 60 } } });
    expect(activationRefusal(p, input({ levels: withLevels({ prayer: 60, defense: 59 }) }))).toEqual({
      reason: 'level_too_low',
      skill: 'defense',
      level: 60,
    });
    expect(activationRefusal(p, input({ levels: withLevels({ prayer: 60, defense: 60 }) }))).toBeUndefined();
  });

  it('refuses without the quest it asks for', () => {
    const p = prayer('x', { requirements: { questId: 'into_the_gloom' } });
    expect(activationRefusal(p, input())).toEqual({ reason: 'prayer_locked', questId: 'into_the_gloom' });
    expect(activationRefusal(p, input({ completedQuest: (q) => q === 'into_the_gloom' }))).toBeUndefined();
  });

  it('refuses without points, after the level checks', () => {
    expect(activationRefusal(def('thick'), input({ points: 0 }))).toEqual({ reason: 'no_prayer_points' });
    expect(activationRefusal(prayer('x', { level: 9 }), input({ points: 0 }))).toMatchObject({
      reason: 'level_too_low',
    });
  });
});
