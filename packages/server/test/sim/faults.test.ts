/**
 * Fault isolation (sim/core/faults.ts): a throw while handling one player or NPC is charged to it
 * alone. The faults are injected into the real features through one entity's state (a property
 * that throws when a feature reads it), so every other entity runs through the same code.
 */
import { CLOSE_CODES } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { NPC_FAULT_RESPAWN_TICKS, snapshotProblem } from '../../src/sim/core/faults';
import type { Effect } from '../../src/sim/core/types';
import { snapshotOf } from '../../src/sim/core/snapshot';
import { record, TestWorld } from './test-world';
import { COMBAT } from '../../src/sim/features/combat/state';
import { GROUND_VIEWER } from '../../src/sim/features/ground-items/store';
import { departedOf } from '../../src/sim/features/sync/view-sets';
import { LOOKS } from '../../src/sim/features/sync/look';

type Fault = Extract<Effect, { type: 'fault' }>;

const move = (playerId: string, x: number, z: number) => ({
  type: 'client' as const,
  playerId,
  rid: undefined,
  message: { event: 'player:move' as const, data: { x, z } },
});

/** Makes reading `key` of `target` throw, as a bug in the code reading it would. */
function breakProperty(target: object, key: string, message: string): void {
  Object.defineProperty(target, key, {
    configurable: true,
    get() {
      throw new Error(message);
    },
  });
}

const faultsOf = (effects: Effect[]) => effects.filter((e): e is Fault => e.type === 'fault');

describe('a fault in one player', () => {
  it('takes that player out (saved, session closed with 4010) while everyone else moves on in the same tick', async () => {
    const tw = await TestWorld.create();
    for (const id of ['a', 'bad', 'c']) tw.login(record(id));
    tw.advance();
    const [a, bad, c] = ['a', 'bad', 'c'].map((id) => tw.world.players.get(id)!);
    // Movement reads `running` of every walking player: for `bad`, that throws.
    breakProperty(bad!, 'running', 'running is broken for bad');
    tw.world.drainEffects();
    tw.clearEvents();
    for (const id of ['a', 'bad', 'c']) tw.enqueue(move(id, 3, 0));
    tw.advance();

    // The players after the faulty one in world order moved as well.
    expect([a!.x, c!.x]).toEqual([1, 1]);
    expect(tw.world.players.has('bad')).toBe(false);
    const effects = tw.world.drainEffects();
    const [fault] = faultsOf(effects);
    expect(fault).toMatchObject({
      where: 'phase players/movement',
      message: 'running is broken for bad',
      entity: { kind: 'player', id: 'bad' },
      action: 'saved, taken out of the world, session closed',
    });
    expect(fault?.stack).toMatch(/running is broken for bad\n\s+at /);
    expect(effects.filter((e) => e.type === 'save')).toMatchObject([
      { reason: 'logout', snapshot: { id: 'bad', x: 0, z: 0 } },
    ]);
    expect(effects.filter((e) => e.type === 'disconnect')).toEqual([
      { type: 'disconnect', playerId: 'bad', code: CLOSE_CODES.serverError, reason: expect.any(String) },
    ]);

    // The player who left is gone from the others' views in that tick's sync; they carry on.
    const [update] = tw.events('c', 'world:update');
    expect(update?.data).toMatchObject({ left: [bad!.idx] });
    tw.advance();
    expect([a!.x, c!.x]).toEqual([2, 2]);
    expect(faultsOf(tw.world.drainEffects())).toEqual([]);
  });

  it('does not save a state storage could not hold, and says why', async () => {
    const tw = await TestWorld.create();
    for (const id of ['bad', 'ok']) tw.login(record(id));
    tw.advance();
    const bad = tw.world.players.get('bad')!;
    bad.coins = Number.NaN;
    breakProperty(bad, 'running', 'broken');
    tw.enqueue(move('bad', 3, 0));
    tw.enqueue(move('ok', 3, 0));
    tw.advance();
    const effects = tw.world.drainEffects();
    expect(faultsOf(effects)[0]?.action).toBe(
      'not saved (coins is NaN), taken out of the world, session closed',
    );
    expect(effects.filter((e) => e.type === 'save')).toEqual([]);
    expect(effects.filter((e) => e.type === 'disconnect')).toMatchObject([
      { playerId: 'bad', code: CLOSE_CODES.serverError },
    ]);
    expect(tw.world.players.get('ok')?.x).toBe(1);
  });

  it('frees a handle released during sync only after the next sync, so no view mistakes a newcomer for it', async () => {
    const tw = await TestWorld.create();
    for (const id of ['a', 'bad']) tw.login(record(id));
    tw.advance();
    const bad = tw.world.players.get('bad')!;
    // Only the sync feature reads a ground view's `scanZ`: `bad` fails in the sync phase, after `a`'s view was built.
    breakProperty(GROUND_VIEWER.of(bad), 'scanZ', 'the ground view is broken');
    tw.world.drainEffects();
    tw.advance();
    expect(faultsOf(tw.world.drainEffects())).toMatchObject([
      { where: 'phase sync/sync', entity: { kind: 'player', id: 'bad' } },
    ]);
    tw.clearEvents();
    tw.login(record('c'));
    tw.advance();
    const c = tw.world.players.get('c')!;
    expect(c.idx).not.toBe(bad.idx);
    const [update] = tw.events('a', 'world:update');
    expect(update?.data).toMatchObject({ left: [bad.idx], entered: [{ id: 'c', idx: c.idx }] });
    // Released by then: the next newcomer takes it.
    tw.login(record('d'));
    tw.advance();
    expect(tw.world.players.get('d')?.idx).toBe(bad.idx);
  });

  it('charges no viewer for a player taken out earlier in the same sync that it saw entering', async () => {
    const tw = await TestWorld.create();
    tw.login(record('bad'));
    tw.advance();
    const bad = tw.world.players.get('bad')!;
    breakProperty(GROUND_VIEWER.of(bad), 'scanZ', 'the ground view is broken');
    tw.world.drainEffects();
    // `c` arrives in the tick `bad` fails; its view is built after bad's (a region further east),
    // from places laid out before bad was taken out.
    tw.login(record('c', 9, 0));
    tw.advance();
    expect(faultsOf(tw.world.drainEffects())).toMatchObject([
      { where: 'phase sync/sync', entity: { kind: 'player', id: 'bad' } },
    ]);
    expect(tw.world.players.has('c')).toBe(true);
    // c's first view holds what is around it, without bad.
    const [update] = tw.events('c', 'world:update');
    const entered = (update?.data as { entered?: Array<{ id: string }> } | undefined)?.entered ?? [];
    expect(entered.length).toBeGreaterThan(0);
    expect(entered.map((e) => e.id)).not.toContain('bad');
    // Nothing left behind: the next tick tells c nothing of bad.
    tw.clearEvents();
    tw.advance();
    expect(faultsOf(tw.world.drainEffects())).toEqual([]);
    for (const e of tw.events('c', 'world:update'))
      expect((e.data as { left?: number[] }).left ?? []).not.toContain(bad.idx);
  });

  it('starts afresh a viewer that kept a player taken out in the same sync as it came back into view', async () => {
    const tw = await TestWorld.create();
    // `bad` logs in first: its handle is lower, its update built before `a`'s, from the same scan.
    tw.login(record('bad'));
    tw.login(record('a', 2, 0));
    tw.advance(2);
    const [a, bad] = ['a', 'bad'].map((id) => tw.world.players.get(id)!);
    expect(bad!.idx).toBeLessThan(a!.idx);
    bad!.isAdmin = true;
    const tele = (x: number, z: number) =>
      tw.enqueue({
        type: 'client',
        playerId: 'bad',
        rid: undefined,
        message: { event: 'player:chat', data: { message: `/tele ${x} ${z}` } },
      });
    tele(30, 0);
    tw.advance();
    expect(departedOf(tw.world, a!)).toEqual([bad!.idx]);
    breakProperty(GROUND_VIEWER.of(bad!), 'scanZ', 'the ground view is broken');
    tw.world.drainEffects();
    tw.clearEvents();
    tele(3, 0);
    tw.advance();
    expect(faultsOf(tw.world.drainEffects())).toMatchObject([
      { where: 'phase sync/sync', entity: { kind: 'player', id: 'bad' } },
    ]);
    // The scan took `bad` out of a's departed list; a's client still keeps it: a full sync instead
    // of an update, and both start afresh.
    expect(tw.events('a', 'player:sync')).toHaveLength(1);
    expect(tw.events('a', 'world:update')).toEqual([]);
    expect(departedOf(tw.world, a!)).toEqual([]);
    tw.clearEvents();
    tw.advance();
    const [update] = tw.events('a', 'world:update');
    expect(update?.data).toMatchObject({ self: { x: 2, z: 0 } });
    const entered = (update?.data as { entered?: Array<{ id: string }> } | undefined)?.entered ?? [];
    expect(entered.map((e) => e.id)).not.toContain('bad');
    expect(faultsOf(tw.world.drainEffects())).toEqual([]);
  });

  it('charges a look that cannot be built to its entity, which leaves the other views in the same tick', async () => {
    const tw = await TestWorld.create();
    for (const id of ['a', 'bad']) tw.login(record(id));
    tw.advance();
    const [a, bad] = ['a', 'bad'].map((id) => tw.world.players.get(id)!);
    // Only the sync feature reads the looks (built for every entity before the views).
    const looks = LOOKS.of(tw.world);
    breakProperty(looks, String(bad!.idx), 'the look is broken');
    tw.world.drainEffects();
    tw.clearEvents();
    tw.enqueue(move('a', 3, 0));
    tw.advance();
    delete (looks as unknown as Record<string, unknown>)[String(bad!.idx)];
    expect(faultsOf(tw.world.drainEffects())).toMatchObject([
      { where: 'phase sync/sync', message: 'the look is broken', entity: { kind: 'player', id: 'bad' } },
    ]);
    expect(tw.world.players.has('bad')).toBe(false);
    // `a`, whose view knew `bad`, is told it left, and moved on as usual.
    const [update] = tw.events('a', 'world:update');
    expect(update?.data).toMatchObject({ self: { x: 1, z: 0 }, left: [bad!.idx] });
    expect(a!.x).toBe(1);
    tw.advance();
    expect(faultsOf(tw.world.drainEffects())).toEqual([]);
  });

  it('lets the other logins of the tick through when one fails', async () => {
    const tw = await TestWorld.create();
    const broken = { ...record('bad'), skills: undefined as never };
    tw.login(broken);
    tw.login(record('good'));
    tw.advance();
    expect(tw.world.players.has('good')).toBe(true);
    expect(tw.events('good', 'player:sync')).toHaveLength(1);
    expect(tw.world.players.has('bad')).toBe(false);
    const effects = tw.world.drainEffects();
    expect(faultsOf(effects)).toMatchObject([
      {
        where: 'phase login/session',
        entity: { kind: 'player', id: 'bad' },
        action: 'login abandoned, session closed',
        stack: expect.stringContaining('TypeError'),
      },
    ]);
    expect(effects.filter((e) => e.type === 'disconnect')).toMatchObject([
      { playerId: 'bad', code: CLOSE_CODES.serverError },
    ]);
  });

  it('answers a request whose handler throws with internal_error and reports the stack', async () => {
    const tw = await TestWorld.create();
    tw.login(record('p'));
    tw.advance();
    const p = tw.world.players.get('p')!;
    Object.defineProperty(COMBAT.of(p), 'autoRetaliate', {
      configurable: true,
      get: () => true,
      set() {
        throw new Error('autoRetaliate is read-only here');
      },
    });
    tw.world.drainEffects();
    tw.enqueue({
      type: 'client',
      playerId: 'p',
      rid: 7,
      message: { event: 'player:action', data: { action: 'setAutoRetaliate', enabled: false } },
    });
    tw.advance();
    expect(tw.events('p', 'error')).toMatchObject([{ rid: 7, data: { code: 'internal_error', rid: 7 } }]);
    const effects = tw.world.drainEffects();
    expect(faultsOf(effects)).toMatchObject([
      {
        where: 'handler player:action',
        entity: { kind: 'player', id: 'p' },
        action: 'request answered internal_error',
        stack: expect.stringContaining('autoRetaliate is read-only here'),
      },
    ]);
    // A failed request is answered; the player stays.
    expect(effects.filter((e) => e.type === 'disconnect')).toEqual([]);
    expect(tw.world.players.has('p')).toBe(true);
  });
});

describe('a fault in one NPC', () => {
  it('resets that NPC (out of the world until it respawns fresh) while every other NPC goes on', async () => {
    const tw = await TestWorld.create(3);
    const npcs = [...tw.world.npcs.values()];
    const badAt = npcs.findIndex((n) => n.wanderRadius > 0);
    const bad = npcs[badAt]!;
    const later = npcs.slice(badAt + 1).filter((n) => n.wanderRadius > 0);
    expect(later.length).toBeGreaterThan(10);
    const start = later.map((n) => `${n.x},${n.z}`);
    // Every idle NPC's wander reads its radius: for `bad`, that throws.
    const radius = bad.wanderRadius;
    breakProperty(bad, 'wanderRadius', 'wanderRadius is broken');
    tw.advance(60);

    // The NPCs after it in spawn order wandered.
    const moved = later.filter((n, i) => `${n.x},${n.z}` !== start[i]);
    expect(moved.length).toBeGreaterThan(later.length / 4);
    const faults = faultsOf(tw.world.drainEffects());
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({
      where: 'phase npcs/npcs',
      message: 'wanderRadius is broken',
      entity: { kind: 'npc', id: bad.id },
    });
    expect(faults[0]?.stack).toContain('wanderRadius is broken');
    expect(bad.state).toBe('gone');
    expect(bad.stateUntil).toBe(1 + NPC_FAULT_RESPAWN_TICKS);

    // Fixed by the time it respawns: it comes back at its spawn with full health.
    Object.defineProperty(bad, 'wanderRadius', { value: radius, writable: true, configurable: true });
    tw.advance(NPC_FAULT_RESPAWN_TICKS - 60 + 1);
    expect(bad).toMatchObject({ state: 'alive', x: bad.spawn.x, z: bad.spawn.z, health: bad.maxHealth });
    expect(faultsOf(tw.world.drainEffects())).toEqual([]);
  });
});

describe('snapshotProblem', () => {
  it('passes a well-formed snapshot and names what storage could not hold', async () => {
    const tw = await TestWorld.create();
    tw.login(record('s'));
    tw.advance();
    const snapshot = snapshotOf(tw.world, tw.world.players.get('s')!);
    expect(snapshotProblem(snapshot)).toBeUndefined();
    expect(snapshotProblem({ ...snapshot, x: 1.5 })).toMatch(/^position is 1.5/);
    expect(snapshotProblem({ ...snapshot, health: -1 })).toBe('health is -1');
    const skills = { ...snapshot.skills, attack: { level: 1, xp: Infinity } };
    expect(snapshotProblem({ ...snapshot, skills })).toBe('attack experience is Infinity');
    const twice = [
      { slot: 0, itemId: 'logs', quantity: 1 },
      { slot: 0, itemId: 'logs', quantity: 1 },
    ];
    expect(snapshotProblem({ ...snapshot, inventory: twice })).toBe('inventory slot 0 is used twice');
    const none = [{ slot: 'weapon' as const, itemId: 'bronze_sword', quantity: 0 }];
    expect(snapshotProblem({ ...snapshot, equipment: none })).toBe(
      'equipment slot weapon holds 0 bronze_sword',
    );
  });
});
