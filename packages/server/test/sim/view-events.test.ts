import { describe, expect, it } from 'vitest';
import type { Npc } from '../../src/sim/core/npc';
import { viewHandles, viewRadius } from '../../src/sim/features/sync/view-sets';
import { MIN_VIEW } from '../../src/sim/features/sync/sync';
import { record, TestWorld } from './test-world';

/** Events about an entity (a hit, a death) go to the clients that know it: its view, not the view distance. */
describe('events about an entity in view', () => {
  it('tells a hit to the players whose view holds the target, not to one whose view a crowd shrank', async () => {
    const tw = await TestWorld.create(3, { viewCrowd: 3 });
    let goblin: Npc | undefined;
    for (const n of tw.world.npcs.values())
      if (
        n.def.id === 'goblin' &&
        (!goblin || Math.abs(n.x + 5) + Math.abs(n.z + 40) < Math.abs(goblin.x + 5) + Math.abs(goblin.z + 40))
      )
        goblin = n;
    if (!goblin) throw new Error('no goblin');
    // A weak hero next to the goblin: the fight starts at once and lasts.
    tw.login(record('hero', goblin.x + 1, goblin.z));
    tw.login(record('near', goblin.x + 1, goblin.z + 1));
    // "far" stands 9 tiles away (within the view distance) among a crowd that shrinks its view.
    const fx = goblin.x - 9;
    tw.login(record('far', fx, goblin.z));
    for (let i = 0; i < 6; i++)
      tw.login(record(`crowd${i}`, fx - 1 - (i % 3), goblin.z - 1 + Math.floor(i / 3) * 2));
    tw.advance();
    tw.enqueue({
      type: 'client',
      playerId: 'hero',
      rid: undefined,
      message: { event: 'player:action', data: { action: 'attack', targetId: goblin.id } },
    });
    tw.advance(14);
    const far = tw.world.players.get('far')!;
    expect(viewRadius(tw.world, far)).toBe(MIN_VIEW);
    expect(viewHandles(tw.world, far)).not.toContain(goblin.idx);
    expect(viewHandles(tw.world, tw.world.players.get('near')!)).toContain(goblin.idx);
    expect(
      tw.world.playersNear(goblin.x, goblin.z, tw.world.settings.viewDistance).map((p) => p.id),
    ).toContain('far');
    tw.clearEvents();
    for (let t = 0; t < 30 && tw.events('near', 'combat:hit').length < 4; t++) tw.advance();
    const onGoblin = (id: string) =>
      tw.events(id, 'combat:hit').filter((e) => (e.data as { targetId: string }).targetId === goblin.id);
    expect(onGoblin('near').length).toBeGreaterThan(0);
    expect(onGoblin('hero').length).toBe(onGoblin('near').length);
    expect(onGoblin('far')).toEqual([]);
  });
});
