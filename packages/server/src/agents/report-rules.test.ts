import type { Goal } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { judgeReport, storedGoal } from './report-rules';

const at = '2026-11-26T05:00:00.000Z';
const agentGoal: Goal = { type: 'fishing', setBy: 'agent', startedAt: at };
const ownerGoal: Goal = { type: 'woodcutting', target: 'oak_tree', setBy: 'owner', startedAt: at };

describe('judgeReport: the pause rules applied to agent:report', () => {
  it('takes an agent-chosen goal while goals run, not while paused', () => {
    expect(judgeReport(null, false, agentGoal)).toEqual({ accept: true, goal: agentGoal });
    expect(judgeReport(null, true, agentGoal)).toMatchObject({ accept: false });
    expect(judgeReport(ownerGoal, true, agentGoal)).toMatchObject({ accept: false });
  });

  it('always takes idle: a null report or the idle goal', () => {
    expect(judgeReport(ownerGoal, true, null)).toEqual({ accept: true, goal: null });
    const idle: Goal = { type: 'idle', setBy: 'agent', startedAt: at };
    expect(judgeReport(agentGoal, true, idle)).toEqual({ accept: true, goal: idle });
  });

  it("keeps only the progress of the owner's goal, paused or not", () => {
    const progress = { current: 5, target: 50, unit: 'logs' };
    const claimed: Goal = {
      type: 'woodcutting',
      setBy: 'owner',
      startedAt: '2000-01-01T00:00:00.000Z',
      progress,
    };
    for (const paused of [false, true]) {
      expect(judgeReport(ownerGoal, paused, claimed)).toEqual({
        accept: true,
        goal: { ...ownerGoal, progress },
      });
    }
  });

  it('refuses an owner-set claim the owner did not make', () => {
    const claimed: Goal = { type: 'mining', setBy: 'owner', startedAt: at };
    expect(judgeReport(null, false, claimed)).toMatchObject({ accept: false });
    expect(judgeReport(ownerGoal, false, claimed)).toMatchObject({ accept: false });
    expect(judgeReport(agentGoal, false, { ...agentGoal, setBy: 'owner' })).toMatchObject({ accept: false });
  });
});

describe('storedGoal', () => {
  it('reads a valid goal column and treats anything else as no goal', () => {
    expect(storedGoal(ownerGoal)).toEqual(ownerGoal);
    expect(storedGoal(null)).toBeNull();
    expect(storedGoal(undefined)).toBeNull();
    expect(storedGoal({ type: 'dancing', setBy: 'owner', startedAt: at })).toBeNull();
    expect(storedGoal('woodcutting')).toBeNull();
  });
});
