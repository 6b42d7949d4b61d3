import { describe, expect, it } from 'vitest';
import { PRAYER } from '../../src/sim/features/prayer/state';
import type { Npc } from '../../src/sim/core/npc';
import { snapshotOf } from '../../src/sim/core/snapshot';
import type { PlayerRecord } from '../../src/sim/core/types';
import { PLAYER_DEATH_TICKS } from '../../src/sim/features/combat/hits';
import { xpForLevel } from '../../src/sim/features/skills/xp-table';
import { action, client } from './bank-setup';
import { player, toggle, updates, withPrayer, worldWith, type Hit } from './prayer-setup';
import { TestWorld } from './test-world';
import { DYING } from '../../src/sim/features/death/state';

function nearestGoblin(tw: TestWorld): Npc {
  const goblins = [...tw.world.npcs.values()].filter((n) => n.def.id === 'goblin');
  const best = goblins.sort(
    (a, b) => Math.abs(a.x + 5) + Math.abs(a.z + 40) - (Math.abs(b.x + 5) + Math.abs(b.z + 40)),
  )[0];
  if (!best) throw new Error('no goblin');
  return best;
}

/** The first swing of a 99 attack, 99 strength fighter (unarmed) at a goblin, with these prayers on. */
async function firstSwing(prayers: string[]): Promise<{ mine: Hit; seenByOther: Hit }> {
  const tw = await TestWorld.create(3);
  const goblin = nearestGoblin(tw);
  const fighter = withPrayer('hero', 16, { x: goblin.x + 3, z: goblin.z });
  const level99 = { level: 99, xp: xpForLevel(99) };
  const record: PlayerRecord = {
    ...fighter,
    skills: { ...fighter.skills, attack: level99, strength: level99 },
  };
  tw.login(record);
  tw.login(withPrayer('watcher', 1, { x: goblin.x + 4, z: goblin.z + 1 }));
  tw.advance();
  for (const id of prayers) tw.enqueue(toggle('hero', id, true));
  tw.enqueue(action('hero', { action: 'attack', targetId: goblin.id }));
  const swings = (id: string) =>
    tw
      .events(id, 'combat:hit')
      .map((e) => e.data as Hit)
      .filter((h) => h.attackerId === 'hero');
  for (let i = 0; i < 30 && swings('hero').length === 0; i++) tw.advance();
  const mine = swings('hero')[0];
  const seenByOther = swings('watcher')[0];
  if (!mine || !seenByOther) throw new Error('no swing seen');
  return { mine, seenByOther };
}

describe('prayers in the combat formulas', () => {
  it('the hit event shows the attacker the max hit and accuracy with the boosts of its prayers', async () => {
    const without = await firstSwing([]);
    const withPrayers = await firstSwing(['titans_vigor', 'swift_mind']);
    // Unarmed punch (accurate: +3 attack, +0 strength), no bonuses:
    // strength: floor(99 x 1.10) = 108 + 8 = 116 -> floor((116 x 64 + 320) / 640) = 12 (11 without)
    expect(without.mine.maxHit).toBe(110);
    expect(withPrayers.mine.maxHit).toBe(120);
    // attack: floor(99 x 1.10) = 108 + 3 + 8 = 119 (110 without), times (0 + 64)
    expect(without.mine.attackRoll).toBe(110 * 64);
    expect(withPrayers.mine.attackRoll).toBe(119 * 64);
    // Others see the hit, not the attacker's figures.
    expect(withPrayers.seenByOther).not.toHaveProperty('maxHit');
    expect(withPrayers.seenByOther).not.toHaveProperty('attackRoll');
  });
});

describe('death', () => {
  it('switches every prayer off at death and restores the points on respawn', async () => {
    const tw = await worldWith(withPrayer('a', 10, { prayerPoints: 4 }));
    tw.enqueue({ type: 'elevate', playerId: 'a' });
    tw.enqueue(toggle('a', 'surge_of_might', true));
    tw.advance();
    tw.clearEvents();
    tw.enqueue(client('a', 'player:chat', { message: '/hit 1000' }));
    tw.advance();
    const a = player(tw, 'a');
    expect(DYING.of(a).until).not.toBe(0);
    expect(updates(tw, 'a')).toEqual([{ points: 4, maxPoints: 10, active: [] }]);
    tw.enqueue(toggle('a', 'surge_of_might', true));
    tw.advance();
    expect(tw.events('a', 'error').map((e) => (e.data as { code: string }).code)).toEqual(['dead']);
    tw.advance(PLAYER_DEATH_TICKS);
    expect(DYING.of(a).until).toBe(0);
    expect(PRAYER.of(a).points).toBe(10);
    expect(updates(tw, 'a').at(-1)).toEqual({ points: 10, maxPoints: 10, active: [] });
  });
});

describe('saved prayer state', () => {
  it('keeps active prayers and points in the character snapshot', async () => {
    const tw = await worldWith(withPrayer('a', 10, { prayerPoints: 7 }));
    tw.enqueue(toggle('a', 'surge_of_might', true));
    tw.enqueue(toggle('a', 'hardened_hide', true));
    tw.advance();
    expect(snapshotOf(tw.world, player(tw, 'a'))).toMatchObject({
      prayerPoints: 7,
      activePrayers: ['hardened_hide', 'surge_of_might'],
    });
  });

  it('a saved state comes back as saved, made consistent with the content and the level', async () => {
    const tw = await TestWorld.create();
    tw.login(withPrayer('kept', 10, { prayerPoints: 6, activePrayers: ['surge_of_might'] }));
    tw.login(withPrayer('odd', 5, { x: 6, prayerPoints: 50, activePrayers: ['surge_of_might', 'retired'] }));
    tw.login(withPrayer('empty', 5, { x: 7, prayerPoints: 0, activePrayers: ['hardened_hide'] }));
    tw.advance();
    const sync = (id: string) =>
      (tw.events(id, 'player:sync')[0]?.data as { player: { prayer: unknown } }).player;
    expect(sync('kept').prayer).toEqual({ points: 6, active: ['surge_of_might'] });
    expect(updates(tw, 'kept')).toEqual([]);
    expect(updates(tw, 'odd')).toEqual([{ points: 5, maxPoints: 5, active: ['surge_of_might'] }]);
    expect(updates(tw, 'empty')).toEqual([{ points: 0, maxPoints: 5, active: [] }]);
  });
});
