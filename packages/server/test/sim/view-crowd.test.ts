import { RETURN_MEMORY, type EntitySnapshot, type ServerPayload } from '@tilerealm/protocol';
import { WorldModel } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { LEAVE_MARGIN, MIN_VIEW } from '../../src/sim/features/sync/sync';
import { departedOf, viewHandles, viewRadius } from '../../src/sim/features/sync/view-sets';
import { record, TestWorld } from './test-world';

/** The entities a client knows, rebuilt by the SDK's world model from what it received (handle -> id). */
function known(tw: TestWorld, playerId: string): Map<number, string> {
  const model = new WorldModel();
  for (const e of tw.events(playerId))
    model.apply({ ...e, rid: undefined } as Parameters<WorldModel['apply']>[0]);
  return new Map([...model.entities].map(([idx, e]) => [idx, e.id]));
}

const move = (playerId: string, x: number, z: number) => ({
  type: 'client' as const,
  playerId,
  rid: undefined,
  message: { event: 'player:move' as const, data: { x, z, run: false } },
});

describe('view radius', () => {
  it('never lets a client know an entity beyond the view distance', async () => {
    const tw = await TestWorld.create(1, { viewDistance: 5 });
    tw.login(record('a', 0, 0));
    tw.login(record('b', 5, 0));
    tw.login(record('far', 6, 0));
    tw.advance();
    expect([...known(tw, 'a').values()].filter((id) => id === 'b' || id === 'far')).toEqual(['b']);
    // At the full view distance there is no margin: one tile beyond it, b leaves.
    tw.enqueue(move('b', 6, 0));
    tw.advance(2);
    expect(tw.world.players.get('b')?.x).toBe(6);
    expect([...known(tw, 'a').values()]).not.toContain('b');
  });

  it('keeps an entity in a shrunk view until it is the margin beyond the radius', async () => {
    const tw = await TestWorld.create(1, { viewDistance: 7, viewCrowd: 2 });
    tw.login(record('a', 0, 0));
    // A small crowd around `a`: its view shrinks a tile a tick, from 7 to MIN_VIEW.
    for (const [x, z] of [
      [1, 0],
      [0, 1],
      [-1, 0],
    ] as const)
      tw.login(record(`c${x}_${z}`, x, z));
    tw.login(record('b', MIN_VIEW, 0));
    tw.advance(1 + 7 - MIN_VIEW);
    expect(viewRadius(tw.world, tw.world.players.get('a')!)).toBe(MIN_VIEW);
    expect([...known(tw, 'a').values()]).toContain('b');
    // b walks out to the radius plus the margin: still known, its moves reported.
    tw.enqueue(move('b', MIN_VIEW + LEAVE_MARGIN, 0));
    tw.advance(LEAVE_MARGIN + 1);
    expect(tw.world.players.get('b')?.x).toBe(MIN_VIEW + LEAVE_MARGIN);
    expect([...known(tw, 'a').values()]).toContain('b');
    // One more tile: it leaves.
    tw.enqueue(move('b', MIN_VIEW + LEAVE_MARGIN + 1, 0));
    tw.advance(2);
    expect([...known(tw, 'a').values()]).not.toContain('b');
  });

  it('shrinks in a crowd down to what the crowd setting holds, and grows back once it thins', async () => {
    const crowd = 12;
    const tw = await TestWorld.create(1, { viewDistance: 15, viewCrowd: crowd });
    tw.login(record('me', 0, 0));
    const others: string[] = [];
    // 120 players on distinct tiles within 14 of `me` (each 3 tiles apart).
    for (let x = -14; x <= 14; x += 3)
      for (let z = -14; z <= 14; z += 3) {
        if (x === 0 && z === 0) continue;
        if (Math.abs(x) < 2 && Math.abs(z) < 2) continue;
        others.push(`o${x}_${z}`);
        tw.login(record(`o${x}_${z}`, x, z));
      }
    tw.advance();
    const meView = tw.world.players.get('me')!;
    expect(known(tw, 'me').size).toBeGreaterThan(crowd * 4);
    tw.advance(20);
    const me = tw.world.players.get('me')!;
    // Shrunk (never under MIN_VIEW), and the client knows exactly what
    // the server counts as in view, all within radius + margin.
    expect(viewRadius(tw.world, meView)).toBeLessThan(15);
    expect(viewRadius(tw.world, meView)).toBeGreaterThanOrEqual(MIN_VIEW);
    const seen = known(tw, 'me');
    expect(new Set(seen.keys())).toEqual(new Set(viewHandles(tw.world, meView)));
    for (const id of seen.values()) {
      const o = tw.world.players.get(id) ?? [...tw.world.npcs.values()].find((n) => n.id === id);
      expect(o).toBeDefined();
      expect(Math.max(Math.abs(o!.x - me.x), Math.abs(o!.z - me.z))).toBeLessThanOrEqual(
        viewRadius(tw.world, meView) + LEAVE_MARGIN,
      );
    }
    // This crowd is so dense that even the smallest view holds more than `crowd`: it stays there.
    expect(viewRadius(tw.world, meView)).toBe(MIN_VIEW);
    expect(seen.size).toBeLessThan(others.length / 3);
    // The crowd leaves: the view grows back a tile a tick to the full view distance.
    for (const id of others) tw.enqueue({ type: 'logout', playerId: id, reason: 'test' });
    tw.advance(15);
    expect(viewRadius(tw.world, meView)).toBe(15);
    expect(new Set(known(tw, 'me').keys())).toEqual(new Set(viewHandles(tw.world, meView)));
  });

  it('keeps every client picture exact through short moves, leaves and returns', async () => {
    const tw = await TestWorld.create(7, { viewDistance: 8, viewCrowd: 10 });
    const ids: string[] = [];
    // More walkers than a client keeps departed ones: the oldest are dropped, and come back whole.
    const walkers = RETURN_MEMORY + 32;
    for (let i = 0; i < walkers; i++) {
      ids.push(`w${i}`);
      tw.login(record(`w${i}`, (i % 16) * 2 - 16, Math.floor(i / 16) * 2 - 10));
    }
    let fullest = 0;
    const models = new Map(ids.map((id) => [id, new WorldModel()]));
    let returns = 0;
    let changedBack = 0;
    let seed = 99;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let t = 0; t < 120; t++) {
      for (const id of ids)
        if (rand(3) === 0)
          tw.enqueue({
            type: 'client',
            playerId: id,
            rid: undefined,
            message: {
              event: 'player:move',
              data: { x: rand(25) - 12, z: rand(25) - 12, run: rand(2) === 0 },
            },
          });
      // Now and then one wields or puts away a sword: a look changed while away must come whole.
      if (t > 0 && t % 3 === 0) {
        const p = tw.world.players.get(ids[rand(ids.length)] ?? '')!;
        p.equipment.set(
          'weapon',
          p.equipment.itemId('weapon') ? undefined : { itemId: 'bronze_sword', quantity: 1 },
        );
      }
      tw.advance();
      // Every client's picture against the server's, compared once per tick (one deep comparison).
      const seen: Record<string, unknown> = {};
      const truth: Record<string, unknown> = {};
      for (const id of ids) {
        const model = models.get(id)!;
        for (const e of tw.events(id)) {
          if (e.event === 'world:update') {
            const u = e.data as ServerPayload<'world:update'>;
            returns += u.returned?.length ?? 0;
            // Back with a look changed while away: the return and a change from the kept look.
            const back = new Set(u.returned?.map((r) => r[0]));
            changedBack += u.changed?.filter((c) => back.has(c.idx)).length ?? 0;
          }
          model.apply({ ...e, rid: undefined } as Parameters<WorldModel['apply']>[0]);
        }
        // The server's departed list is the one the client keeps (the model's, private to it).
        const departed = departedOf(tw.world, tw.world.players.get(id)!);
        expect(departed).toEqual([
          ...(model as unknown as { departed: Map<number, unknown> }).departed.keys(),
        ]);
        fullest = Math.max(fullest, departed.length);
        // (The gait comes with moves: a run switched on standing still shows with the next step.)
        seen[id] = [...model.entities]
          .map(([idx, e]): Partial<EntitySnapshot> => ({
            idx,
            id: e.id,
            x: e.x,
            z: e.z,
            y: e.y,
            worn: e.worn?.weapon ? { weapon: e.worn.weapon } : undefined,
          }))
          .sort((a, b) => (a.idx ?? 0) - (b.idx ?? 0));
        truth[id] = viewHandles(tw.world, tw.world.players.get(id)!)
          .sort((a, b) => a - b)
          .map((idx): Partial<EntitySnapshot> => {
            const o = tw.world.byIdx[idx]!;
            const weapon = o.kind === 'player' ? o.equipment.itemId('weapon') : undefined;
            return {
              idx,
              id: o.id,
              x: o.x,
              z: o.z,
              y: tw.world.heightAt(o.x, o.z),
              worn: weapon ? { weapon } : undefined,
            };
          });
      }
      expect(seen).toEqual(truth);
      tw.clearEvents();
    }
    // Walkers crossing the edges of small views come back often: the short form is used.
    expect(returns).toBeGreaterThan(20);
    expect(fullest).toBe(RETURN_MEMORY);
    expect(changedBack).toBeGreaterThan(0);
  });
});
