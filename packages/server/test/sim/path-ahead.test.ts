import { describe, expect, it } from 'vitest';
import type { Player } from '../../src/sim/core/player';
import type { Command } from '../../src/sim/core/types';
import { World } from '../../src/sim/core/world';
import { FEATURES } from '../../src/sim/features';
import { PATH_AHEAD } from '../../src/sim/features/movement/path-ahead';
import { buildTileMap } from '../../src/sim/map/build-tile-map';
import { findPath, type PathResult, type TilePos } from '../../src/sim/map/pathfinder';
import { bundledWorld, randomInputs, record, TestWorld } from './test-world';

const move = (playerId: string, x: number, z: number): Command => ({
  type: 'client',
  playerId,
  rid: undefined,
  message: { event: 'player:move', data: { x, z } },
});

/** `p` took the first step of `steps` this tick and has the rest ahead of it. */
function expectWalking(p: Player, steps: readonly TilePos[]): void {
  expect(steps.length).toBeGreaterThan(0);
  expect([p.x, p.z]).toEqual([steps[0]?.x, steps[0]?.z]);
  expect(p.path).toEqual(steps.slice(1));
}

/** The steps of a search that must succeed. */
const stepsOf = (r: PathResult): TilePos[] => (r.ok ? r.steps : []);

/** A test world on a map of its own (these tests change the map's walkability). */
async function ownMapWorld(): Promise<TestWorld> {
  const { content } = await bundledWorld();
  return new TestWorld(content, buildTileMap(content));
}

describe('walks searched ahead of their tick (path-ahead.ts)', () => {
  it('searches a move as it is queued and walks that path in the tick', async () => {
    const tw = await ownMapWorld();
    tw.login(record('a'));
    tw.advance();
    const p = tw.world.players.get('a')!;
    tw.enqueue(move('a', 6, 3));
    const ahead = PATH_AHEAD.of(p);
    expect(ahead.result).toMatchObject({ ok: true });
    // A copy: the tick walks the same array (its first step taken off).
    const searched = ahead.result?.ok ? [...ahead.result.steps] : [];
    tw.advance();
    // Taken by the tick: its first step walked, the rest is the player's path.
    expect(ahead.result).toBeUndefined();
    expectWalking(p, searched);
  });

  it('searches afresh when the player is elsewhere by the tick (a teleport in the input phase)', async () => {
    const tw = await ownMapWorld();
    tw.login(record('b'));
    tw.advance();
    const p = tw.world.players.get('b')!;
    tw.enqueue(move('b', 6, 0));
    expect(PATH_AHEAD.of(p).result).toMatchObject({ ok: true });
    // What an input-phase teleport does before the players phase searches.
    p.x = 0;
    p.z = 5;
    tw.world.spatial.set(p.idx, p.x, p.z);
    const fresh = stepsOf(findPath(tw.world.map, { x: 0, z: 5 }, { x: 6, z: 0 }));
    tw.advance();
    expectWalking(p, fresh);
  });

  it('searches afresh when the map changed by the tick (a tile of the path blocked)', async () => {
    const tw = await ownMapWorld();
    tw.login(record('c'));
    tw.advance();
    const p = tw.world.players.get('c')!;
    tw.enqueue(move('c', 6, 0));
    const kept = PATH_AHEAD.of(p).result;
    const first = kept?.ok ? kept.steps[0] : undefined;
    expect(first).toBeDefined();
    // The first tile of the searched path is blocked before the tick: walking the kept path would
    // step onto it.
    tw.world.map.addBlocker(first!.x, first!.z);
    tw.advance();
    expect([p.x, p.z]).not.toEqual([first!.x, first!.z]);
    expect(tw.world.map.isWalkable(p.x, p.z)).toBe(true);
    expect(p.path.length).toBeGreaterThan(0);
    expect(p.path.some((s) => s.x === first!.x && s.z === first!.z)).toBe(false);
  });

  it('searches one move a player between two ticks; a later one is searched by the tick', async () => {
    const tw = await ownMapWorld();
    tw.login(record('d'));
    tw.advance();
    const p = tw.world.players.get('d')!;
    tw.enqueue(move('d', 6, 0));
    tw.enqueue(move('d', 0, 6));
    const ahead = PATH_AHEAD.of(p);
    expect(ahead).toMatchObject({ toX: 6, toZ: 0 });
    tw.advance();
    // The newest click wins, searched in the tick from where the player stood.
    expectWalking(p, stepsOf(findPath(tw.world.map, { x: 0, z: 0 }, { x: 0, z: 6 })));
    // The next interval searches again.
    tw.enqueue(move('d', 3, 3));
    expect(ahead).toMatchObject({ toX: 3, toZ: 3 });
    expect(ahead.result).toMatchObject({ ok: true });
  });

  it('leaves the world as it would be without searching ahead (same states, tick by tick)', async () => {
    const { content, map } = await bundledWorld();
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    const inputs = randomInputs(7, players, 60);
    const ahead = new World({ content, map, seed: 3, features: FEATURES });
    const inTick = new World({ content, map, seed: 3, features: FEATURES });
    // The same commands, handed to one world as a server does (queued, so prepared) and to the
    // other behind the preparer's back, straight into the tick's queue.
    const queueOf = (w: World) => (w as unknown as { queue: Command[] }).queue;
    let searchedAhead = 0;
    for (const commands of inputs) {
      for (const c of commands) {
        ahead.enqueue(c);
        queueOf(inTick).push(c);
        if (c.type === 'client' && c.message.event === 'player:move') {
          const p = ahead.players.get(c.playerId);
          if (p && PATH_AHEAD.of(p).result !== undefined) searchedAhead++;
        }
      }
      ahead.step();
      inTick.step();
      expect(ahead.hash()).toBe(inTick.hash());
    }
    expect(searchedAhead).toBeGreaterThan(10);
  });

  it('a preparer that throws leaves the request to its tick', async () => {
    const tw = await ownMapWorld();
    tw.login(record('e'));
    tw.advance();
    const p = tw.world.players.get('e')!;
    // A target whose search throws ahead of the tick (a broken preparer): the move still happens.
    const original = PATH_AHEAD.of(p);
    Object.defineProperty(original, 'tick', {
      get: () => {
        throw new Error('broken preparer');
      },
      set: () => undefined,
      configurable: true,
    });
    expect(() => tw.enqueue(move('e', 3, 0))).not.toThrow();
    tw.advance();
    expect([p.x, p.z]).toEqual([1, 0]);
  });
});
