import { describe, expect, it } from 'vitest';
import { availableGoals, GOAL_TYPES } from './agent-goals';
import type { PlayerStatePayload } from './server-events';

const skills = Object.fromEntries(
  [
    'attack',
    'strength',
    'defense',
    'constitution',
    'woodcutting',
    'mining',
    'fishing',
    'firemaking',
    'smithing',
    'cooking',
  ].map((s) => [s, { level: s === 'constitution' ? 10 : 1, xp: 0 }]),
);
function player(fields: Partial<PlayerStatePayload> = {}): PlayerStatePayload {
  return {
    id: 'c1',
    accountId: 'a1',
    name: 'Agent',
    combatLevel: 3,
    health: 100,
    maxHealth: 100,
    coins: 0,
    position: { x: 0, z: 0, y: 0, running: false, runEnergy: 100, moving: false },
    skills,
    isAdmin: false,
    areaId: null,
    inventory: [],
    equipment: [],
    combat: { styleId: 'accurate', autoRetaliate: true },
    prayer: { points: 1, active: [] },
    questPoints: 0,
    homeTeleportCooldownTicks: 0,
    ...fields,
  };
}
const slots = (n: number, itemId = 'logs') =>
  Array.from({ length: n }, (_, slot) => ({ slot, itemId, quantity: 1 }));
const find = (p: PlayerStatePayload, type: string) => availableGoals(p).find((g) => g.type === type);

describe('availableGoals', () => {
  it('puts banking first when the inventory is nearly full', () => {
    const goals = availableGoals(player({ inventory: slots(27) }));
    expect(goals[0]).toMatchObject({ type: 'banking', available: true });
    expect(goals[0]?.reason).toContain('27/28');
  });

  it('says to get a tool first when there is none, and ranks gathering higher with one', () => {
    expect(find(player(), 'woodcutting')?.reason).toContain('needs an axe');
    const withAxe = find(
      player({ inventory: [{ slot: 0, itemId: 'bronze_axe', quantity: 1 }] }),
      'woodcutting',
    );
    expect(withAxe?.reason).toBe('woodcutting level 1');
    expect(withAxe?.priority).toBeGreaterThan(find(player(), 'woodcutting')?.priority ?? 0);
  });

  it('does not offer combat training on low health, and offers cooking only with raw food', () => {
    expect(find(player({ health: 30 }), 'combat_training')).toMatchObject({ available: false });
    expect(find(player(), 'cooking')).toMatchObject({ available: false });
    expect(
      find(player({ inventory: [{ slot: 0, itemId: 'raw_shrimps', quantity: 1 }] }), 'cooking'),
    ).toMatchObject({
      available: true,
    });
  });

  it('lists every goal type once, the available ones first, and is a pure function of the state', () => {
    const p = player({ inventory: slots(3) });
    const goals = availableGoals(p);
    expect(new Set(goals.map((g) => g.type)).size).toBe(goals.length);
    expect(goals.length).toBe(GOAL_TYPES.length);
    const firstUnavailable = goals.findIndex((g) => !g.available);
    expect(goals.slice(firstUnavailable).every((g) => !g.available)).toBe(true);
    expect(availableGoals(p)).toEqual(goals);
  });
});
