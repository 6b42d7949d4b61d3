import { describe, expect, it } from 'vitest';
import { parseCommand } from '../src/commands';
import { decide, MIN_GOAL_TICKS } from '../src/planner';
import { xpForLevel } from '../src/xp';
import { freshPlayer } from './fixtures';

const base = freshPlayer;
const withAxe = { ...base, inventory: [{ slot: 0, itemId: 'bronze_axe', quantity: 1 }] };
const full = {
  ...withAxe,
  inventory: Array.from({ length: 28 }, (_, slot) => ({
    slot,
    itemId: slot === 0 ? 'bronze_axe' : 'logs',
    quantity: 1,
  })),
};
const free = { goal: null, goalsPaused: false };
const ownerGoal = {
  type: 'fishing' as const,
  setBy: 'owner' as const,
  startedAt: '2026-11-26T05:00:00.000Z',
};

describe('decide (rule-based planner)', () => {
  it('takes the highest-priority supported goal: gathering with a tool, banking when full', () => {
    expect(decide(withAxe, free, undefined, 0)).toMatchObject({ type: 'woodcutting', setBy: 'agent' });
    expect(decide(full, free, { type: 'woodcutting', sinceTick: 0 }, 1)).toMatchObject({ type: 'banking' });
  });

  it("follows the owner's goal, and idles while paused", () => {
    expect(decide(withAxe, { goal: ownerGoal, goalsPaused: false }, undefined, 0)).toMatchObject({
      type: 'fishing',
      setBy: 'owner',
    });
    expect(decide(withAxe, { goal: null, goalsPaused: true }, undefined, 0)).toMatchObject({ type: 'idle' });
    // The owner's goal is kept even while paused (the pause blocks autonomous choices only).
    expect(decide(withAxe, { goal: ownerGoal, goalsPaused: true }, undefined, 0).type).toBe('fishing');
  });

  it('keeps the current goal for a while, then re-plans', () => {
    const current = { type: 'combat_training' as const, sinceTick: 100 };
    expect(decide(withAxe, free, current, 100 + MIN_GOAL_TICKS - 1).type).toBe('combat_training');
    expect(decide(withAxe, free, current, 100 + MIN_GOAL_TICKS).type).toBe('woodcutting');
  });

  it('does not train combat when hurt', () => {
    const hurt = { ...withAxe, health: 20 };
    expect(decide(hurt, free, { type: 'combat_training', sinceTick: 0 }, 1).type).not.toBe('combat_training');
  });
});

describe('parseCommand', () => {
  it('understands the owner commands', () => {
    expect(parseCommand('Follow me')).toEqual({ kind: 'follow' });
    expect(parseCommand('come here!')).toEqual({ kind: 'come' });
    expect(parseCommand('stop')).toEqual({ kind: 'stop' });
    expect(parseCommand('carry on')).toEqual({ kind: 'resume' });
    expect(parseCommand('chop trees')).toEqual({ kind: 'goal', goal: 'woodcutting' });
    expect(parseCommand('go fishing')).toEqual({ kind: 'goal', goal: 'fishing' });
    expect(parseCommand('fight')).toEqual({ kind: 'goal', goal: 'combat_training' });
    expect(parseCommand('nice weather today')).toBeNull();
  });
});

describe('xpForLevel', () => {
  it('follows the classic curve', () => {
    expect(xpForLevel(1)).toBe(0);
    expect(xpForLevel(2)).toBe(83);
    expect(xpForLevel(10)).toBe(1154);
    expect(xpForLevel(99)).toBe(13_034_431);
  });
});
