import type { EntitySnapshot, ServerPayload } from '@tilerealm/protocol';
import type { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { chooseTarget, TRAINING_NPCS } from '../src/behaviours/combat';
import { BUSY_TICKS, CombatTracker } from '../src/behaviours/combat-tracker';

const npc = (id: string, npcId: string, x: number, z: number, combatLevel = 2): EntitySnapshot => ({
  idx: 0,
  id,
  kind: 'npc',
  npcId,
  name: npcId,
  x,
  z,
  y: 0,
  running: false,
  combatLevel,
});

describe('chooseTarget', () => {
  const all = () => true;

  it('takes the nearest training NPC no more than two levels above the agent', () => {
    const seen = [
      npc('c1', 'chicken', 6, 0, 1),
      npc('w1', 'cow', 3, 3, 2),
      npc('b1', 'goblin_brute', 1, 0, 17),
    ];
    expect(chooseTarget(seen, { x: 0, z: 0 }, 3, all)?.id).toBe('w1');
    expect(chooseTarget(seen, { x: 0, z: 0 }, 15, all)?.id).toBe('b1');
  });

  it('leaves aggressive packs, players and NPCs it may not take alone', () => {
    const seen = [
      npc('r1', 'giant_rat', 1, 0, 3),
      { ...npc('p1', 'chicken', 1, 1), kind: 'player' as const },
      npc('c1', 'chicken', 4, 0, 1),
      npc('c2', 'chicken', 2, 0, 1),
    ];
    expect(TRAINING_NPCS).not.toContain('giant_rat');
    expect(chooseTarget(seen, { x: 0, z: 0 }, 3, (id) => id !== 'c2')?.id).toBe('c1');
    expect(chooseTarget(seen, { x: 0, z: 0 }, 3, () => false)).toBeUndefined();
  });
});

/** A tracker following a stand-in client whose events the test emits. */
function tracked(): { t: CombatTracker; emit: (event: string, data: unknown) => void } {
  const handlers = new Map<string, ((d: unknown) => void)[]>();
  const on = (event: string, h: (d: unknown) => void) => {
    handlers.set(event, [...(handlers.get(event) ?? []), h]);
    return () => undefined;
  };
  const t = new CombatTracker(() => 'me');
  t.attach({ on } as unknown as GameClient);
  return { t, emit: (event, data) => handlers.get(event)?.forEach((h) => h(data)) };
}

describe('CombatTracker', () => {
  it('skips NPCs while they die, while another player fights them, and while left alone', () => {
    const { t, emit } = tracked();
    emit('combat:death', { tick: 10, idx: 1, id: 'c1', kind: 'npc', ticks: 3, killerId: 'me' });
    expect(t.free('c1', 12)).toBe(false);
    expect(t.free('c1', 14)).toBe(true);
    const hit = { attackerIdx: 2, targetIdx: 3, hit: true, damage: 1, damageType: 'stab' };
    emit('combat:hit', {
      ...hit,
      tick: 20,
      attackerId: 'other',
      targetId: 'c2',
      targetHealth: 1,
      targetMaxHealth: 30,
    });
    expect(t.free('c2', 20 + BUSY_TICKS - 1)).toBe(false);
    expect(t.free('c2', 20 + BUSY_TICKS)).toBe(true);
    // The agent's own fights and NPCs hitting the agent do not make an NPC busy.
    emit('combat:hit', {
      ...hit,
      tick: 20,
      attackerId: 'me',
      targetId: 'c3',
      targetHealth: 1,
      targetMaxHealth: 30,
    });
    emit('combat:hit', {
      ...hit,
      tick: 20,
      attackerId: 'c4',
      targetId: 'me',
      targetHealth: 1,
      targetMaxHealth: 30,
    });
    expect(t.free('c3', 21)).toBe(true);
    expect(t.free('c4', 21)).toBe(true);
    t.leaveAlone('c5', 40);
    expect(t.free('c5', 39)).toBe(false);
    expect(t.free('c5', 40)).toBe(true);
  });

  it('keeps its own death and the nearest standing gravestone that still holds items', () => {
    const { t, emit } = tracked();
    const grave = (
      id: string,
      x: number,
      collapsesAtTick: number,
      items = [{ itemId: 'bones', quantity: 1 }],
    ) => ({
      id,
      x,
      z: 0,
      items,
      collapsesAtTick,
    });
    const died: ServerPayload<'player:died'> = {
      tick: 100,
      killerId: null,
      kept: [],
      lost: [{ itemId: 'wooden_shield', quantity: 1 }],
      gravestone: grave('g1', 40, 1600),
      droppedForKiller: false,
      respawn: { x: 0, z: 0 },
    };
    emit('combat:death', { tick: 96, idx: 1, id: 'me', kind: 'player', ticks: 4, killerId: null });
    emit('player:died', died);
    expect(t.diedAt).toBe(96);
    expect(t.death).toEqual(died);
    expect(t.gravestone(200, { x: 0, z: 0 })?.id).toBe('g1');
    emit('gravestone:update', {
      tick: 300,
      gravestones: [grave('g1', 40, 1600), grave('g2', 5, 500), grave('g3', 1, 2000, [])],
    });
    expect(t.gravestone(300, { x: 0, z: 0 })?.id).toBe('g2');
    // g2 collapsed, g3 is empty.
    expect(t.gravestone(500, { x: 0, z: 0 })?.id).toBe('g1');
    expect(t.gravestone(1600, { x: 0, z: 0 })).toBeUndefined();
  });
});
