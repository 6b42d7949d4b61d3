import { describe, expect, it } from 'vitest';
import { record, TestWorld } from './test-world';

describe('NPCs', () => {
  it('spawns every NPC of every area on a walkable tile', async () => {
    const tw = await TestWorld.create();
    const expected = [...tw.world.content.areas.values()].reduce(
      (n, a) => n + a.npcs.reduce((m, s) => m + s.count, 0),
      0,
    );
    expect(tw.world.npcs.size).toBe(expected);
    for (const n of tw.world.npcs.values()) expect(tw.world.map.isWalkable(n.x, n.z), n.id).toBe(true);
  });

  it('wander within their radius, deterministically', async () => {
    const a = await TestWorld.create(5);
    const b = await TestWorld.create(5);
    a.advance(200);
    b.advance(200);
    let moved = 0;
    for (const n of a.world.npcs.values()) {
      expect(Math.abs(n.x - n.spawn.x)).toBeLessThanOrEqual(n.wanderRadius);
      expect(Math.abs(n.z - n.spawn.z)).toBeLessThanOrEqual(n.wanderRadius);
      if (n.x !== n.spawn.x || n.z !== n.spawn.z) moved++;
      const twin = b.world.npcs.get(n.id);
      expect([twin?.x, twin?.z]).toEqual([n.x, n.z]);
    }
    expect(moved).toBeGreaterThan(a.world.npcs.size / 4);
    expect(a.world.hash()).toBe(b.world.hash());
  });

  it('appear in a nearby player view with their npcs.json id', async () => {
    const tw = await TestWorld.create();
    tw.login(record('viewer', 0, 0));
    tw.advance();
    const entered =
      (tw.events('viewer', 'world:update')[0]?.data as { entered?: Array<{ kind: string; npcId?: string }> })
        .entered ?? [];
    const npcs = entered.filter((e) => e.kind === 'npc');
    expect(npcs.length).toBeGreaterThan(0);
    for (const n of npcs) expect(tw.world.content.npcs.has(n.npcId ?? '')).toBe(true);
  });
});
