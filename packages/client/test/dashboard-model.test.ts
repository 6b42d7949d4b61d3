import { ApiError } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import {
  applyGoalControl,
  describeError,
  goalStateWord,
  currentError,
  filterActivity,
  stackText,
  goalActionLabel,
  goalText,
  preselectedGoal,
  readableName,
  mergeAgents,
  positionText,
  progressPercent,
  skillTotal,
  type RuntimeAgent,
  type ServerAgent,
} from '../src/dashboard/model';

describe('merging the game server and runtime lists', () => {
  const server: ServerAgent[] = [
    {
      agentId: 'ag_1',
      characterId: 'c1',
      name: 'Rowan',
      goal: { type: 'woodcutting', setBy: 'owner', startedAt: '2025-01-01T00:00:00Z' },
      goalsPaused: false,
      online: true,
    },
    { agentId: 'ag_2', characterId: null, name: 'Ivy', goal: null, goalsPaused: true, online: false },
  ];
  const runtime: RuntimeAgent[] = [
    {
      agentId: 'ag_1',
      name: 'Rowan',
      characterId: 'c1',
      ownerAccountId: 'acc',
      running: true,
      status: 'running',
      lastError: null,
      goal: {
        type: 'woodcutting',
        setBy: 'owner',
        startedAt: '2025-01-01T00:00:00Z',
        progress: { current: 340, target: 1000, unit: 'woodcutting xp' },
      },
      goalsPaused: true, // stale: the game server's flag wins
      command: null,
      position: { x: 3, z: -4 },
      skills: { woodcutting: { level: 12, xp: 340 }, attack: { level: 3, xp: 10 } },
    },
    { agentId: 'ag_9', name: 'Other', ownerAccountId: 'someone-else', running: false, status: 'stopped' },
    { agentId: 'ag_3', name: 'Fern', ownerAccountId: 'acc', running: false, status: 'stopped' },
  ];

  it('joins by agentId in the game server order, the server authoritative for goal and pause', () => {
    const merged = mergeAgents(server, runtime, 'acc');
    expect(merged.map((a) => a.agentId)).toEqual(['ag_1', 'ag_2', 'ag_3']);
    const [rowan, ivy, fern] = merged;
    expect(rowan).toMatchObject({
      name: 'Rowan',
      characterId: 'c1',
      online: true,
      goalsPaused: false,
      onServer: true,
      goal: { type: 'woodcutting', setBy: 'owner', progress: { current: 340, target: 1000 } },
      runtime: { running: true, status: 'running', position: { x: 3, z: -4 } },
    });
    expect(ivy).toMatchObject({
      characterId: null,
      goalsPaused: true,
      goal: null,
      online: false,
      runtime: null,
    });
    expect(fern).toMatchObject({ onServer: false, online: null, runtime: { status: 'stopped' } });
  });

  it('keeps the server progress when it has one, and ignores runtime progress of another goal type', () => {
    const s: ServerAgent[] = [
      {
        agentId: 'a',
        name: 'A',
        goal: {
          type: 'mining',
          setBy: 'agent',
          startedAt: 'x',
          progress: { current: 5, target: 10, unit: 'mining xp' },
        },
      },
      { agentId: 'b', name: 'B', goal: { type: 'fishing', setBy: 'agent', startedAt: 'x' } },
    ];
    const r: RuntimeAgent[] = [
      {
        agentId: 'a',
        name: 'A',
        goal: { type: 'mining', progress: { current: 9, target: 10, unit: 'mining xp' } },
      },
      {
        agentId: 'b',
        name: 'B',
        goal: { type: 'mining', progress: { current: 9, target: 10, unit: 'mining xp' } },
      },
    ];
    const [a, b] = mergeAgents(s, r);
    expect(a?.goal?.progress?.current).toBe(5);
    expect(b?.goal).toEqual({ type: 'fishing', setBy: 'agent', startedAt: 'x' });
  });

  it('shows the game server data alone when the runtime is unreachable', () => {
    const merged = mergeAgents(server, null, 'acc');
    expect(merged).toHaveLength(2);
    expect(merged.every((a) => a.runtime === null && a.onServer)).toBe(true);
    expect(merged[0]?.goal).toEqual(server[0]?.goal);
  });

  it('shows the runtime list when the game server list is missing', () => {
    expect(mergeAgents(null, runtime, 'acc').map((a) => a.agentId)).toEqual(['ag_1', 'ag_9', 'ag_3']);
    expect(mergeAgents(null, null)).toEqual([]);
  });

  it('applies a goal-control answer', () => {
    const [rowan] = mergeAgents(server, runtime, 'acc');
    if (!rowan) throw new Error('missing');
    const paused = applyGoalControl(rowan, { goal: null, goalsPaused: true, availableGoals: [] });
    expect(paused.goalsPaused).toBe(true);
    expect(paused.goal).toBeNull();
    expect(goalStateWord(paused.goalsPaused)).toBe('paused');
    expect(goalStateWord(false)).toBe('running');
  });
});

describe('display helpers', () => {
  it('formats goals, progress, skills and positions', () => {
    expect(goalText(null)).toBe('none');
    expect(goalText({ type: 'combat_training' })).toBe('Combat training');
    expect(goalText({ type: 'exploration', target: 'oakhaven' })).toBe('Exploration at Oakhaven');
    const names = new Map([['mirror_lake', 'Mirror Lake']]);
    expect(goalText({ type: 'fishing', target: 'mirror_lake' }, names)).toBe('Fishing at Mirror Lake');
    expect(progressPercent({ current: 340, target: 1000 })).toBe(34);
    expect(progressPercent({ current: 5, target: 0 })).toBe(0);
    expect(progressPercent({ current: 20, target: 10 })).toBe(100);
    expect(skillTotal({ attack: { level: 3 }, woodcutting: { level: 12 } })).toBe(15);
    const areas = [
      { id: 'oakhaven', name: 'Oakhaven', bounds: { minX: -24, minZ: -24, maxX: 24, maxZ: 24 } },
    ];
    expect(positionText({ x: 3, z: -4 }, areas)).toBe('Oakhaven (3, -4)');
    expect(positionText({ x: 300, z: 0 }, areas)).toBe('(300, 0)');
    expect(positionText(null, areas)).toBe('unknown');
  });

  it('describes refusals clearly', () => {
    expect(describeError(new ApiError(409, 'name_taken', 'name taken', undefined))).toMatch(
      /already taken.*name_taken, HTTP 409/,
    );
    expect(describeError(new ApiError(409, 'character_limit', 'limit', undefined))).toMatch(
      /maximum number of characters/,
    );
    expect(
      describeError(
        new ApiError(503, 'service_unavailable', 'the agent runtime is not reachable', undefined),
      ),
    ).toMatch(/not reachable.*HTTP 503/);
    expect(
      describeError(
        new ApiError(409, 'goal_unavailable', 'cooking is not available: no raw food', undefined),
      ),
    ).toBe('cooking is not available: no raw food (goal_unavailable, HTTP 409)');
  });
});

describe('names people read and labels that say what happens', () => {
  it('turns ids into readable names, preferring the known display name', () => {
    expect(readableName('mirror_lake', new Map([['mirror_lake', 'Mirror Lake']]))).toBe('Mirror Lake');
    expect(readableName('oak_tree')).toBe('Oak tree');
    expect(readableName('woodcutting')).toBe('Woodcutting');
  });

  it('labels the set-goal button with the action', () => {
    expect(goalActionLabel('woodcutting')).toBe('Start woodcutting');
    expect(goalActionLabel('combat_training')).toBe('Start combat training');
    expect(goalActionLabel('exploration')).toBe('Go exploring');
    expect(goalActionLabel('idle')).toBe('Stay idle');
    const names = new Map([['mirror_lake', 'Mirror Lake']]);
    expect(goalActionLabel('fishing', 'mirror_lake', names)).toBe('Start fishing at Mirror Lake');
  });

  it('preselects the current goal unless the owner chose another', () => {
    const goals = [
      { type: 'combat_training', available: true },
      { type: 'woodcutting', available: true },
      { type: 'smithing', available: false },
    ];
    expect(preselectedGoal(goals, { type: 'woodcutting' })).toBe('woodcutting');
    expect(preselectedGoal(goals, null)).toBe('combat_training');
    expect(preselectedGoal(goals, { type: 'smithing' })).toBe('combat_training');
    expect(preselectedGoal(goals, { type: 'woodcutting' }, 'combat_training')).toBe('combat_training');
    expect(preselectedGoal([], null)).toBe('');
  });

  it('drops the runtime error once the agent runs again', () => {
    const view = {
      running: true,
      status: 'error',
      lastError: 'disconnected: bye',
      command: null,
      position: null,
      skills: {},
      goal: null,
      inventory: [],
      equipment: [],
      bank: null,
    };
    expect(currentError(view)).toBe('disconnected: bye');
    expect(currentError({ ...view, status: 'running' })).toBeNull();
    expect(currentError(null)).toBeNull();
  });
});

describe('the activity filter', () => {
  const lines = [
    { at: '2026-01-01T00:00:00Z', message: 'connected' },
    { at: '2026-01-01T00:00:01Z', message: 'goal: woodcutting (llm: logs sell well)' },
    { at: '2026-01-01T00:00:02Z', message: 'goal: fishing (inventory has room)' },
  ];
  it('keeps the lines holding every word, case-insensitively', () => {
    expect(filterActivity(lines, '')).toHaveLength(3);
    expect(filterActivity(lines, 'GOAL').map((l) => l.message)).toHaveLength(2);
    expect(filterActivity(lines, 'goal llm').map((l) => l.at)).toEqual(['2026-01-01T00:00:01Z']);
    expect(filterActivity(lines, 'mining')).toEqual([]);
  });
});

describe('item stacks', () => {
  it('reads as names with a quantity', () => {
    expect(stackText({ itemId: 'bronze_axe', quantity: 1 })).toBe('Bronze axe');
    expect(stackText({ itemId: 'logs', quantity: 27 })).toBe('Logs x27');
  });

  it("carries the runtime's inventory, equipment and bank into the dashboard agent", () => {
    const [a] = mergeAgents(null, [
      {
        agentId: 'ag_9',
        name: 'Fern',
        inventory: [{ slot: 0, itemId: 'bronze_axe', quantity: 1 }],
        equipment: [{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }],
        bank: { at: '2026-01-01T00:00:00Z', slots: [{ itemId: 'logs', quantity: 5 }] },
      },
    ]);
    expect(a?.runtime?.inventory.map((i) => i.itemId)).toEqual(['bronze_axe']);
    expect(a?.runtime?.equipment[0]?.slot).toBe('weapon');
    expect(a?.runtime?.bank?.slots).toEqual([{ itemId: 'logs', quantity: 5 }]);
    const [b] = mergeAgents(null, [{ agentId: 'ag_8', name: 'Moss' }]);
    expect(b?.runtime?.bank).toBeNull();
    expect(b?.runtime?.inventory).toEqual([]);
  });
});
