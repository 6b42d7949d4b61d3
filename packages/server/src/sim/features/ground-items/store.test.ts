import { describe, expect, it } from 'vitest';
import { GroundItemStore, type NewPile } from './store';
import { handleOf } from './types';

const pile = (over: Partial<NewPile> = {}): NewPile => ({
  itemId: 'bones',
  quantity: 1,
  x: 0,
  z: 0,
  owner: null,
  publicAtTick: 0,
  despawnAtTick: 100,
  ...over,
});

describe('GroundItemStore', () => {
  it('gives never-reused ids and indexes piles by id and tile', () => {
    const s = new GroundItemStore();
    const a = s.add(pile(), 0).pile;
    const b = s.add(pile({ x: 3 }), 0).pile;
    s.remove(a);
    const c = s.add(pile(), 0).pile;
    expect([a.id, b.id, c.id]).toEqual(['g1', 'g2', 'g3']);
    expect(s.byId('g1')).toBeUndefined();
    expect(s.byId('g3')).toBe(c);
    expect(s.at(0, 0)).toEqual([c]);
    expect(s.at(3, 0)).toEqual([b]);
    for (const bad of ['g', 'g0', 'g01', 'x1', 'g1.5', 'g-1', 'g99999999999999999'])
      expect(handleOf(bad)).toBeUndefined();
  });

  it('makes piles public and despawns them on their exact ticks, following merges', () => {
    const s = new GroundItemStore();
    const owned = s.add(pile({ owner: 'a', publicAtTick: 10, despawnAtTick: 20 }), 0).pile;
    const free = s.add(pile({ itemId: 'coins', despawnAtTick: 20 }), 0).pile;
    expect(s.evictable).toBe(1);
    s.merge(free, 5, 5, 30, 5);
    expect(free).toMatchObject({ quantity: 6, publicAtTick: 5, despawnAtTick: 30, version: 1 });
    expect(s.advance(9)).toEqual({ published: [], despawned: [] });
    expect(s.advance(10)).toEqual({ published: [owned], despawned: [] });
    expect(s.evictable).toBe(2);
    expect(s.advance(20)).toEqual({ published: [], despawned: [owned] });
    expect(s.advance(30)).toEqual({ published: [], despawned: [free] });
    expect(s.size).toBe(0);
  });

  it('evicts the pile that became public first and never an owner-only one', () => {
    const s = new GroundItemStore({ world: 3 });
    const early = s.add(pile({ owner: 'a', publicAtTick: 5, despawnAtTick: 105 }), 0).pile;
    const pub = s.add(pile(), 1).pile;
    const late = s.add(pile({ owner: 'b', publicAtTick: 50, despawnAtTick: 150 }), 2).pile;
    s.advance(5);
    // pub became public at tick 1, early at tick 5: pub goes first.
    expect(s.add(pile(), 6).evicted).toEqual([pub]);
    expect(s.add(pile({ owner: 'c', publicAtTick: 99, despawnAtTick: 199 }), 6).evicted).toEqual([early]);
    expect(s.evictOldestPublic()?.owner).toBeNull();
    s.add(pile({ owner: 'c', publicAtTick: 99, despawnAtTick: 199 }), 6);
    expect(s.evictable).toBe(0);
    expect(() => s.add(pile(), 7)).toThrow(/no public pile/);
    expect(s.get(late.handle)).toBe(late);
  });

  it('logs changes per region until cleared, so a viewer reads only what changed near it', () => {
    const s = new GroundItemStore();
    const far = s.add(pile({ x: 100, z: 100 }), 0).pile;
    const near = s.add(pile({ x: 2, z: 2 }), 0).pile;
    const changes = (x: number, z: number) => {
      const out: string[] = [];
      s.forEachChange(x - 15, z - 15, x + 15, z + 15, (g) => out.push(g.id));
      return out;
    };
    expect(changes(0, 0)).toEqual(['g2']);
    expect(changes(95, 95)).toEqual(['g1']);
    s.clearChanges();
    expect(changes(0, 0)).toEqual([]);
    s.remove(near);
    s.merge(far, 2, 0, 100, 1);
    expect(changes(0, 0)).toEqual(['g2']);
    expect(s.get(near.handle)).toBeUndefined();
    expect(changes(95, 95)).toEqual(['g1']);
    const seen: string[] = [];
    s.forEachNear(95, 95, 10, (g) => seen.push(g.id));
    expect(seen).toEqual(['g1']);
  });

  it('finds the regions holding piles in a box, and no longer one whose last pile went', () => {
    const s = new GroundItemStore();
    const found = (x0: number, z0: number, x1: number, z1: number) =>
      s.regions.slice(0, s.regionsIn(x0, z0, x1, z1)).map((r) => `${r.bx},${r.bz}`);
    const a = s.add(pile({ x: 2, z: 2 }), 0).pile;
    const b = s.add(pile({ x: 5, z: 6 }), 0).pile;
    const west = s.add(pile({ x: -3, z: 2 }), 0).pile;
    // 2,048 tiles east: the same slot in the store's per-region counts as the first region.
    const far = s.add(pile({ x: 2050, z: 2 }), 0).pile;
    expect(found(-15, -15, 15, 15)).toEqual(['-1,0', '0,0']);
    expect(found(2040, 0, 2060, 10)).toEqual(['256,0']);
    s.remove(a);
    expect(found(0, 0, 7, 7)).toEqual(['0,0']);
    s.remove(b);
    expect(found(0, 0, 7, 7)).toEqual([]);
    expect(found(2040, 0, 2060, 10)).toEqual(['256,0']);
    s.remove(far);
    s.remove(far);
    expect(found(2040, 0, 2060, 10)).toEqual([]);
    expect(found(-15, -15, 15, 15)).toEqual(['-1,0']);
    s.remove(west);
    expect(found(-15, -15, 15, 15)).toEqual([]);
    s.add(pile({ x: 1, z: 1 }), 0);
    expect(found(-15, -15, 15, 15)).toEqual(['0,0']);
  });
});
