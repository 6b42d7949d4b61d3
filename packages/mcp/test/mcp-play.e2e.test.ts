import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer } from '../../server/test/e2e/realtime-harness';
import {
  call,
  carried,
  healthOf,
  invalid,
  mcpPlayer,
  refused,
  teleport,
  WAIT_MS,
  xpOf,
  type McpPlayer,
} from './mcp-harness';

const surroundings = z.object({
  position: z.object({ x: z.number(), z: z.number() }),
  area: z
    .object({ id: z.string(), name: z.string(), description: z.string().nullable(), safeZone: z.boolean() })
    .nullable(),
  neighbouringAreas: z.array(z.object({ id: z.string(), name: z.string(), direction: z.string() })),
  water: z.array(z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() })),
  buildings: z.array(z.object({ buildingId: z.string(), x: z.number(), z: z.number() })),
  objectCounts: z.record(z.string(), z.number()),
});
const quests = z.object({
  questPoints: z.number(),
  quests: z.array(
    z.looseObject({
      questId: z.string(),
      status: z.string(),
      stageId: z.string().nullable().optional(),
      progress: z.looseObject({ current: z.number(), required: z.number() }).nullable().optional(),
    }),
  ),
});
const dialogue = z.object({
  open: z.boolean(),
  npcName: z.string().optional(),
  options: z.array(z.object({ index: z.number(), text: z.string() })).optional(),
});
const gains = z.object({
  stopped: z.string(),
  itemsGained: z.array(z.object({ itemId: z.string(), quantity: z.number() })),
  xpGained: z.record(z.string(), z.number()),
});

const diff = (a: Record<string, number>, b: Record<string, number>, key: string) =>
  (b[key] ?? 0) - (a[key] ?? 0);

/**
 * The observing and processing tools through the official MCP client over streamable HTTP, against
 * a real game server: each action is checked by what the game shows after it, and each bad input
 * answers a documented tool error and changes nothing.
 */
describe('MCP tools: surroundings, quests, eating, making and using items', () => {
  const live = useRealtimeServer({ TICK_MS: '10' });
  let p: McpPlayer;

  beforeAll(async () => {
    p = await mcpPlayer(live.server.url, 'Mcp Cook');
  });
  afterAll(async () => {
    await p?.close();
  });

  it('get_surroundings names the area, its neighbours, water and the objects around', async () => {
    onTestFailed(() => console.log(p.logs));
    await teleport(p, -8, 5);
    const town = surroundings.parse(await call(p.client, 'get_surroundings', { radius: 10 }));
    expect(town.position).toEqual({ x: -8, z: 5 });
    expect(town.area).toMatchObject({ id: 'oakhaven', safeZone: true });
    expect(town.area?.description?.length ?? 0).toBeGreaterThan(0);
    // The Oakhaven furnace (-11,8) and anvil (-8,8) are within 10 tiles; the bank booths (z -9) are not.
    expect(town.objectCounts).toMatchObject({ Furnace: 1, Anvil: 1 });
    expect(town.objectCounts['Bank booth']).toBeUndefined();
    expect(town.neighbouringAreas).toEqual([]);

    // On the shore of Mirror Lake: water, and Oakhaven lies to the east.
    await teleport(p, -40, -24);
    const lake = surroundings.parse(await call(p.client, 'get_surroundings', { radius: 20 }));
    expect(lake.area).toMatchObject({ id: 'mirror_lake', safeZone: false });
    expect(lake.water.length).toBeGreaterThan(0);
    expect(lake.objectCounts['Fire']).toBe(1);
    expect(lake.neighbouringAreas.find((a) => a.id === 'oakhaven')?.direction).toMatch(/east/);

    expect(await invalid(p.client, 'get_surroundings', { radius: 0 })).toMatch(/radius/);
    expect(await invalid(p.client, 'get_surroundings', { radius: 'far' })).toMatch(/radius/);
  });

  it('get_quests shows a quest started through dialogue, filtered by status', async () => {
    onTestFailed(() => console.log(p.logs, p.session.memory.events));
    const before = quests.parse(await call(p.client, 'get_quests'));
    expect(before.quests.find((q) => q.questId === 'feathered_fugitives')).toMatchObject({
      status: 'not_started',
    });
    expect(quests.parse(await call(p.client, 'get_quests', { status: 'in_progress' })).quests).toEqual([]);

    await teleport(p, 12, 33);
    const npcs = z
      .object({ npcs: z.array(z.object({ id: z.string(), name: z.string() })) })
      .parse(await call(p.client, 'get_nearby', { kind: 'npcs', name: 'Edda' }));
    const edda = npcs.npcs[0];
    if (!edda) throw new Error('Farmer Edda is not in view');
    const greeting = dialogue.parse(await call(p.client, 'dialogue', { action: 'start', npcId: edda.id }));
    expect(greeting).toMatchObject({ open: true, npcName: 'Farmer Edda' });
    await call(p.client, 'dialogue', { action: 'choose', index: 0 });
    await call(p.client, 'dialogue', { action: 'choose', index: 0 });
    expect(dialogue.parse(await call(p.client, 'dialogue', { action: 'continue' })).open).toBe(false);

    const started = quests.parse(await call(p.client, 'get_quests', { status: 'in_progress' }));
    expect(started.quests).toHaveLength(1);
    expect(started.quests[0]).toMatchObject({
      questId: 'feathered_fugitives',
      status: 'in_progress',
      stageId: 'collect_feathers',
      progress: { current: 0, required: 20 },
    });
    const all = quests.parse(await call(p.client, 'get_quests'));
    expect(all.quests.filter((q) => q.status === 'not_started').length).toBe(all.quests.length - 1);
    expect(quests.parse(await call(p.client, 'get_quests', { status: 'completed' })).quests).toEqual([]);
    expect(await invalid(p.client, 'get_quests', { status: 'finished' })).toMatch(/status/);
  });

  it('eat heals and uses up the food; a non-food or missing item is refused and changes nothing', async () => {
    onTestFailed(() => console.log(p.logs, p.session.memory.events));
    await teleport(p, -8, 5);
    await call(p.client, 'chat', { message: '/hit 50' });
    const full = (await healthOf(p.client)).maxHealth;
    // Health regenerates slowly: the hit is seen once health is well below full.
    await expect
      .poll(async () => (await healthOf(p.client)).health, { timeout: WAIT_MS })
      .toBeLessThanOrEqual(full - 40);

    const before = await carried(p.client);
    expect(before['shrimps']).toBe(2);
    const ate = z
      .object({
        result: z.object({ itemId: z.string(), healed: z.number(), health: z.number() }),
        healthBefore: z.number(),
        health: z.number(),
      })
      .parse(await call(p.client, 'eat', { itemId: 'shrimps' }));
    expect(ate.result).toMatchObject({ itemId: 'shrimps', healed: 30 });
    // The answer's health is the health after eating, as the server reported it.
    expect(ate.health).toBe(ate.result.health);
    expect(ate.health).toBeGreaterThanOrEqual(ate.healthBefore + 30);
    expect((await healthOf(p.client)).health).toBeGreaterThanOrEqual(ate.health);
    const after = await carried(p.client);
    expect(diff(before, after, 'shrimps')).toBe(-1);
    expect({ ...after, shrimps: 0 }).toEqual({ ...before, shrimps: 0 });

    // An axe is no food; cake is not carried: refused, health and inventory as they were.
    const healthNow = (await healthOf(p.client)).health;
    expect(await refused(p.client, 'eat', { itemId: 'bronze_axe' })).toBe('not_usable');
    expect(await refused(p.client, 'eat', { itemId: 'cake' })).toBe('not_carried');
    expect(await invalid(p.client, 'eat', { itemId: '' })).toMatch(/itemId/);
    expect(await carried(p.client)).toEqual(after);
    // Unchanged, up to natural regeneration.
    expect((await healthOf(p.client)).health).toBeGreaterThanOrEqual(healthNow);
    expect((await healthOf(p.client)).health).toBeLessThan(full);
  });

  it('make smelts ores into a bar with smithing experience; use_item on the furnace smelts the rest', async () => {
    onTestFailed(() => console.log(p.logs, p.session.memory.events));
    await teleport(p, -51, 11);
    // A rock yields one ore and depletes for a few ticks: mine two of each, the nearest standing rock.
    for (const [resource, ore] of [
      ['copper_rock', 'copper_ore'],
      ['tin_rock', 'tin_ore'],
    ] as const) {
      for (let n = 1; n <= 2; n++) {
        const deadline = Date.now() + WAIT_MS;
        while (((await carried(p.client))[ore] ?? 0) < n && Date.now() < deadline) {
          const r = await p.client.callTool({ name: 'gather', arguments: { resource, timeoutSeconds: 30 } });
          if (!r.isError) expect(gains.parse(r.structuredContent).stopped).toBeTruthy();
        }
        expect((await carried(p.client))[ore]).toBe(n);
      }
    }

    await teleport(p, -8, 5);
    const furnace = 'oakhaven:s2';
    const before = await carried(p.client);
    const xpBefore = await xpOf(p.client);
    // A recipe that does not exist, or one not made at a furnace, or a station that does not exist: refused.
    expect(await refused(p.client, 'make', { recipeId: 'smelt_unobtainium', objectId: furnace })).toBe(
      'unknown_recipe',
    );
    expect(await refused(p.client, 'make', { recipeId: 'cook_shrimps', objectId: furnace })).toBe(
      'unknown_recipe',
    );
    expect(await refused(p.client, 'make', { recipeId: 'smelt_bronze_bar', objectId: 'oakhaven:s99' })).toBe(
      'object_gone',
    );
    expect(
      await invalid(p.client, 'make', { recipeId: 'smelt_bronze_bar', objectId: furnace, quantity: 0 }),
    ).toMatch(/quantity/);
    // interact has no make: the furnace is for the make tool (it names a recipe).
    expect(await refused(p.client, 'interact', { targetId: furnace })).toBe('invalid_action');
    expect(await carried(p.client)).toEqual(before);

    const made = gains.parse(
      await call(p.client, 'make', { recipeId: 'smelt_bronze_bar', objectId: furnace, quantity: 1 }),
    );
    expect(made.stopped).toBe('done');
    expect(made.itemsGained).toEqual([{ itemId: 'bronze_bar', quantity: 1 }]);
    expect(made.xpGained['smithing']).toBeGreaterThan(0);
    const afterMake = await carried(p.client);
    expect(afterMake).toMatchObject({ copper_ore: 1, tin_ore: 1, bronze_bar: 1 });
    expect((await xpOf(p.client))['smithing']).toBe((xpBefore['smithing'] ?? 0) + made.xpGained['smithing']!);

    // An item the furnace has no use for: "Nothing interesting happens", nothing changes.
    expect(await refused(p.client, 'use_item', { itemId: 'bronze_bar', onObjectId: furnace })).toBe(
      'not_usable',
    );
    expect(await refused(p.client, 'use_item', { itemId: 'copper_ore', onObjectId: 'nowhere:s9' })).toBe(
      'object_gone',
    );
    expect(await carried(p.client)).toEqual(afterMake);

    // The ore on the furnace smelts what the carried ores allow, and answers when it is done.
    const used = z
      .object({
        stopped: z.string(),
        itemsGained: z.array(z.object({ itemId: z.string(), quantity: z.number() })),
      })
      .parse(await call(p.client, 'use_item', { itemId: 'copper_ore', onObjectId: furnace }));
    expect(used.stopped).toBe('done');
    expect(used.itemsGained).toEqual([expect.objectContaining({ itemId: 'bronze_bar', quantity: 1 })]);
    const afterUse = await carried(p.client);
    expect(afterUse['bronze_bar']).toBe(2);
    expect(afterUse['copper_ore']).toBeUndefined();
    expect(afterUse['tin_ore']).toBeUndefined();
  }, 240_000);

  it('use_item lights logs with a tinderbox (a fire, firemaking experience); a useless pair is refused', async () => {
    onTestFailed(() => console.log(p.logs, p.session.memory.events));
    await teleport(p, -20, 21);
    const deadline = Date.now() + WAIT_MS * 2;
    while (((await carried(p.client))['logs'] ?? 0) < 1 && Date.now() < deadline)
      await p.client.callTool({ name: 'gather', arguments: { resource: 'tree', timeoutSeconds: 30 } });
    const before = await carried(p.client);
    expect(before['logs']).toBe(1);

    expect(await refused(p.client, 'use_item', { itemId: 'logs', onItemId: 'bronze_pickaxe' })).toBe(
      'not_usable',
    );
    expect(await refused(p.client, 'use_item', { itemId: 'tinderbox', onItemId: 'oak_logs' })).toBe(
      'not_carried',
    );
    expect(await refused(p.client, 'use_item', { itemId: 'dragon_scimitar' })).toBe('not_carried');
    expect(await carried(p.client)).toEqual(before);

    await teleport(p, -18, 22);
    const xpBefore = (await xpOf(p.client))['firemaking'] ?? 0;
    const lit = z
      .object({ stopped: z.string(), xpGained: z.record(z.string(), z.number()) })
      .parse(await call(p.client, 'use_item', { itemId: 'tinderbox', onItemId: 'logs' }));
    expect(lit.xpGained['firemaking']).toBeGreaterThan(0);
    expect((await xpOf(p.client))['firemaking']).toBe(xpBefore + lit.xpGained['firemaking']!);
    const after = await carried(p.client);
    expect(after['logs']).toBeUndefined();
    expect(after['tinderbox']).toBe(1);
    const fire = z
      .object({ objects: z.array(z.object({ name: z.string(), x: z.number(), z: z.number() })) })
      .parse(await call(p.client, 'get_nearby', { kind: 'objects', name: 'fire', radius: 3 }));
    expect(fire.objects.some((o) => o.x === -18 && o.z === 22)).toBe(true);
  }, 180_000);

  it('stop ends a long walk where it is; get_chat tells what happened', async () => {
    onTestFailed(() => console.log(p.logs, p.session.memory.events));
    await teleport(p, -8, 5);
    const moving = z.object({ moving: z.boolean(), position: z.object({ x: z.number(), z: z.number() }) });
    // More than a hundred tiles at a walk (one tile a tick): stopped long before it arrives.
    const walking = p.client.callTool({ name: 'walk', arguments: { x: 100, z: 5, run: false } });
    await vi.waitFor(async () => expect(moving.parse(await call(p.client, 'get_status')).moving).toBe(true), {
      timeout: WAIT_MS,
      interval: 20,
    });
    const stop = z.object({ stopped: z.literal(true), position: z.object({ x: z.number(), z: z.number() }) });
    stop.parse(await call(p.client, 'stop'));
    const walked = z
      .object({ reached: z.object({ x: z.number(), z: z.number() }), arrived: z.boolean() })
      .parse((await walking).structuredContent);
    expect(walked.arrived).toBe(false);
    expect(walked.reached.x).toBeGreaterThan(-8);
    expect(walked.reached.x).toBeLessThan(100);
    // Standing still where the walk ended, also a few ticks later (a ping through get_quests).
    expect(moving.parse(await call(p.client, 'get_status'))).toEqual({
      moving: false,
      position: walked.reached,
    });
    await call(p.client, 'get_quests');
    expect(moving.parse(await call(p.client, 'get_status')).position).toEqual(walked.reached);

    const chat = z
      .object({
        messages: z.array(z.object({ channel: z.string(), message: z.string() })),
        events: z.array(z.object({ event: z.string(), text: z.string() })),
      })
      .parse(await call(p.client, 'get_chat', { limit: 100 }));
    expect(chat.messages).toContainEqual({ channel: 'system', message: 'You eat the shrimps.' });
    expect(chat.messages).toContainEqual({ channel: 'system', message: 'You light a fire.' });
    expect(chat.events).toContainEqual({ event: 'activity:stopped', text: 'make stopped: done' });
    expect(chat.events).toContainEqual({ event: 'activity:stopped', text: 'firemaking stopped: done' });
    expect(await invalid(p.client, 'get_chat', { limit: 0 })).toMatch(/limit/);
  }, 120_000);
});
