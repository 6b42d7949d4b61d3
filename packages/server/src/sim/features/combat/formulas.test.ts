import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng';
import { ZERO_BONUSES, type Bonuses } from '../../../content/schemas/items';
import {
  effectiveLevel,
  hitChance,
  maxHitFromEffective,
  npcAttackRoll,
  npcDefenceRoll,
  npcMaxHit,
  npcMaxHitFromLevels,
  playerAttackRoll,
  playerDefenceRoll,
  playerMaxHit,
  prayerBoosts,
  rollHit,
  toLifePoints,
  type NpcCombatant,
  type PlayerCombatant,
} from './formulas';

const player = (over: Partial<PlayerCombatant> & { bonus?: Partial<Bonuses> } = {}): PlayerCombatant => ({
  levels: { attack: 99, strength: 99, defense: 99, ranged: 99 },
  bonuses: { ...ZERO_BONUSES, ...over.bonus },
  style: { damageType: 'slash', stance: 'aggressive' },
  ...over,
});

const npc = (over: Partial<NpcCombatant> = {}): NpcCombatant => ({
  levels: { attack: 3, strength: 3, defense: 2, constitution: 5, ranged: 1 },
  defense: { stab: -15, slash: -15, crush: -15, ranged: -15 },
  attackType: 'crush',
  maxHit: 10,
  ...over,
});

describe('effective levels and max hits (OSRS formulas)', () => {
  it('floors the prayer boost in integer maths', () => {
    // floor(100 * 1.15) is 114 in floating point; OSRS (and we) give 115.
    expect(effectiveLevel(100, 15)).toBe(123);
    expect(effectiveLevel(99, 23, 3)).toBe(132); // floor(121.77) + 3 + 8
    expect(effectiveLevel(1)).toBe(9);
  });

  it('99 strength, +0 bonus, aggressive, no prayer: 11 OSRS = 110 life points', () => {
    // floor(0.5 + (99 + 3 + 8) * (0 + 64) / 640) = floor(11.5) = 11
    const max = playerMaxHit(player());
    expect(max).toBe(11);
    expect(toLifePoints(max)).toBe(110);
  });

  it('99 strength, +82 bonus, aggressive: 25; with a 23% strength prayer: 30', () => {
    // floor(0.5 + 110 * 146 / 640) = floor(25.59) = 25
    expect(playerMaxHit(player({ bonus: { meleeStrength: 82 } }))).toBe(25);
    // effective floor(99 * 1.23) + 3 + 8 = 132; floor(0.5 + 132 * 146 / 640) = floor(30.61) = 30
    expect(playerMaxHit(player({ bonus: { meleeStrength: 82 }, prayers: { strength: 23 } }))).toBe(30);
  });

  it('a new character hits at most 1 OSRS = 10 life points', () => {
    const fresh = player({
      levels: { attack: 1, strength: 1, defense: 1, ranged: 1 },
      style: { damageType: 'crush', stance: 'accurate' },
    });
    // floor(0.5 + 9 * 64 / 640) = floor(1.4) = 1
    expect(playerMaxHit(fresh)).toBe(1);
  });

  it('ranged max hit uses ranged strength, +3 on accurate only', () => {
    const ranger = (stance: 'accurate' | 'rapid' | 'longrange') =>
      player({ bonus: { rangedStrength: 56 }, style: { damageType: 'ranged', stance } });
    // accurate: floor(0.5 + (99+3+8) * 120 / 640) = floor(21.125) = 21; rapid: floor(0.5 + 107 * 120 / 640) = 20
    expect(playerMaxHit(ranger('accurate'))).toBe(21);
    expect(playerMaxHit(ranger('rapid'))).toBe(20);
    expect(playerMaxHit(ranger('longrange'))).toBe(20);
    // melee strength bonus does not count for ranged
    expect(
      playerMaxHit(
        player({ bonus: { meleeStrength: 100 }, style: { damageType: 'ranged', stance: 'rapid' } }),
      ),
    ).toBe(11);
    expect(
      playerMaxHit(
        player({
          bonus: { rangedStrength: 56 },
          prayers: { rangedStrength: 23 },
          style: { damageType: 'ranged', stance: 'rapid' },
        }),
      ),
    ).toBe(
      // floor(99 * 1.23) + 8 = 129; floor(0.5 + 129 * 120 / 640) = floor(24.69) = 24
      24,
    );
  });

  it('never goes below 0 with large negative bonuses', () => {
    expect(maxHitFromEffective(50, -100)).toBe(0);
  });
});

describe('attack and defence rolls', () => {
  it('player attack roll = effective attack x (bonus for the damage type + 64)', () => {
    // accurate 99 attack, no bonus: (99 + 3 + 8) * 64
    expect(playerAttackRoll(player({ style: { damageType: 'stab', stance: 'accurate' } }))).toBe(7040);
    // controlled whip-like: (99 + 1 + 8) * (82 + 64)
    expect(
      playerAttackRoll(
        player({
          bonus: { attackSlash: 82, attackStab: 0 },
          style: { damageType: 'slash', stance: 'controlled' },
        }),
      ),
    ).toBe(15768);
    // only the bonus of the style's damage type counts
    expect(
      playerAttackRoll(
        player({ bonus: { attackStab: 50 }, style: { damageType: 'crush', stance: 'aggressive' } }),
      ),
    ).toBe(107 * 64);
    // attack prayer 15%: floor(99 * 1.15) + 0 + 8 = 121
    expect(playerAttackRoll(player({ prayers: { attack: 15 } }))).toBe(121 * 64);
    // ranged uses the ranged level and attackRanged: (99 + 3 + 8) * (69 + 64)
    expect(
      playerAttackRoll(
        player({
          bonus: { attackRanged: 69 },
          prayers: { ranged: 20 },
          style: { damageType: 'ranged', stance: 'accurate' },
        }),
      ),
    ).toBe((118 + 3 + 8) * 133);
  });

  it('player defence roll uses the defender stance, prayer and the incoming type', () => {
    const p = player({
      bonus: { defenseStab: 100, defenseRanged: 20 },
      style: { damageType: 'stab', stance: 'defensive' },
    });
    expect(playerDefenceRoll(p, 'stab')).toBe(110 * 164);
    expect(playerDefenceRoll(p, 'ranged')).toBe(110 * 84);
    expect(playerDefenceRoll(player({ prayers: { defense: 25 } }), 'crush')).toBe((123 + 8) * 64);
    expect(playerDefenceRoll(player({ style: { damageType: 'ranged', stance: 'longrange' } }), 'slash')).toBe(
      110 * 64,
    );
  });

  it('NPC rolls use level + 9', () => {
    expect(npcAttackRoll(npc())).toBe(12 * 64); // goblin: (3 + 9) * 64
    expect(npcDefenceRoll(npc(), 'stab')).toBe(11 * 49); // (2 + 9) * (-15 + 64)
    const warden = npc({
      levels: { attack: 70, strength: 72, defense: 65, constitution: 120, ranged: 1 },
      attackBonus: 40,
      strengthBonus: 40,
      defense: { stab: 60, slash: 70, crush: 40, ranged: 80 },
      attackType: 'slash',
      maxHit: 140,
    });
    expect(npcAttackRoll(warden)).toBe(79 * 104);
    expect(npcDefenceRoll(warden, 'ranged')).toBe(74 * 144);
    expect(npcMaxHitFromLevels(warden)).toBe(13); // floor(0.5 + 81 * 104 / 640) = floor(13.66)
    expect(npcMaxHit(warden)).toBe(140);
    const archer = npc({
      levels: { attack: 10, strength: 10, defense: 25, constitution: 35, ranged: 40 },
      attackType: 'ranged',
    });
    expect(npcAttackRoll(archer)).toBe(49 * 64);
    expect(npcMaxHitFromLevels(archer)).toBe(5); // floor(0.5 + 49 * 64 / 640) = floor(5.4)
    expect(npcDefenceRoll(npc({ defense: { stab: -100, slash: 0, crush: 0, ranged: 0 } }), 'stab')).toBe(0);
  });
});

describe('prayerBoosts', () => {
  it('sums active prayers and lets a ranged prayer boost ranged strength too', () => {
    expect(prayerBoosts([])).toEqual({});
    expect(
      prayerBoosts([
        { bonuses: { attack: 15 } },
        { bonuses: { strength: 15 } },
        { bonuses: { defense: 15 } },
      ]),
    ).toEqual({
      attack: 15,
      strength: 15,
      defense: 15,
    });
    expect(prayerBoosts([{ bonuses: { ranged: 15 } }])).toEqual({ ranged: 15, rangedStrength: 15 });
    expect(prayerBoosts([{ bonuses: { ranged: 20, rangedStrength: 23, defense: 25 } }])).toEqual({
      ranged: 20,
      rangedStrength: 23,
      defense: 25,
    });
  });
});

describe('hit chance', () => {
  it('follows the OSRS closed form', () => {
    expect(hitChance(0, 0)).toBe(0);
    expect(hitChance(0, 500)).toBe(0);
    expect(hitChance(100, 0)).toBeCloseTo(1 - 2 / 202, 12);
    expect(hitChance(7040, 7040)).toBeCloseTo(7040 / 14082, 12);
    expect(hitChance(15768, 539)).toBeCloseTo(1 - 541 / (2 * 15769), 12);
    expect(hitChance(539, 15768)).toBeCloseTo(539 / (2 * 15769), 12);
  });

  it('is slightly under 1/2 for equal rolls and grows with the attack roll', () => {
    for (const r of [1, 10, 1000, 50_000]) {
      expect(hitChance(r, r)).toBeCloseTo(r / (2 * (r + 1)), 12);
      expect(hitChance(r, r)).toBeLessThan(0.5);
      expect(hitChance(r + 1, r)).toBeGreaterThan(hitChance(r, r));
      expect(hitChance(r, r + 1)).toBeLessThan(hitChance(r, r));
    }
  });

  it('equals the exact probability that a uniform draw in [0, A] beats one in [0, D]', () => {
    for (let A = 0; A <= 30; A++) {
      for (let D = 0; D <= 30; D++) {
        let wins = 0;
        for (let a = 0; a <= A; a++) for (let d = 0; d <= D; d++) if (a > d) wins++;
        expect(hitChance(A, D), `${A} vs ${D}`).toBeCloseTo(wins / ((A + 1) * (D + 1)), 12);
      }
    }
  });
});

describe('rollHit', () => {
  it('matches the closed-form chance within 1% over a seeded run', () => {
    const rng = new Rng(20240607);
    const cases: Array<[number, number]> = [
      [7040, 7040],
      [15768, 539],
      [539, 15768],
      [768, 2000],
      [3000, 1200],
    ];
    for (const [attackRoll, defenceRoll] of cases) {
      const n = 100_000;
      let hits = 0;
      for (let i = 0; i < n; i++) if (rollHit(rng, { attackRoll, maxHit: 110 }, { defenceRoll }).hit) hits++;
      expect(
        Math.abs(hits / n - hitChance(attackRoll, defenceRoll)),
        `${attackRoll} vs ${defenceRoll}`,
      ).toBeLessThan(0.01);
    }
  });

  it('rolls damage uniformly over [0, maxHit] on a hit and 0 on a miss', () => {
    const rng = new Rng(7);
    const counts = new Array<number>(111).fill(0);
    let hits = 0;
    for (let i = 0; i < 200_000; i++) {
      const r = rollHit(rng, { attackRoll: 10_000, maxHit: 110 }, { defenceRoll: 0 });
      if (!r.hit) {
        expect(r.damage).toBe(0);
        continue;
      }
      hits++;
      counts[r.damage] = (counts[r.damage] ?? 0) + 1;
    }
    expect(counts.every((c) => c > 0)).toBe(true); // 0 and 110 both reachable, nothing above
    const mean = counts.reduce((s, c, dmg) => s + c * dmg, 0) / hits;
    expect(Math.abs(mean - 55)).toBeLessThan(0.5);
  });

  it('never hits with a zero attack roll and caps damage at the remaining health', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 1000; i++)
      expect(rollHit(rng, { attackRoll: 0, maxHit: 50 }, { defenceRoll: 0 })).toEqual({
        hit: false,
        damage: 0,
      });
    for (let i = 0; i < 1000; i++) {
      const r = rollHit(rng, { attackRoll: 1_000_000, maxHit: 500 }, { defenceRoll: 0, health: 7 });
      expect(r.damage).toBeLessThanOrEqual(7);
    }
  });

  it('is deterministic for a seed and draws from the injected generator only', () => {
    const draws: number[] = [];
    const fake = { nextInt: (bound: number) => (draws.push(bound), bound - 1) };
    expect(rollHit(fake, { attackRoll: 10, maxHit: 40 }, { defenceRoll: 5 })).toEqual({
      hit: true,
      damage: 40,
    });
    expect(draws).toEqual([11, 6, 41]);
    const run = (seed: number) => {
      const rng = new Rng(seed);
      return Array.from({ length: 50 }, () =>
        rollHit(rng, { attackRoll: 2000, maxHit: 90 }, { defenceRoll: 1500 }),
      );
    };
    expect(run(42)).toEqual(run(42));
  });
});
