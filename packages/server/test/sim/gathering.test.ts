import type { ClientMessage, ServerPayload } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import type { SkillName } from '../../src/content/skills';
import type { Command, PlayerRecord } from '../../src/sim/core/types';
import { GatherJob } from '../../src/sim/features/gathering/job';
import { bestTool } from '../../src/sim/features/gathering/rules';
import { isFishable, RELOCATE_RADIUS } from '../../src/sim/features/objects/relocate';
import { xpForLevel } from '../../src/sim/features/skills/xp-table';
import { record, TestWorld } from './test-world';
import { OBJECTS } from '../../src/sim/features/objects/state';

const TREE = 'oakhaven:r0'; // a tree at (-20, 20)
const FAR_TREE = 'the_wilds:r2'; // a magic tree at (-90, -180), beyond the interaction distance of (0, 0)
const OAK = 'oakhaven:r2'; // an oak at (-22, 12), 2x2
const NET_SPOT = 'mirror_lake:r0'; // net/bait spot at (-45, -30), shore at x = -44
const COPPER = 'ironridge_mine:r0'; // copper at (-50, 10)

const gather = (id: string, objectId: string, rid: number, methodId?: string): Command => ({
  type: 'client',
  playerId: id,
  rid,
  message: {
    event: 'player:action',
    data: methodId === undefined ? { action: 'gather', objectId } : { action: 'gather', objectId, methodId },
  } as ClientMessage,
});
const move = (id: string, x: number, z: number): Command => ({
  type: 'client',
  playerId: id,
  rid: undefined,
  message: { event: 'player:move', data: { x, z } },
});

/** A player record with items in slots 0.. and skill levels (with the matching XP). */
function player(
  id: string,
  x: number,
  z: number,
  items: Array<[string, number]>,
  levels: Partial<Record<SkillName, number>> = {},
): PlayerRecord {
  const r = record(id, x, z);
  r.inventory = items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity }));
  for (const [skill, level] of Object.entries(levels) as Array<[SkillName, number]>)
    r.skills[skill] = { level, xp: xpForLevel(level) };
  return r;
}
const junk = (n: number): Array<[string, number]> => Array.from({ length: n }, () => ['bones', 1]);

async function world(...players: PlayerRecord[]): Promise<TestWorld> {
  const tw = await TestWorld.create(7);
  for (const p of players) tw.login(p);
  tw.advance();
  tw.clearEvents();
  return tw;
}

type Stopped = ServerPayload<'activity:stopped'>;
type ObjUpdate = ServerPayload<'object:update'>;
const stops = (tw: TestWorld, id: string) =>
  tw.events(id, 'activity:stopped').map((e) => (e.data as Stopped).reason);
const errors = (tw: TestWorld, id: string) =>
  tw.events(id, 'error').map((e) => (e.data as { code: string }).code);
const acks = (tw: TestWorld, id: string) =>
  tw.events(id, 'ack').map((e) => (e.data as { result?: unknown }).result);
const xpGained = (tw: TestWorld, id: string, skill: SkillName) =>
  tw
    .events(id, 'skill:xp')
    .map((e) => e.data as ServerPayload<'skill:xp'>)
    .filter((d) => d.skill === skill)
    .reduce((sum, d) => sum + d.amount, 0);
const gameMessages = (tw: TestWorld, id: string) =>
  tw
    .events(id, 'chat:message')
    .map((e) => e.data as ServerPayload<'chat:message'>)
    .filter((m) => m.channel === 'system' && m.from === null)
    .map((m) => m.message);
const objUpdates = (tw: TestWorld, id: string) =>
  tw.events(id, 'object:update').map((e) => e.data as ObjUpdate);

/** Advances until the player's activity stops (at most `limit` ticks); returns the reason. */
function untilStopped(tw: TestWorld, id: string, limit = 400): string | undefined {
  const before = stops(tw, id).length;
  for (let i = 0; i < limit; i++) {
    tw.advance();
    const all = stops(tw, id);
    if (all.length > before) return all[all.length - 1];
  }
  return undefined;
}

describe('woodcutting', () => {
  it('chops logs until the inventory is full: depletion, respawn, XP per log, viewers told', async () => {
    const tw = await world(
      player('a', -17, 20, [['bronze_axe', 1], ...junk(25)]),
      player('v', -15, 15, []), // a viewer in range
    );
    const tree = OBJECTS.of(tw.world).get(TREE)!;
    let logs = 0;
    for (let round = 0; round < 5; round++) {
      tw.enqueue(gather('a', TREE, 10 + round));
      tw.advance();
      if (errors(tw, 'a').length > 0) break;
      expect(acks(tw, 'a').at(-1)).toEqual({ objectId: TREE });
      expect(untilStopped(tw, 'a')).toBe('depleted'); // a normal tree falls after every log
      logs++;
      expect(tree.depleted).toBe(true);
      expect(objUpdates(tw, 'v').at(-1)?.objects).toEqual([
        { id: TREE, defId: 'tree', kind: 'resource', x: -20, z: 20, depleted: true },
      ]);
      // It grows back after respawnTicks (60); viewers learn it is back to its placement.
      tw.advance(60);
      expect(tree.depleted).toBe(false);
      expect(objUpdates(tw, 'v').at(-1)).toMatchObject({ objects: [], removed: [TREE] });
    }
    const a = tw.world.players.get('a')!;
    expect(errors(tw, 'a')).toEqual(['inventory_full']);
    expect(logs).toBe(2);
    expect(a.inventory.count('logs')).toBe(2);
    expect(a.inventory.freeSlots()).toBe(0);
    expect(a.skills.woodcutting.xp).toBe(2 * 25);
    expect(xpGained(tw, 'a', 'woodcutting')).toBe(50);
    expect([a.x, a.z]).toEqual([-19, 20]); // walked next to the tree
  });

  it('chops an oak with the best usable axe and stops when the inventory fills', async () => {
    const tw = await world(
      player('a', -24, 12, [['bronze_axe', 1], ['rune_axe', 1], ['steel_axe', 1], ...junk(22)], {
        woodcutting: 15,
      }),
    );
    let reason: string | undefined;
    for (let round = 0; round < 10 && reason !== 'inventory_full'; round++) {
      tw.enqueue(gather('a', OAK, round + 1));
      tw.advance();
      const job = tw.world.players.get('a')!.activity?.state;
      expect(job).toBeInstanceOf(GatherJob);
      reason = untilStopped(tw, 'a');
      if (reason === 'depleted') tw.advance(14);
    }
    const a = tw.world.players.get('a')!;
    expect(reason).toBe('inventory_full');
    expect(a.inventory.count('oak_logs')).toBe(3);
    expect(xpGained(tw, 'a', 'woodcutting')).toBe(3 * 37.5);
  });

  it('refuses without an axe, below the level, a depleted tree, a far or unknown object, a full inventory', async () => {
    const tw = await world(
      player('none', -17, 20, []),
      player('low', -24, 12, [['bronze_axe', 1]]),
      player('full', -17, 21, [['bronze_axe', 1], ...junk(27)]),
      player('far', 0, 0, [['bronze_axe', 1]]),
      player('locked', -17, 19, [['rune_axe', 1]]),
    );
    tw.enqueue(gather('none', TREE, 1));
    tw.enqueue(gather('low', OAK, 1));
    tw.enqueue(gather('full', TREE, 1));
    tw.enqueue(gather('far', FAR_TREE, 1));
    tw.enqueue(gather('far', 'nowhere:r0', 2));
    tw.enqueue(gather('far', 'oakhaven:s0', 3)); // a bank booth is no resource
    tw.enqueue(gather('locked', TREE, 1));
    tw.advance();
    expect(errors(tw, 'none')).toEqual(['no_tool']);
    expect(errors(tw, 'low')).toEqual(['level_too_low']);
    expect(errors(tw, 'full')).toEqual(['inventory_full']);
    expect(errors(tw, 'far')).toEqual(['object_gone', 'object_gone', 'object_gone']);
    expect(errors(tw, 'locked')).toEqual(['no_tool']);
    expect(tw.events('locked', 'error')[0]?.data).toMatchObject({
      message: expect.stringContaining('level 41'),
    });
    for (const id of ['none', 'low', 'full', 'far', 'locked'])
      expect(tw.world.players.get(id)!.activity).toBeUndefined();
    OBJECTS.of(tw.world).setDepleted(OBJECTS.of(tw.world).get(TREE)!, true);
    tw.enqueue(gather('none', TREE, 2));
    tw.advance();
    expect(errors(tw, 'none')).toEqual(['no_tool', 'depleted']);
  });

  it('walks to a tree beyond the entity view distance (20 tiles away) and chops it', async () => {
    const tw = await world(player('walker', 0, 0, [['bronze_axe', 1]]));
    const tree = OBJECTS.of(tw.world).get(TREE)!;
    const w = tw.world.players.get('walker')!;
    expect(Math.max(Math.abs(tree.x - w.x), Math.abs(tree.z - w.z))).toBeGreaterThan(
      tw.world.settings.viewDistance,
    );
    tw.enqueue(gather('walker', TREE, 1));
    tw.advance();
    expect(errors(tw, 'walker')).toEqual([]);
    expect(acks(tw, 'walker')).toEqual([{ objectId: TREE }]);
    expect(w.path.length).toBeGreaterThan(0);
    for (let i = 0; i < 300 && w.inventory.count('logs') === 0; i++) tw.advance();
    expect(w.inventory.count('logs')).toBeGreaterThan(0);
    expect(Math.max(Math.abs(tree.x - w.x), Math.abs(tree.z - w.z))).toBe(1);
    expect(gameMessages(tw, 'walker')).toEqual(['You swing your axe at the tree.', 'You get some logs.']);
  });

  it('is interrupted by a move, and replaced by another gather', async () => {
    const tw = await world(player('a', -18, 20, [['bronze_axe', 1]]));
    tw.enqueue(gather('a', TREE, 1));
    tw.advance(2);
    tw.enqueue(move('a', -16, 20));
    tw.advance();
    expect(stops(tw, 'a')).toEqual(['moved']);
    tw.enqueue(gather('a', TREE, 2));
    tw.advance();
    tw.enqueue(gather('a', TREE, 3));
    tw.advance();
    expect(stops(tw, 'a')).toEqual(['moved', 'replaced']);
    expect(tw.world.players.get('a')!.activity?.kind).toBe('gather');
  });

  it('ends on player:action stop: the player goes idle', async () => {
    const tw = await world(player('a', -18, 20, [['bronze_axe', 1]]));
    tw.enqueue(gather('a', TREE, 1));
    tw.advance(2);
    tw.enqueue({
      type: 'client',
      playerId: 'a',
      rid: 2,
      message: { event: 'player:action', data: { action: 'stop' } },
    });
    tw.advance();
    expect(stops(tw, 'a')).toEqual(['stopped']);
    expect(tw.world.players.get('a')!.activity).toBeUndefined();
  });
});

describe('mining', () => {
  it('mines copper with a pickaxe; the rock depletes and respawns after 4 ticks', async () => {
    const tw = await world(player('m', -50, 8, [['bronze_pickaxe', 1]]));
    tw.enqueue(gather('m', COPPER, 1));
    tw.advance();
    expect(untilStopped(tw, 'm')).toBe('depleted');
    const m = tw.world.players.get('m')!;
    expect(m.inventory.count('copper_ore')).toBe(1);
    expect(gameMessages(tw, 'm')).toEqual([
      'You swing your pickaxe at the rock.',
      'You mine some copper ore.',
    ]);
    expect(m.skills.mining.xp).toBe(17);
    expect(xpGained(tw, 'm', 'mining')).toBe(17.5);
    const rock = OBJECTS.of(tw.world).get(COPPER)!;
    expect(rock.depleted).toBe(true);
    tw.advance(4);
    expect(rock.depleted).toBe(false);
  });
});

describe('fishing', () => {
  it('nets shrimps until the inventory is full (spots never deplete)', async () => {
    const tw = await world(player('f', -42, -30, [['small_fishing_net', 1], ...junk(24)]));
    tw.enqueue(gather('f', NET_SPOT, 1));
    tw.advance();
    expect(acks(tw, 'f')).toEqual([{ objectId: NET_SPOT, methodId: 'net' }]);
    expect(untilStopped(tw, 'f')).toBe('inventory_full');
    const f = tw.world.players.get('f')!;
    expect([f.x, f.z]).toEqual([-44, -30]);
    expect(f.inventory.count('raw_shrimps')).toBe(3);
    expect(gameMessages(tw, 'f')).toEqual([
      'You attempt to catch some fish.',
      ...Array.from({ length: 3 }, () => 'You catch some shrimps.'),
      'Your inventory is too full to hold any more.',
    ]);
    expect(xpGained(tw, 'f', 'fishing')).toBe(30);
    expect(OBJECTS.of(tw.world).get(NET_SPOT)!.depleted).toBe(false);
  });

  it('bait fishing consumes one bait per catch and stops when the bait runs out', async () => {
    const tw = await world(
      player(
        'f',
        -44,
        -30,
        [
          ['fishing_rod', 1],
          ['fishing_bait', 3],
        ],
        { fishing: 5 },
      ),
      player('nobait', -44, -31, [['fishing_rod', 1]], { fishing: 5 }),
    );
    tw.enqueue(gather('nobait', NET_SPOT, 1, 'bait'));
    tw.enqueue(gather('nobait', NET_SPOT, 2)); // default method: net, but no net
    tw.enqueue(gather('nobait', NET_SPOT, 3, 'harpoon'));
    tw.enqueue(gather('f', NET_SPOT, 1, 'bait'));
    tw.advance();
    expect(errors(tw, 'nobait')).toEqual(['no_bait', 'no_tool', 'invalid_payload']);
    expect(untilStopped(tw, 'f', 1000)).toBe('no_bait');
    const f = tw.world.players.get('f')!;
    expect(f.inventory.count('fishing_bait')).toBe(0);
    expect(f.inventory.count('raw_sardine')).toBe(3);
    expect(xpGained(tw, 'f', 'fishing')).toBe(60);
  });

  it('refuses a spot with no walkable tile next to it (the shark spot lies two tiles out)', async () => {
    const tw = await world(player('s', 124, 30, [['harpoon', 1]], { fishing: 76 }));
    tw.enqueue(gather('s', 'saltmarsh_coast:r3', 1));
    tw.advance();
    expect(errors(tw, 's')).toEqual(['not_near']);
    expect(tw.world.players.get('s')!.activity).toBeUndefined();
  });

  it('moves the spot to a fishable tile near its placement; the fisher stops, viewers see it move', async () => {
    const tw = await world(player('f', -44, -30, [['small_fishing_net', 1]]));
    const spot = OBJECTS.of(tw.world).get(NET_SPOT)!;
    tw.enqueue(gather('f', NET_SPOT, 1));
    tw.advance();
    // The first move comes within relocateTicks (200..600) of the start; bring it forward.
    expect(spot.timerAt).toBeGreaterThanOrEqual(200);
    expect(spot.timerAt).toBeLessThanOrEqual(601);
    OBJECTS.of(tw.world).schedule(spot, tw.world.tick + 10);
    tw.advance(10);
    expect([spot.x, spot.z]).not.toEqual([-45, -30]);
    expect(Math.max(Math.abs(spot.x + 45), Math.abs(spot.z + 30))).toBeLessThanOrEqual(RELOCATE_RADIUS);
    expect(isFishable(tw.world, spot.x, spot.z)).toBe(true);
    expect(objUpdates(tw, 'f').at(-1)?.objects).toEqual([
      { id: NET_SPOT, defId: 'net_bait_spot', kind: 'resource', x: spot.x, z: spot.z, depleted: false },
    ]);
    expect(spot.timerAt).toBeGreaterThanOrEqual(tw.world.tick + 200);
    // The fisher finds out on its next turn (players phase of the next tick): it stops once the
    // spot is no longer next to it (a diagonal neighbour still is).
    for (let i = 0; i < 20; i++) {
      tw.advance();
      const adjacent = spot.x === -45 && Math.abs(spot.z + 30) <= 1;
      expect(stops(tw, 'f')).toEqual(adjacent ? [] : ['object_gone']);
      if (!adjacent) return;
      OBJECTS.of(tw.world).schedule(spot, tw.world.tick + 1);
      tw.advance();
    }
    expect.unreachable('the spot never moved away from the fisher');
  });
});

describe('tools', () => {
  it('picks the best tool held whose level the player has (inventory or wielded)', async () => {
    const tw = await world(
      player(
        't',
        0,
        0,
        [
          ['bronze_axe', 1],
          ['rune_axe', 1],
          ['steel_axe', 1],
        ],
        { woodcutting: 6 },
      ),
    );
    const p = tw.world.players.get('t')!;
    const content = tw.world.content;
    expect(bestTool(content, p, 'woodcutting', 'axe')).toMatchObject({
      tool: { itemId: 'steel_axe' },
      locked: undefined,
    });
    p.inventory.remove('steel_axe', 1);
    p.inventory.remove('bronze_axe', 1);
    expect(bestTool(content, p, 'woodcutting', 'axe')).toMatchObject({
      tool: undefined,
      locked: { itemId: 'rune_axe' },
    });
    p.skills.woodcutting.level = 41;
    expect(bestTool(content, p, 'woodcutting', 'axe').tool?.itemId).toBe('rune_axe');
    p.inventory.clear();
    p.equipment.set('weapon', { itemId: 'iron_axe', quantity: 1 });
    expect(bestTool(content, p, 'woodcutting', 'axe').tool?.itemId).toBe('iron_axe');
    expect(bestTool(content, p, 'mining', 'pickaxe').tool).toBeUndefined();
  });
});
