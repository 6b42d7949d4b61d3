import { describe, expect, it } from 'vitest';
import type { AgentRunner } from '../src/agent';
import { summarize } from '../src/runtime';

/** The parts of a runner that summarize reads. */
function runner(player: unknown, lastBank: AgentRunner['lastBank']): AgentRunner {
  return {
    record: {
      agentId: 'ag_1',
      name: 'Rowan',
      characterId: 'c1',
      ownerAccountId: 'acc',
      ownerCharacterIds: [],
      worldId: 1,
      running: true,
      createdAt: '2026-01-01T00:00:00Z',
    },
    connection: player === undefined ? undefined : { world: { player } },
    command: null,
    status: 'running',
    lastError: undefined,
    lastBank,
    goal: () => null,
    control: { goal: null, goalsPaused: false },
  } as unknown as AgentRunner;
}

describe('the runtime summary of an agent', () => {
  it('lists what it carries, wears and last saw in its bank', () => {
    const player = {
      position: { x: 3, z: -2 },
      skills: { woodcutting: { level: 2, xp: 90 } },
      inventory: [{ slot: 0, itemId: 'bronze_axe', quantity: 1, extra: 'dropped' }],
      equipment: [{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }],
    };
    const bank = { at: '2026-01-01T00:01:00Z', slots: [{ itemId: 'logs', quantity: 27 }] };
    const s = summarize(runner(player, bank));
    expect(s.position).toEqual({ x: 3, z: -2 });
    expect(s.inventory).toEqual([{ slot: 0, itemId: 'bronze_axe', quantity: 1 }]);
    expect(s.equipment).toEqual([{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }]);
    expect(s.bank).toEqual(bank);
  });

  it('has empty lists and no bank while not connected', () => {
    const s = summarize(runner(undefined, undefined));
    expect(s.inventory).toEqual([]);
    expect(s.equipment).toEqual([]);
    expect(s.bank).toBeNull();
    expect(s.position).toBeNull();
  });
});
