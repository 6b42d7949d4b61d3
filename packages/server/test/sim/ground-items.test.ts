import type { ClientEventName, ClientMessage, ClientPayload, GroundItemSnapshot } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import type { Command, PlayerRecord } from '../../src/sim/core/types';
import { spawnGroundItem } from '../../src/sim/features/ground-items/spawn';
import { MAX_STACK } from '../../src/sim/items/types';
import { record, TestWorld } from './test-world';
import { GROUND_ITEMS } from '../../src/sim/features/ground-items/state';

function client<E extends ClientEventName>(
  playerId: string,
  event: E,
  data: ClientPayload<E>,
  rid?: number,
): Command {
  return { type: 'client', playerId, rid, message: { event, data } as ClientMessage };
}
const drop = (id: string, slot: number, quantity?: number, rid?: number) =>
  client(id, 'inventory:drop', quantity === undefined ? { slot } : { slot, quantity }, rid);
const pickup = (id: string, groundItemId: string, rid?: number) =>
  client(id, 'player:action', { action: 'pickup', groundItemId }, rid);
const move = (id: string, x: number, z: number, rid?: number) => client(id, 'player:move', { x, z }, rid);

interface Update {
  tick: number;
  itemsAdded?: GroundItemSnapshot[];
  itemsRemoved?: string[];
}
const updates = (tw: TestWorld, id: string) => tw.events(id, 'world:update').map((e) => e.data as Update);
const added = (tw: TestWorld, id: string) => updates(tw, id).flatMap((u) => u.itemsAdded ?? []);
const removed = (tw: TestWorld, id: string) => updates(tw, id).flatMap((u) => u.itemsRemoved ?? []);
const errors = (tw: TestWorld, id: string) =>
  tw.events(id, 'error').map((e) => (e.data as { code: string }).code);
const acks = (tw: TestWorld, id: string) =>
  tw.events(id, 'ack').map((e) => (e.data as { result?: unknown }).result);

async function world(...players: Array<Partial<PlayerRecord> & { id: string }>): Promise<TestWorld> {
  const tw = await TestWorld.create();
  for (const p of players) tw.login({ ...record(p.id), ...p });
  tw.advance();
  tw.clearEvents();
  return tw;
}
const slots = (...items: Array<[string, number]>) =>
  items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity }));

describe('dropping and visibility', () => {
  it('shows a drop to its owner at once, to others after 100 ticks, and despawns it 100 ticks later', async () => {
    const tw = await world({ id: 'a', inventory: slots(['bones', 1]) }, { id: 'b', x: 2 });
    tw.enqueue(drop('a', 0, undefined, 1));
    tw.advance();
    const t = tw.world.tick;
    expect(acks(tw, 'a')).toEqual([{ groundItemId: 'g1', itemId: 'bones', quantity: 1 }]);
    expect(tw.world.players.get('a')!.inventory.entries()).toEqual([]);
    expect(GROUND_ITEMS.of(tw.world).byId('g1')).toMatchObject({
      owner: 'a',
      x: 0,
      z: 0,
      spawnedTick: t,
      publicAtTick: t + 100,
      despawnAtTick: t + 200,
    });
    expect(added(tw, 'a')).toEqual([{ id: 'g1', itemId: 'bones', quantity: 1, x: 0, z: 0 }]);
    expect(added(tw, 'b')).toEqual([]);
    tw.enqueue(pickup('b', 'g1', 2)); // a guessed id of a pile b may not see yet: as if it did not exist
    tw.advance(99);
    expect(errors(tw, 'b')).toEqual(['ground_item_gone']);
    expect(added(tw, 'b')).toEqual([]);
    tw.advance();
    expect(tw.world.tick).toBe(t + 100);
    expect(added(tw, 'b')).toEqual([{ id: 'g1', itemId: 'bones', quantity: 1, x: 0, z: 0 }]);
    expect(added(tw, 'a')).toHaveLength(1); // the owner is not told again
    tw.advance(99);
    expect(GROUND_ITEMS.of(tw.world).size).toBe(1);
    tw.advance();
    expect(tw.world.tick).toBe(t + 200);
    expect(GROUND_ITEMS.of(tw.world).size).toBe(0);
    expect(removed(tw, 'a')).toEqual(['g1']);
    expect(removed(tw, 'b')).toEqual(['g1']);
  });

  it('refuses quest items and empty slots, and drops at most the slot, one of an unstackable item', async () => {
    const inventory = slots(['finns_letter', 1], ['coins', 50], ['shrimps', 1]);
    const tw = await world({ id: 'a', inventory });
    tw.enqueue(drop('a', 0, undefined, 1));
    tw.enqueue(drop('a', 5, undefined, 2));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['not_droppable', 'empty_slot']);
    expect(tw.world.players.get('a')!.inventory.entries()).toEqual(inventory);
    expect(GROUND_ITEMS.of(tw.world).size).toBe(0);
    tw.enqueue(drop('a', 1, 80, 3));
    tw.enqueue(drop('a', 2, 5, 4));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([
      { groundItemId: 'g1', itemId: 'coins', quantity: 50 },
      { groundItemId: 'g2', itemId: 'shrimps', quantity: 1 },
    ]);
    expect(tw.world.players.get('a')!.inventory.entries()).toEqual([inventory[0]]);
  });
});

describe('merging', () => {
  it("merges a stackable drop into the owner's owner-only pile and tells viewers removed + added", async () => {
    const tw = await world(
      { id: 'a', inventory: slots(['coins', 1000], ['bones', 1], ['bones', 1]) },
      { id: 'b', inventory: slots(['coins', 5]) },
    );
    tw.enqueue(drop('a', 0, 100));
    tw.advance(5);
    tw.enqueue(drop('a', 0, 150));
    tw.enqueue(drop('b', 0)); // another owner's coins: a separate pile on the same tile
    tw.enqueue(drop('a', 1));
    tw.enqueue(drop('a', 2));
    tw.advance();
    const t = tw.world.tick;
    const g1 = GROUND_ITEMS.of(tw.world).byId('g1')!;
    expect(g1).toMatchObject({
      itemId: 'coins',
      quantity: 250,
      publicAtTick: t + 100,
      despawnAtTick: t + 200,
    });
    expect(
      GROUND_ITEMS.of(tw.world)
        .at(0, 0)
        .map((p) => [p.id, p.itemId, p.quantity]),
    ).toEqual([
      ['g1', 'coins', 250],
      ['g2', 'coins', 5],
      ['g3', 'bones', 1],
      ['g4', 'bones', 1],
    ]);
    const last = updates(tw, 'a').at(-1)!;
    expect(last.itemsRemoved).toEqual(['g1']);
    expect(last.itemsAdded).toEqual([
      { id: 'g1', itemId: 'coins', quantity: 250, x: 0, z: 0 },
      { id: 'g3', itemId: 'bones', quantity: 1, x: 0, z: 0 },
      { id: 'g4', itemId: 'bones', quantity: 1, x: 0, z: 0 },
    ]);
  });

  it('makes a separate pile when the sum would pass the stack maximum or the old pile is already public', async () => {
    const tw = await world({ id: 'a', inventory: slots(['coins', 100]) });
    const big = spawnGroundItem(tw.world, {
      itemId: 'coins',
      quantity: MAX_STACK - 5,
      x: 0,
      z: 0,
      owner: 'a',
    });
    expect(big.ok).toBe(true);
    tw.enqueue(drop('a', 0, 10));
    tw.advance(100); // g1 and g2 are public now
    tw.enqueue(drop('a', 0, 10));
    tw.advance();
    expect(
      GROUND_ITEMS.of(tw.world)
        .at(0, 0)
        .map((p) => p.quantity),
    ).toEqual([MAX_STACK - 5, 10, 10]);
    const ownerless = (q: number) =>
      spawnGroundItem(tw.world, { itemId: 'coins', quantity: q, x: 3, z: 3, owner: null });
    ownerless(7);
    const again = ownerless(8);
    expect(again.ok && again.merged).toBe(true);
    expect(
      GROUND_ITEMS.of(tw.world)
        .at(3, 3)
        .map((p) => p.quantity),
    ).toEqual([15]);
  });
});

describe('pickup', () => {
  it('walks onto the tile, then takes the pile; viewers see it removed', async () => {
    const tw = await world({ id: 'a' }, { id: 'b', x: -2 });
    spawnGroundItem(tw.world, { itemId: 'feather', quantity: 30, x: 3, z: 0, owner: null });
    tw.advance();
    tw.enqueue(pickup('a', 'g1', 7));
    tw.advance(2);
    const a = tw.world.players.get('a')!;
    expect([a.x, a.z]).toEqual([2, 0]);
    expect(acks(tw, 'a')).toEqual([]);
    tw.advance();
    expect([a.x, a.z]).toEqual([3, 0]);
    expect(acks(tw, 'a')).toEqual([{ groundItemId: 'g1', itemId: 'feather', quantity: 30 }]);
    expect(a.inventory.entries()).toEqual(slots(['feather', 30]));
    expect(GROUND_ITEMS.of(tw.world).size).toBe(0);
    expect(removed(tw, 'a')).toEqual(['g1']);
    expect(removed(tw, 'b')).toEqual(['g1']);
    tw.enqueue(pickup('a', 'g1', 8));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['ground_item_gone']);
  });

  it('takes each item of a pile on its own tile, one by one, without walking', async () => {
    const tw = await world({ id: 'a', x: 1, z: 1 });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: 1, z: 1, owner: null });
    spawnGroundItem(tw.world, { itemId: 'feather', quantity: 5, x: 1, z: 1, owner: null });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: 1, z: 1, owner: 'a' });
    tw.advance();
    expect(GROUND_ITEMS.of(tw.world).size).toBe(3);
    const a = tw.world.players.get('a')!;
    tw.enqueue(pickup('a', 'g2', 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ groundItemId: 'g2', itemId: 'feather', quantity: 5 }]);
    tw.enqueue(pickup('a', 'g3', 2));
    tw.advance();
    tw.enqueue(pickup('a', 'g1', 3));
    tw.advance();
    expect(errors(tw, 'a')).toEqual([]);
    expect(acks(tw, 'a')).toEqual([
      { groundItemId: 'g2', itemId: 'feather', quantity: 5 },
      { groundItemId: 'g3', itemId: 'bones', quantity: 1 },
      { groundItemId: 'g1', itemId: 'bones', quantity: 1 },
    ]);
    expect([a.x, a.z]).toEqual([1, 1]);
    expect(GROUND_ITEMS.of(tw.world).size).toBe(0);
  });

  it('is cancelled by a later move request, and supersedes an earlier one', async () => {
    const tw = await world({ id: 'a' });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: 4, z: 0, owner: null });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: -4, z: 0, owner: null });
    tw.enqueue(pickup('a', 'g1', 1));
    tw.enqueue(move('a', 0, 3, 2));
    tw.advance();
    tw.enqueue(move('a', 0, -3, 3));
    tw.enqueue(pickup('a', 'g1', 4));
    tw.advance(5);
    tw.enqueue(pickup('a', 'g2', 5));
    tw.advance();
    tw.enqueue(move('a', 0, 0, 6));
    tw.advance(6);
    expect(tw.events('a', 'ack').map((e) => e.data)).toEqual([
      { event: 'player:action', result: { superseded: true } },
      { event: 'player:move', result: { steps: 3, reachedTarget: true } },
      { event: 'player:move', result: { superseded: true } },
      { event: 'player:action', result: { groundItemId: 'g1', itemId: 'bones', quantity: 1 } },
      { event: 'player:action', result: { superseded: true } },
      { event: 'player:move', result: { steps: 3, reachedTarget: true } },
    ]);
    expect(errors(tw, 'a')).toEqual([]);
    expect(GROUND_ITEMS.of(tw.world).at(-4, 0)).toHaveLength(1);
    expect([tw.world.players.get('a')!.x, tw.world.players.get('a')!.z]).toEqual([0, 0]);
  });

  it('gives a pile two players reach in the same tick to the first in world order', async () => {
    const tw = await world({ id: 'a', x: -1 }, { id: 'b', x: 1 });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: 0, z: 0, owner: null });
    tw.enqueue(pickup('b', 'g1', 1));
    tw.enqueue(pickup('a', 'g1', 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ groundItemId: 'g1', itemId: 'bones', quantity: 1 }]);
    expect(errors(tw, 'b')).toEqual(['ground_item_gone']);
  });

  it('keeps the pile when the inventory is full, all or nothing', async () => {
    const full = Array.from({ length: 28 }, (_, slot) => ({
      slot,
      itemId: slot === 0 ? 'feather' : 'logs',
      quantity: slot === 0 ? 10 : 1,
    }));
    const tw = await world({ id: 'a', inventory: full });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: 0, z: 0, owner: null });
    spawnGroundItem(tw.world, { itemId: 'feather', quantity: MAX_STACK - 5, x: 0, z: 0, owner: null });
    spawnGroundItem(tw.world, { itemId: 'feather', quantity: 5, x: 0, z: 0, owner: 'a' });
    for (const [rid, id] of [
      [1, 'g1'],
      [2, 'g2'],
      [3, 'g3'],
    ] as const) {
      tw.enqueue(pickup('a', id, rid));
      tw.advance();
    }
    expect(errors(tw, 'a')).toEqual(['inventory_full', 'inventory_full']);
    expect(acks(tw, 'a')).toEqual([{ groundItemId: 'g3', itemId: 'feather', quantity: 5 }]);
    expect(
      GROUND_ITEMS.of(tw.world)
        .at(0, 0)
        .map((p) => p.id),
    ).toEqual(['g1', 'g2']);
    expect(tw.world.players.get('a')!.inventory.count('feather')).toBe(15);
  });

  it('fails with no_path for an unreachable pile and when the walk stops short', async () => {
    const tw = await world({ id: 'a' });
    expect(tw.world.map.isWalkable(-12, 6)).toBe(false); // a wall
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: -12, z: 6, owner: null });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: 5, z: 0, owner: null });
    tw.enqueue(pickup('a', 'g1', 3));
    tw.advance();
    tw.enqueue(pickup('a', 'g2', 1));
    tw.advance();
    tw.world.players.get('a')!.path = []; // the walk ends short (the map changed under it)
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['no_path', 'no_path']);
    expect(GROUND_ITEMS.of(tw.world).size).toBe(2);
  });

  it('ends the walk on player:action stop, acked as superseded like any newer request', async () => {
    const tw = await world({ id: 'a' });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: 5, z: 0, owner: null });
    tw.enqueue(pickup('a', 'g1', 1));
    tw.advance();
    tw.enqueue(client('a', 'player:action', { action: 'stop' }, 2));
    tw.advance(10);
    expect(errors(tw, 'a')).toEqual([]);
    expect(acks(tw, 'a')).toEqual([{ superseded: true }, undefined]);
    expect(GROUND_ITEMS.of(tw.world).size).toBe(1);
  });
});

describe('world:update deltas', () => {
  it('tells viewers as piles come into and leave their view, and again after a player:sync', async () => {
    const tw = await world({ id: 'near', x: 15 }, { id: 'far', x: 16 });
    spawnGroundItem(tw.world, { itemId: 'bones', quantity: 1, x: 0, z: 0, owner: null });
    tw.advance();
    expect(added(tw, 'near').map((p) => p.id)).toEqual(['g1']);
    expect(added(tw, 'far')).toEqual([]);
    tw.enqueue(move('near', 16, 0));
    tw.enqueue(move('far', 15, 0));
    tw.advance();
    expect(removed(tw, 'near')).toEqual(['g1']);
    expect(added(tw, 'far').map((p) => p.id)).toEqual(['g1']);
    tw.clearEvents();
    tw.advance(3);
    expect(updates(tw, 'far').filter((u) => u.itemsAdded || u.itemsRemoved)).toEqual([]);
    tw.enqueue(client('far', 'player:requestSync', {}));
    tw.advance();
    expect(added(tw, 'far').map((p) => p.id)).toEqual(['g1']);
  });
});

describe('determinism', () => {
  it('gives the same hash for the same drops and pickups, and the ground changes the hash', async () => {
    const base = await TestWorld.create(3);
    const run = (withDrop: boolean) => {
      const tw = new TestWorld(base.world.content, base.world.map, 3);
      tw.login({ ...record('a'), inventory: slots(['coins', 100], ['bones', 1]) });
      tw.login({ ...record('b', 2, 1) });
      const hashes: number[] = [];
      for (let t = 0; t < 250; t++) {
        if (withDrop && t === 2) tw.enqueue(drop('a', 0, 40));
        if (t === 3) tw.enqueue(drop('a', 1));
        if (t === 110) tw.enqueue(pickup('b', 'g1'));
        tw.advance();
        hashes.push(tw.world.hash());
      }
      return { hashes, tw };
    };
    const one = run(true);
    expect(run(true).hashes).toEqual(one.hashes);
    // Picked-up coins go to the coin pouch (ADR 0010).
    expect(one.tw.world.players.get('b')!.coins).toBe(40);
    expect(run(false).hashes[2]).not.toBe(one.hashes[2]);
  });
});
