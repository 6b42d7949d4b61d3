import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type Content } from '../../../content/load';
import { SHIPPED_MANIFESTS } from '../../../content/test-fixtures';
import type { OutEvent } from '../../core/types';
import { World } from '../../core/world';
import { buildTileMap } from '../../map/build-tile-map';
import type { TileMap } from '../../map/tile-map';
import { FEATURES } from '../index';
import { spawnGroundItem } from './spawn';
import { playerRecord } from './test-setup';
import { MAX_GROUND_PILES, MAX_PILES_PER_TILE } from './types';
import { GROUND_ITEMS } from './state';

let content: Content;
let map: TileMap;
beforeAll(async () => {
  content = await loadContent(SHIPPED_MANIFESTS);
  map = buildTileMap(content);
});

/** A world with player `a` on (0, 0) holding `items`, logged in and its login events drained. */
function worldWith(items: Array<[string, number]> = []): World {
  const world = new World({ content, map, seed: 1, features: FEATURES });
  world.enqueue({ type: 'login', record: playerRecord('a', 0, 0, items) });
  world.step();
  world.drainOutbox();
  return world;
}

const drop = (slot: number, quantity: number | undefined, rid: number) => ({
  type: 'client' as const,
  playerId: 'a',
  rid,
  message: { event: 'inventory:drop' as const, data: quantity === undefined ? { slot } : { slot, quantity } },
});
const replies = (events: OutEvent[] | undefined) =>
  (events ?? []).filter((e) => e.event === 'ack' || e.event === 'error').map((e) => e.data);

describe('ground item caps', () => {
  it('refuses a drop onto a full tile, merges still, and moves other spawns to the nearest tile', () => {
    const world = worldWith([
      ['coins', 100],
      ['bones', 1],
    ]);
    spawnGroundItem(world, { itemId: 'coins', quantity: 1, x: 0, z: 0, owner: 'a' });
    const fill = spawnGroundItem(world, {
      itemId: 'bones',
      quantity: MAX_PILES_PER_TILE - 1,
      x: 0,
      z: 0,
      owner: null,
    });
    expect(fill.ok && fill.piles.every((p) => p.x === 0 && p.z === 0)).toBe(true);
    expect(GROUND_ITEMS.of(world).at(0, 0)).toHaveLength(MAX_PILES_PER_TILE);
    world.enqueue(drop(1, undefined, 1));
    world.enqueue(drop(0, 40, 2));
    world.step();
    expect(replies(world.drainOutbox().get('a'))).toEqual([
      { code: 'tile_full', message: 'there is no room for more items on this tile', rid: 1 },
      { event: 'inventory:drop', result: { groundItemId: 'g1', itemId: 'coins', quantity: 40 } },
    ]);
    expect(world.players.get('a')?.inventory.entries()).toEqual([
      { slot: 0, itemId: 'coins', quantity: 60 },
      { slot: 1, itemId: 'bones', quantity: 1 },
    ]);
    const moved = spawnGroundItem(world, { itemId: 'bones', quantity: 2, x: 0, z: 0, owner: null });
    expect(moved.ok && moved.piles.map((p) => [p.x, p.z])).toEqual([
      [-1, 0],
      [-1, 0],
    ]);
  });

  it('evicts the oldest public pile at the world cap, never an owner-only one', () => {
    const world = worldWith();
    const g = GROUND_ITEMS.of(world);
    const spawn = (itemId: string, quantity: number, x: number, z: number, owner: string | null) =>
      spawnGroundItem(world, { itemId, quantity, x, z, owner });
    expect(spawn('bones', 1, 0, 300, null).ok).toBe(true);
    expect(spawn('bones', 1, 1, 300, null).ok).toBe(true);
    for (let i = 0; g.size < MAX_GROUND_PILES; i++) {
      expect(
        spawn('bones', Math.min(MAX_PILES_PER_TILE, MAX_GROUND_PILES - g.size), i, 400, 'ghost').ok,
      ).toBe(true);
    }
    const first = spawn('coins', 3, 5, 5, 'a');
    expect(first.ok && first.evicted.map((p) => p.id)).toEqual(['g1']);
    const second = spawn('bones', 1, 5, 5, 'a');
    expect(second.ok && second.evicted.map((p) => p.id)).toEqual(['g2']);
    expect(g.evictable).toBe(0);
    expect(spawn('bones', 1, 5, 5, null)).toEqual({ ok: false, reason: 'ground_full' });
    expect(g.size).toBe(MAX_GROUND_PILES);
    expect(spawn('coins', 4, 5, 5, 'a')).toMatchObject({ ok: true, merged: true }); // a merge needs no room
    expect(spawn('nothing', 1, 5, 5, null)).toEqual({ ok: false, reason: 'unknown_item' });
    expect(spawn('coins', 0, 5, 5, null)).toEqual({ ok: false, reason: 'invalid_quantity' });
  });
});
