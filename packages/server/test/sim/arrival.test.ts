import { describe, expect, it } from 'vitest';
import { arrivalTile } from '../../src/sim/features/session/arrival';
import { record, TestWorld } from './test-world';

const lina = (tw: TestWorld) => {
  const n = [...tw.world.npcs.values()].find((x) => x.def.id === 'guide_lina');
  if (!n) throw new Error('no Guide Lina');
  return n;
};

describe('arriving in the world', () => {
  it('puts a new player on a free tile next to the spawn point when Guide Lina stands on it', async () => {
    const tw = await TestWorld.create();
    const spawn = tw.world.content.starterArea.spawnPoint ?? { x: 0, z: 0 };
    const guide = lina(tw);
    guide.x = spawn.x;
    guide.z = spawn.z;
    guide.path = [];
    tw.login(record('newcomer', spawn.x, spawn.z));
    tw.advance();
    const p = tw.world.players.get('newcomer');
    if (!p) throw new Error('not in world');
    expect([guide.x, guide.z]).toEqual([spawn.x, spawn.z]);
    expect([p.x, p.z]).not.toEqual([guide.x, guide.z]);
    expect(Math.max(Math.abs(p.x - spawn.x), Math.abs(p.z - spawn.z))).toBe(1);
    expect(tw.world.map.isWalkable(p.x, p.z)).toBe(true);
    // The same world state picks the same tile every time.
    expect(arrivalTile(tw.world, spawn)).toEqual({ x: p.x, z: p.z });
  });

  it('keeps a free arrival tile as it is', async () => {
    const tw = await TestWorld.create();
    tw.advance();
    const guide = lina(tw);
    const free = { x: guide.x + 6, z: guide.z + 6 };
    expect(arrivalTile(tw.world, free)).toEqual(free);
    expect(arrivalTile(tw.world, { x: guide.x, z: guide.z })).not.toEqual({ x: guide.x, z: guide.z });
  });
});
