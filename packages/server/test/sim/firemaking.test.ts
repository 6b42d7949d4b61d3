import type { ServerPayload } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import type { Command, PlayerRecord } from '../../src/sim/core/types';
import { FireJob, useItemOnItem } from '../../src/sim/features/firemaking/use';
import { lightFire } from '../../src/sim/features/objects/fires';
import { xpForLevel } from '../../src/sim/features/skills/xp-table';
import { buildTileMap } from '../../src/sim/map/build-tile-map';
import { bundledWorld, record, TestWorld } from './test-world';
import { GROUND_ITEMS } from '../../src/sim/features/ground-items/state';
import { OBJECTS } from '../../src/sim/features/objects/state';

/** A world with its own collision map (fires block tiles; other tests must not see them). */
async function world(...players: PlayerRecord[]): Promise<TestWorld> {
  const { content } = await bundledWorld();
  const tw = new TestWorld(content, buildTileMap(content), 5);
  for (const p of players) tw.login(p);
  tw.advance();
  tw.clearEvents();
  return tw;
}

function player(id: string, x: number, z: number, items: string[], firemaking = 1): PlayerRecord {
  const r = record(id, x, z);
  r.inventory = items.map((itemId, slot) => ({ slot, itemId, quantity: 1 }));
  r.skills.firemaking = { level: firemaking, xp: xpForLevel(firemaking) };
  return r;
}

const stops = (tw: TestWorld, id: string) =>
  tw.events(id, 'activity:stopped').map((e) => (e.data as ServerPayload<'activity:stopped'>).reason);
const objUpdates = (tw: TestWorld, id: string) =>
  tw.events(id, 'object:update').map((e) => e.data as ServerPayload<'object:update'>);

/** Lights the logs in slot `logs` with the tinderbox in slot `box` and waits for the fire. */
function light(tw: TestWorld, id: string, box: number, logs: number): string | undefined {
  const p = tw.world.players.get(id)!;
  expect(useItemOnItem(tw.world, p, box, logs)).toMatchObject({ ok: true });
  expect(p.activity?.state).toBeInstanceOf(FireJob);
  for (let i = 0; i < 200 && p.activity; i++) tw.advance();
  return stops(tw, id).at(-1);
}

describe('firemaking', () => {
  it('lights a fire on the tile, burns the logs, grants XP and steps the player west', async () => {
    const tw = await world(player('a', 0, 0, ['tinderbox', 'logs']), player('v', 4, 4, []));
    const a = tw.world.players.get('a')!;
    expect(light(tw, 'a', 0, 1)).toBe('done');
    const fire = OBJECTS.of(tw.world).get('fire:1')!;
    expect(fire).toMatchObject({ kind: 'station', defId: 'fire', x: 0, z: 0, dynamic: true });
    expect(fire.timerAt).toBe(tw.world.tick + 100); // lit this tick; logs burn for 100 ticks
    expect([a.x, a.z]).toEqual([-1, 0]);
    expect(a.inventory.count('logs')).toBe(0);
    expect(a.inventory.count('tinderbox')).toBe(1);
    expect(a.skills.firemaking.xp).toBe(40);
    expect(
      tw
        .events('a', 'chat:message')
        .map((e) => (e.data as { message: string }).message)
        .filter((m) => m === 'You light a fire.'),
    ).toEqual(['You light a fire.']);
    expect(tw.world.map.isWalkable(0, 0)).toBe(false);
    const seen = { id: 'fire:1', defId: 'fire', kind: 'station', x: 0, z: 0, depleted: false };
    expect(objUpdates(tw, 'v').at(-1)?.objects).toEqual([seen]);
    expect(objUpdates(tw, 'a').at(-1)?.objects).toEqual([seen]);
  });

  it('burns out after burnTicks, leaving public ashes and a free tile; viewers see it removed', async () => {
    const tw = await world(player('a', 0, 0, ['logs', 'tinderbox']), player('v', 4, 4, []));
    expect(light(tw, 'a', 1, 0)).toBe('done'); // logs on tinderbox works too
    const fire = OBJECTS.of(tw.world).get('fire:1')!;
    const burnsOutAt = fire.timerAt;
    tw.advance(burnsOutAt - tw.world.tick - 1);
    expect(OBJECTS.of(tw.world).get('fire:1')).toBe(fire);
    tw.advance();
    expect(OBJECTS.of(tw.world).get('fire:1')).toBeUndefined();
    expect(tw.world.map.isWalkable(0, 0)).toBe(true);
    const ashes = GROUND_ITEMS.of(tw.world).at(0, 0);
    expect(ashes.map((g) => [g.itemId, g.quantity, g.owner])).toEqual([['ashes', 1, null]]);
    expect(objUpdates(tw, 'v').at(-1)).toMatchObject({ objects: [], removed: ['fire:1'] });
  });

  it('steps east when west is blocked, and refuses to light where an object stands', async () => {
    const tw = await world(
      player('a', 0, 0, ['tinderbox', 'logs', 'logs']),
      player('b', 0, 0, ['tinderbox', 'logs']),
    );
    lightFire(tw.world, -1, 0, 50);
    expect(light(tw, 'a', 0, 1)).toBe('done');
    const a = tw.world.players.get('a')!;
    expect([a.x, a.z]).toEqual([1, 0]);
    // b still stands on the tile where a's fire now burns.
    const b = tw.world.players.get('b')!;
    expect(useItemOnItem(tw.world, b, 0, 1)).toMatchObject({ ok: false, code: 'cannot_light_here' });
    expect(b.activity).toBeUndefined();
  });

  it('refuses other pairs, empty slots and logs above the level', async () => {
    const tw = await world(player('a', 0, 0, ['tinderbox', 'bones', 'oak_logs']));
    const a = tw.world.players.get('a')!;
    expect(useItemOnItem(tw.world, a, 0, 1)).toMatchObject({ ok: false, code: 'not_usable' });
    expect(useItemOnItem(tw.world, a, 1, 2)).toMatchObject({ ok: false, code: 'not_usable' });
    expect(useItemOnItem(tw.world, a, 0, 0)).toMatchObject({ ok: false, code: 'not_usable' });
    expect(useItemOnItem(tw.world, a, 0, 9)).toMatchObject({ ok: false, code: 'empty_slot' });
    expect(useItemOnItem(tw.world, a, 0, 2)).toMatchObject({ ok: false, code: 'level_too_low' });
    a.skills.firemaking.level = 15;
    expect(useItemOnItem(tw.world, a, 2, 0)).toEqual({ ok: true, result: { itemId: 'oak_logs' } });
  });

  it('is interrupted by a move before the logs catch', async () => {
    const tw = await world(player('a', 0, 0, ['tinderbox', 'logs']));
    const a = tw.world.players.get('a')!;
    expect(useItemOnItem(tw.world, a, 0, 1)).toMatchObject({ ok: true });
    const move: Command = {
      type: 'client',
      playerId: 'a',
      rid: undefined,
      message: { event: 'player:move', data: { x: 3, z: 0 } },
    };
    tw.enqueue(move);
    tw.advance();
    expect(stops(tw, 'a')).toEqual(['moved']);
    expect(a.inventory.count('logs')).toBe(1);
    expect(OBJECTS.of(tw.world).get('fire:1')).toBeUndefined();
  });
});
