import { describe, expect, it } from 'vitest';
import type { PlayerStatePayload, ServerPayload } from '@tilerealm/protocol';
import { AgentActions, WorldModel, WorldPlaces } from '../src/agent';
import type { ServerMessage } from '../src/inbound';

const player: PlayerStatePayload = {
  id: 'c1',
  accountId: 'a1',
  name: 'Woody',
  combatLevel: 3,
  health: 100,
  maxHealth: 100,
  coins: 25,
  position: { x: 0, z: 0, y: 10, running: false, runEnergy: 10_000, moving: false },
  skills: { woodcutting: { level: 1, xp: 0 }, attack: { level: 1, xp: 0 } },
  isAdmin: false,
  areaId: 'oakhaven',
  inventory: [
    { slot: 0, itemId: 'bronze_axe', quantity: 1 },
    { slot: 1, itemId: 'shrimps', quantity: 1 },
  ],
  equipment: [{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }],
  combat: { styleId: 'accurate', autoRetaliate: true },
  prayer: { points: 1, active: [] },
  questPoints: 0,
  homeTeleportCooldownTicks: 0,
};

/** A recorded session: join, a goblin and a pile come into view, a chop, xp, a depleted tree. */
const recorded: ServerMessage[] = [
  { event: 'player:sync', data: { tick: 10, player }, rid: undefined },
  {
    event: 'world:update',
    rid: undefined,
    data: {
      tick: 11,
      self: { x: 1, z: 0, y: 10, running: false, runEnergy: 10_000, moving: true },
      entered: [
        {
          idx: 4,
          id: 'g1',
          kind: 'npc',
          npcId: 'goblin',
          name: 'Goblin',
          x: 5,
          z: 5,
          y: 10,
          running: false,
          combatLevel: 2,
        },
        {
          idx: 7,
          id: 'c9',
          kind: 'player',
          name: 'Friend',
          x: 9,
          z: 9,
          y: 10,
          running: false,
          combatLevel: 3,
        },
      ],
      itemsAdded: [{ id: 'gi1', itemId: 'bones', quantity: 1, x: 2, z: 2 }],
    },
  },
  {
    event: 'world:update',
    rid: undefined,
    data: { tick: 12, moved: [[4, 2, 1, 10, 1]], left: [7], itemsRemoved: ['gi1'] },
  },
  {
    event: 'inventory:update',
    rid: undefined,
    data: {
      tick: 13,
      slots: [
        { slot: 0, itemId: 'bronze_axe', quantity: 1 },
        { slot: 1, itemId: 'shrimps', quantity: 1 },
        { slot: 2, itemId: 'logs', quantity: 1 },
      ],
    },
  },
  {
    event: 'skill:xp',
    rid: undefined,
    data: { tick: 13, skill: 'woodcutting', amount: 25, xp: 25, level: 1 },
  },
  {
    event: 'object:update',
    rid: undefined,
    data: {
      tick: 13,
      objects: [{ id: 'oakhaven:r0', defId: 'tree', kind: 'resource', x: -20, z: 20, depleted: true }],
      removed: [],
    },
  },
  { event: 'player:stats', rid: undefined, data: { tick: 14, health: 40, maxHealth: 100 } },
  { event: 'player:coins', rid: undefined, data: { tick: 15, coins: 9 } },
  { event: 'skill:levelUp', rid: undefined, data: { tick: 16, skill: 'attack', level: 2, combatLevel: 4 } },
];

describe('WorldModel', () => {
  it('keeps the player, entities, ground items and objects from a recorded event stream', () => {
    const m = new WorldModel();
    for (const msg of recorded) m.apply(msg);
    expect(m.tick).toBe(16);
    expect(m.position).toEqual({ x: 1, z: 0 });
    expect([...m.entities.values()].map((e) => [e.id, e.x, e.z, e.running])).toEqual([['g1', 2, 1, true]]);
    expect(m.groundItems.size).toBe(0);
    expect(m.freeSlots).toBe(25);
    expect(m.count('logs')).toBe(1);
    expect(m.slotOf('shrimps', 'bread')).toBe(1);
    expect(m.has('bronze_sword')).toBe(true);
    expect(m.xp('woodcutting')).toBe(25);
    expect(m.isDepleted('oakhaven:r0')).toBe(true);
    expect(m.isDepleted('oakhaven:r1')).toBe(false);
    expect(m.player?.health).toBe(40);
    expect(m.player?.coins).toBe(9);
    expect(m.player?.skills['attack']).toEqual({ level: 2, xp: 0 });
    expect(m.player?.combatLevel).toBe(4);
    expect(m.nearestEntity((e) => e.npcId === 'goblin')?.id).toBe('g1');
    expect(m.entity('g1')?.name).toBe('Goblin');
  });

  it('forgets the view on a new player:sync and ignores events it does not track', () => {
    const m = new WorldModel();
    for (const msg of recorded) m.apply(msg);
    expect(m.apply({ event: 'pong', data: { tick: 17 }, rid: 1 })).toBe(false);
    m.apply({ event: 'player:sync', data: { tick: 20, player }, rid: undefined });
    expect(m.entities.size).toBe(0);
    expect(m.objects.size).toBe(0);
    expect(m.position).toEqual({ x: 0, z: 0 });
  });

  it("keeps an entity's look: worn items, activity and overhead prayer, from enter and change entries", () => {
    const m = new WorldModel();
    const seen = () => {
      const { worn, activity, headIcon } = m.entity('p2') ?? {};
      return { worn, activity, headIcon };
    };
    m.apply({
      event: 'world:update',
      rid: undefined,
      data: {
        tick: 1,
        entered: [
          {
            idx: 3,
            id: 'p2',
            kind: 'player',
            name: 'Other',
            x: 1,
            z: 1,
            y: 10,
            running: false,
            combatLevel: 3,
            worn: { shield: 'bronze_sq_shield' },
          },
        ],
      },
    });
    expect(seen()).toEqual({
      worn: { shield: 'bronze_sq_shield' },
      activity: undefined,
      headIcon: undefined,
    });
    const change = (data: ServerPayload<'world:update'>['changed']) =>
      m.apply({ event: 'world:update', rid: undefined, data: { tick: 2, changed: data } });
    change([
      { idx: 3, worn: { weapon: 'bronze_sword' }, activity: 'woodcutting', headIcon: 'aegis_of_blades' },
    ]);
    expect(seen()).toEqual({
      worn: { weapon: 'bronze_sword' },
      activity: 'woodcutting',
      headIcon: 'aegis_of_blades',
    });
    change([{ idx: 3, activity: null }]);
    expect(seen()).toEqual({
      worn: { weapon: 'bronze_sword' },
      activity: undefined,
      headIcon: 'aegis_of_blades',
    });
    change([
      { idx: 3, worn: {}, headIcon: null },
      { idx: 99, activity: 'mining' },
    ]);
    expect(seen()).toEqual({ worn: undefined, activity: undefined, headIcon: undefined });
  });

  it('a death respawns the player at full health where player:died says (no player:stats follows)', () => {
    const m = new WorldModel();
    for (const msg of recorded) m.apply(msg);
    expect(m.player?.health).toBe(40);
    m.apply({
      event: 'player:died',
      rid: undefined,
      data: {
        tick: 30,
        killerId: 'g1',
        kept: [],
        lost: [],
        gravestone: null,
        droppedForKiller: false,
        respawn: { x: -2, z: 3 },
      },
    });
    expect(m.player?.health).toBe(100);
    expect(m.position).toEqual({ x: -2, z: 3 });
    expect(m.tick).toBe(30);
  });

  it('tracks the open bank and shop until interface:closed', () => {
    const m = new WorldModel();
    m.apply({
      event: 'bank:update',
      rid: undefined,
      data: { tick: 1, capacity: 800, slots: [{ slot: 0, itemId: 'logs', quantity: 27 }] },
    });
    m.apply({
      event: 'shop:update',
      rid: undefined,
      data: {
        tick: 1,
        storeId: 's',
        name: 'S',
        items: [{ itemId: 'bronze_axe', stock: 5, buyPrice: 16, sellPrice: 6 }],
      },
    });
    expect(m.bank?.[0]?.quantity).toBe(27);
    expect(m.shop?.items[0]?.itemId).toBe('bronze_axe');
    m.apply({
      event: 'interface:closed',
      rid: undefined,
      data: { tick: 2, interface: 'bank', reason: 'moved' },
    });
    expect(m.bank).toBeUndefined();
    expect(m.shop).toBeDefined();
  });

  it('rejects eat/withdraw/sell without the item, before sending anything', async () => {
    const m = new WorldModel();
    m.apply({
      event: 'player:sync',
      data: { tick: 1, player: { ...player, inventory: [] } },
      rid: undefined,
    });
    // The client is never used: each action fails on the model first.
    const actions = new AgentActions(undefined as never, m);
    await expect(actions.eat()).rejects.toMatchObject({ code: 'no_food' });
    await expect(actions.withdraw('logs')).rejects.toMatchObject({ code: 'not_in_bank' });
    await expect(actions.sell('logs')).rejects.toMatchObject({ code: 'not_carried' });
  });
});

describe('WorldPlaces', () => {
  const places = WorldPlaces.fromManifest({
    areas: [
      {
        id: 'town',
        name: 'Town',
        bounds: { minX: -10, minZ: -10, maxX: 10, maxZ: 10 },
        starter: true,
        safeZone: true,
        npcs: [{ npcId: 'shopkeeper', x: 3, z: 3 }],
        resources: [
          { resourceId: 'tree', x: 8, z: 8 },
          { resourceId: 'tree', x: 2, z: 1 },
        ],
        stations: [{ stationId: 'bank_booth', x: -5, z: -5 }],
      },
    ],
  });

  it('names placed objects as the server does and finds the nearest', () => {
    expect(places.objects.map((o) => o.id)).toEqual(['town:r0', 'town:r1', 'town:s0']);
    expect(places.objectsOf(['tree'], { x: 0, z: 0 }).map((o) => o.id)).toEqual(['town:r1', 'town:r0']);
    expect(places.spawnsOf(['shopkeeper'], { x: 0, z: 0 })[0]).toMatchObject({ x: 3, z: 3 });
    expect(places.areaAt(0, 0)?.id).toBe('town');
    expect(places.areaAt(50, 0)).toBeUndefined();
    expect(places.starter?.id).toBe('town');
  });

  it('rejects a malformed manifest', () => {
    expect(() => WorldPlaces.fromManifest({ areas: [{ id: 'x' }] })).toThrow();
  });
});
