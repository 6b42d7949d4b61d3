import type { ClientMessage, ServerPayload } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { StateHasher } from '../../src/sim/core/hash';
import { Rng } from '../../src/sim/core/rng';
import type { Command, Effect, JsonObject, PlayerRecord } from '../../src/sim/core/types';
import { useItemOnItem } from '../../src/sim/features/firemaking/use';
import { lightFire } from '../../src/sim/features/objects/fires';
import { chunkData } from '../../src/sim/features/objects/persist';
import { isAltered } from '../../src/sim/features/objects/types';
import { buildTileMap } from '../../src/sim/map/build-tile-map';
import { bundledWorld, record, TestWorld } from './test-world';
import { OBJECTS } from '../../src/sim/features/objects/state';

const TREE = 'oakhaven:r0'; // (-20, 20): chunk c:-1:0
const SPOT = 'mirror_lake:r0'; // (-45, -30): chunk c:-2:-1

async function world(seed = 1, ...players: PlayerRecord[]): Promise<TestWorld> {
  const { content } = await bundledWorld();
  const tw = new TestWorld(content, buildTileMap(content), seed);
  for (const p of players) tw.login(p);
  tw.advance();
  tw.clearEvents();
  return tw;
}

const client = (playerId: string, message: ClientMessage): Command => ({
  type: 'client',
  playerId,
  rid: undefined,
  message,
});
const move = (id: string, x: number, z: number) => client(id, { event: 'player:move', data: { x, z } });
const updates = (tw: TestWorld, id: string) =>
  tw.events(id, 'object:update').map((e) => e.data as ServerPayload<'object:update'>);
const shown = (tw: TestWorld, id: string) => updates(tw, id).flatMap((u) => u.objects.map((o) => o.id));
const removed = (tw: TestWorld, id: string) => updates(tw, id).flatMap((u) => u.removed);
const persists = (effects: Effect[]) =>
  effects.flatMap((e) =>
    e.type === 'persist' && e.what === 'worldChunk' ? [{ key: e.key, data: e.data }] : [],
  );

/** Steps the world once and returns the effects of that tick. */
function stepEffects(tw: TestWorld): Effect[] {
  tw.advance();
  return tw.world.drainEffects();
}

describe('object interest management', () => {
  it('sends changed objects as they come into view, removes them as they leave, resends after player:sync', async () => {
    const tw = await world(1, record('w', 0, 20), record('idle', 10, -10));
    const store = OBJECTS.of(tw.world);
    const tree = store.get(TREE)!;
    store.setDepleted(tree, true);
    store.schedule(tree, tw.world.tick + 10_000);
    tw.advance(3);
    expect(updates(tw, 'w')).toEqual([]); // 20 tiles away: out of view
    tw.enqueue(move('w', -5, 20));
    tw.advance(6); // walks one tile a tick: (−5, 20) is 15 tiles from the tree
    expect(tw.world.players.get('w')!.x).toBe(-5);
    expect(updates(tw, 'w')).toEqual([
      {
        tick: expect.any(Number),
        objects: [{ id: TREE, defId: 'tree', kind: 'resource', x: -20, z: 20, depleted: true }],
        removed: [],
      },
    ]);
    tw.advance(5);
    expect(updates(tw, 'w')).toHaveLength(1); // nothing new: nothing is re-sent
    tw.enqueue(client('w', { event: 'player:requestSync', data: {} }));
    tw.advance();
    expect(shown(tw, 'w')).toEqual([TREE, TREE]);
    tw.enqueue(move('w', 0, 20));
    tw.advance(6);
    expect(removed(tw, 'w')).toEqual([TREE]);
    // A teleport (a jump of more than a few tiles) rebuilds the view.
    const w = tw.world.players.get('w')!;
    w.x = -18;
    w.z = 18;
    tw.world.spatial.set(w.idx, w.x, w.z);
    tw.advance();
    expect(shown(tw, 'w')).toEqual([TREE, TREE, TREE]);
    expect(updates(tw, 'idle')).toEqual([]);
  });

  it('tells viewers when an object goes back to its placement, and sends nothing when nothing changes', async () => {
    const tw = await world(1, record('v', -18, 18));
    const tree = OBJECTS.of(tw.world).get(TREE)!;
    tw.advance(5);
    expect(updates(tw, 'v')).toEqual([]);
    OBJECTS.of(tw.world).setDepleted(tree, true);
    OBJECTS.of(tw.world).schedule(tree, tw.world.tick + 3);
    tw.advance(3);
    expect(shown(tw, 'v')).toEqual([TREE]);
    expect(removed(tw, 'v')).toEqual([TREE]);
    expect(OBJECTS.of(tw.world).alteredCount).toBe(0);
  });
});

describe('object interest management, randomised', () => {
  it("keeps every client's picture equal to the altered objects in its view, through moves, jumps, resyncs and changes", async () => {
    const ids = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const rng = new Rng(42);
    const box = { x0: -60, z0: -40, x1: 0, z1: 20 };
    const tw = await world(1, ...ids.map((id, i) => record(id, -30 + i * 3, -10)));
    const w = tw.world;
    const r = w.settings.viewDistance;
    const resources = [...OBJECTS.of(w).all()].filter(
      (o) => o.kind === 'resource' && o.x >= box.x0 && o.x <= box.x1 && o.z >= box.z0 && o.z <= box.z1,
    );
    const tile = () => ({ x: rng.between(box.x0, box.x1), z: rng.between(box.z0, box.z1) });
    const pictures = new Map(ids.map((id) => [id, new Map<string, unknown>()]));
    let checked = 0;
    for (let t = 0; t < 800; t++) {
      for (const id of ids) {
        const p = w.players.get(id)!;
        const roll = rng.nextInt(20);
        if (roll < 6) tw.enqueue(move(id, p.x + rng.between(-6, 6), p.z + rng.between(-6, 6)));
        else if (roll === 6) {
          const to = tile();
          if (w.map.isWalkable(to.x, to.z)) {
            p.x = to.x;
            p.z = to.z;
            p.path = [];
            w.spatial.set(p.idx, p.x, p.z);
          }
        } else if (roll === 7) tw.enqueue(client(id, { event: 'player:requestSync', data: {} }));
      }
      const op = rng.nextInt(6);
      const o = resources[rng.nextInt(resources.length)]!;
      if (op === 0 && o.defId.endsWith('_spot')) OBJECTS.of(w).schedule(o, w.tick + 1);
      else if (op === 0 && !o.depleted) {
        OBJECTS.of(w).setDepleted(o, true);
        OBJECTS.of(w).schedule(o, w.tick + rng.between(1, 30));
      } else if (op === 1) {
        const at = tile();
        if (w.map.isWalkable(at.x, at.z) && OBJECTS.of(w).at(at.x, at.z).length === 0)
          lightFire(w, at.x, at.z, rng.between(1, 40));
      }
      tw.clearEvents();
      tw.advance();
      for (const id of ids) {
        const picture = pictures.get(id)!;
        for (const e of tw.received.get(id) ?? []) {
          if (e.event === 'player:sync') picture.clear();
          if (e.event !== 'object:update') continue;
          const u = e.data as ServerPayload<'object:update'>;
          for (const gone of u.removed) picture.delete(gone);
          for (const seen of u.objects) picture.set(seen.id, seen);
        }
        const p = w.players.get(id)!;
        const truth = new Map<string, unknown>();
        for (const x of OBJECTS.of(w).all())
          if (isAltered(x) && Math.abs(x.x - p.x) <= r && Math.abs(x.z - p.z) <= r)
            truth.set(x.id, { id: x.id, defId: x.defId, kind: x.kind, x: x.x, z: x.z, depleted: x.depleted });
        expect(picture).toEqual(truth);
        checked += truth.size;
      }
    }
    expect(checked).toBeGreaterThan(500); // the property was exercised, not passed with empty views
  });
});

describe('object persistence', () => {
  it('emits the whole chunk state once per changed chunk and tick, and restores it into a fresh world', async () => {
    const tw = await world(1);
    const store = OBJECTS.of(tw.world);
    const tree = store.get(TREE)!;
    const spot = store.get(SPOT)!;
    store.setDepleted(tree, true);
    store.schedule(tree, tw.world.tick + 60);
    store.move(spot, -45, -28);
    store.schedule(spot, tw.world.tick + 300);
    lightFire(tw.world, 3, 3, 100);
    lightFire(tw.world, 4, 3, 120);
    const effects = persists(stepEffects(tw));
    expect(effects.map((e) => e.key).sort()).toEqual(['c:-1:0', 'c:-2:-1', 'c:0:0']);
    const fires = effects.find((e) => e.key === 'c:0:0')!.data;
    expect(fires).toEqual({
      v: 1,
      objects: [
        {
          id: 'fire:1',
          defId: 'fire',
          kind: 'station',
          x: 3,
          z: 3,
          depleted: false,
          dynamic: true,
          ticksLeft: 99,
          gathersLeft: 0,
        },
        {
          id: 'fire:2',
          defId: 'fire',
          kind: 'station',
          x: 4,
          z: 3,
          depleted: false,
          dynamic: true,
          ticksLeft: 119,
          gathersLeft: 0,
        },
      ],
    });
    expect(persists(stepEffects(tw))).toEqual([]); // nothing changed: nothing written

    const fresh = await world(1);
    fresh.enqueue({ type: 'restore', what: 'worldChunk', entries: effects });
    fresh.advance();
    // Restored on the tick after the one the records were written in, as a restart would.
    expect(fresh.world.tick).toBe(tw.world.tick - 1);
    for (const { key, data } of effects) expect(chunkData(fresh.world, key)).toEqual(data);
    expect(persists(fresh.world.drainEffects())).toEqual([]); // restoring writes nothing back
    const f = OBJECTS.of(fresh.world);
    expect(f.get(TREE)).toMatchObject({
      depleted: true,
      timerAt: tree.timerAt,
    });
    expect(f.get(SPOT)).toMatchObject({ x: -45, z: -28 });
    expect(f.get('fire:2')).toMatchObject({ x: 4, z: 3, dynamic: true });
    expect(fresh.world.map.isWalkable(3, 3)).toBe(false);
    const hash = (tw: TestWorld) => {
      const h = new StateHasher();
      OBJECTS.of(tw.world).hashInto(h);
      return h.digest();
    };
    // Same tick, same state: the two stores hash alike.
    fresh.advance();
    expect(hash(fresh)).toBe(hash(tw));
    expect(f.nextDynamicId()).toBe('fire:3'); // restored fires' numbers are not reused
  });

  it('writes an emptied chunk when everything is back to its placement, and refuses bad records', async () => {
    const tw = await world(1);
    const tree = OBJECTS.of(tw.world).get(TREE)!;
    OBJECTS.of(tw.world).setDepleted(tree, true);
    OBJECTS.of(tw.world).schedule(tree, tw.world.tick + 2);
    expect(persists(stepEffects(tw)).map((e) => e.key)).toEqual(['c:-1:0']);
    expect(persists(stepEffects(tw))).toEqual([{ key: 'c:-1:0', data: { v: 1, objects: [] } }]);
    const bad: JsonObject = { v: 2, objects: 'nope' };
    tw.enqueue({ type: 'restore', what: 'worldChunk', entries: [{ key: 'c:0:0', data: bad }] });
    const effects = stepEffects(tw);
    expect(effects.filter((e) => e.type === 'fault')).toHaveLength(1);
  });
});

describe('determinism', () => {
  it('two worlds with the same seed and inputs gather, fish and light fires alike', async () => {
    const run = async () => {
      const tw = await world(
        9,
        { ...record('c', -17, 20), inventory: [{ slot: 0, itemId: 'bronze_axe', quantity: 1 }] },
        { ...record('f', -42, -30), inventory: [{ slot: 0, itemId: 'small_fishing_net', quantity: 1 }] },
        {
          ...record('m', 0, 0),
          inventory: [
            { slot: 0, itemId: 'tinderbox', quantity: 1 },
            { slot: 1, itemId: 'logs', quantity: 1 },
          ],
        },
      );
      const gather = (id: string, objectId: string) =>
        client(id, { event: 'player:action', data: { action: 'gather', objectId } });
      tw.enqueue(gather('c', TREE));
      tw.enqueue(gather('f', SPOT));
      useItemOnItem(tw.world, tw.world.players.get('m')!, 0, 1);
      const hashes: number[] = [];
      for (let t = 0; t < 120; t++) {
        tw.advance();
        const h = new StateHasher().num(tw.world.hash());
        OBJECTS.of(tw.world).hashInto(h);
        hashes.push(h.digest());
      }
      return { hashes, tw };
    };
    const one = await run();
    const two = await run();
    expect(two.hashes).toEqual(one.hashes);
    expect(one.tw.world.players.get('f')!.inventory.count('raw_shrimps')).toBeGreaterThan(0);
    expect(one.tw.world.players.get('m')!.skills.firemaking.xp).toBe(40);
  });
});
