import { describe, expect, it } from 'vitest';
import { grantXp } from '../../src/sim/features/skills/grant';
import { record, TestWorld } from './test-world';

describe('grantXp', () => {
  it('adds experience with its tenths, levels up, and tells the player', async () => {
    const tw = await TestWorld.create();
    tw.login(record('x'));
    tw.advance();
    const p = tw.world.players.get('x')!;
    grantXp(tw.world, p, 'attack', 825); // 82.5 xp: still level 1
    grantXp(tw.world, p, 'attack', 5); // 83.0 xp: level 2
    tw.advance();
    expect(p.skills.attack).toEqual({ level: 2, xp: 83 });
    expect(tw.events('x', 'skill:xp').map((e) => e.data)).toEqual([
      { tick: 1, skill: 'attack', amount: 82.5, xp: 82, level: 1 },
      { tick: 1, skill: 'attack', amount: 0.5, xp: 83, level: 2 },
    ]);
    expect(tw.events('x', 'skill:levelUp')[0]?.data).toMatchObject({
      skill: 'attack',
      level: 2,
      combatLevel: 3,
    });
    expect(tw.events('x', 'chat:message').map((e) => e.data)).toEqual([
      {
        tick: 1,
        channel: 'system',
        from: null,
        message: "Congratulations, you've just advanced your Attack level. You are now level 2.",
      },
    ]);
  });

  it('raises health and combat level with constitution, and the save carries the new totals', async () => {
    const tw = await TestWorld.create();
    tw.login(record('c'));
    tw.advance();
    const p = tw.world.players.get('c')!;
    grantXp(tw.world, p, 'constitution', (2_411 - 1_154) * 10); // 2,411 xp is level 15
    expect(p.skills.constitution.level).toBe(15);
    expect(p.health).toBe(150);
    expect(p.maxHealth).toBe(150);
    expect(p.combatLevel).toBe(4);
    grantXp(tw.world, p, 'mining', 0);
    grantXp(tw.world, p, 'mining', -50);
    tw.enqueue({ type: 'logout', playerId: 'c', reason: 'test' });
    tw.advance();
    const save = tw.world.drainEffects().find((e) => e.type === 'save');
    expect(save?.type === 'save' && save.snapshot.skills.constitution).toEqual({ level: 15, xp: 2_411 });
    expect(save?.type === 'save' && save.snapshot.skills.mining).toEqual({ level: 1, xp: 0 });
    expect(
      tw.events('c', 'skill:xp').filter((e) => (e.data as { skill: string }).skill === 'mining'),
    ).toHaveLength(0);
  });
});
