import { describe, expect, it } from 'vitest';
import type { MenuContent, PickTarget } from '../src/game/render/menus';
import { entityLabel, examineText, menuOptions, npcKeepsShop, targetName } from '../src/game/render/menus';
import {
  chebyshev,
  clampOrbit,
  deathSink,
  facingYaw,
  footprintRect,
  fromNdc,
  groundHeightAt,
  isClick,
  lerpAngle,
  motionDone,
  needsRecentre,
  orbitPosition,
  parseModelBounds,
  ORBIT_LIMITS,
  rectCentre,
  restingAt,
  retarget,
  sampleMotion,
  splatKind,
  splatStyle,
  tileAt,
  toNdc,
  zoomOrbit,
} from '../src/game/render/logic';

describe('movement interpolation', () => {
  it('slides from the drawn position to the new tile over one tick', () => {
    const m = retarget(restingAt(0, 0, 0), 1, 0, 1000, 600);
    expect(sampleMotion(m, 1000)).toEqual({ x: 0, z: 0 });
    expect(sampleMotion(m, 1300)).toEqual({ x: 0.5, z: 0 });
    expect(sampleMotion(m, 1600)).toEqual({ x: 1, z: 0 });
    expect(sampleMotion(m, 5000)).toEqual({ x: 1, z: 0 });
    expect(motionDone(m, 1599)).toBe(false);
    expect(motionDone(m, 1600)).toBe(true);
  });

  it('covers two tiles in one tick when running', () => {
    const m = retarget(restingAt(5, 5, 0), 7, 3, 0, 600);
    expect(m.duration).toBe(600);
    expect(sampleMotion(m, 300)).toEqual({ x: 6, z: 4 });
  });

  it('continues from mid-step when the next tile comes early', () => {
    const first = retarget(restingAt(0, 0, 0), 1, 0, 0, 600);
    const second = retarget(first, 2, 0, 300, 600);
    expect(second.fromX).toBeCloseTo(0.5);
    expect(second.toX).toBe(2);
    expect(sampleMotion(second, 900)).toEqual({ x: 2, z: 0 });
  });

  it('keeps the motion when the target is unchanged and snaps on a teleport', () => {
    const m = retarget(restingAt(0, 0, 0), 1, 1, 0, 600);
    expect(retarget(m, 1, 1, 200, 600)).toBe(m);
    const jump = retarget(m, 40, -70, 300, 600);
    expect(sampleMotion(jump, 300)).toEqual({ x: 40, z: -70 });
    expect(motionDone(jump, 300)).toBe(true);
  });
});

describe('facing', () => {
  it('turns a +Z-facing model towards the direction of travel', () => {
    expect(facingYaw(0, 1, 9)).toBeCloseTo(0);
    expect(facingYaw(1, 0, 9)).toBeCloseTo(Math.PI / 2);
    expect(facingYaw(0, -1, 9)).toBeCloseTo(Math.PI);
    expect(facingYaw(-1, 0, 9)).toBeCloseTo(-Math.PI / 2);
    expect(facingYaw(0, 0, 1.25)).toBe(1.25);
  });

  it('turns the short way round', () => {
    const a = lerpAngle(Math.PI - 0.1, -Math.PI + 0.1, 0.5);
    expect(Math.abs(Math.abs(a) - Math.PI)).toBeLessThan(1e-9);
    expect(lerpAngle(0, 1, 0.5)).toBeCloseTo(0.5);
    expect(lerpAngle(0, 1, 2)).toBeCloseTo(1);
  });
});

describe('tile picking and ground', () => {
  it('maps a ground hit to the tile centred on the nearest integers', () => {
    expect(tileAt(2.4, -3.6)).toEqual({ x: 2, z: -4 });
    expect(tileAt(-0.49, 0.49)).toEqual({ x: -0, z: 0 });
    expect(tileAt(10.51, 7.5)).toEqual({ x: 11, z: 8 });
  });

  it('measures Chebyshev distance', () => {
    expect(chebyshev({ x: 0, z: 0 }, { x: 3, z: -2 })).toBe(3);
    expect(chebyshev({ x: 1, z: 1 }, { x: 1, z: 1 })).toBe(0);
  });

  it('blends tile heights bilinearly between tile centres', () => {
    const heights: Record<string, number> = { '0,0': 0, '1,0': 2, '0,1': 4, '1,1': 6 };
    const at = (x: number, z: number) => heights[`${x},${z}`] ?? 0;
    expect(groundHeightAt(0, 0, at)).toBe(0);
    expect(groundHeightAt(0.5, 0, at)).toBe(1);
    expect(groundHeightAt(0, 0.5, at)).toBe(2);
    expect(groundHeightAt(0.5, 0.5, at)).toBe(3);
    expect(groundHeightAt(1, 1, at)).toBe(6);
  });

  it('converts between page pixels and device coordinates', () => {
    const rect = { left: 100, top: 50, width: 800, height: 600 };
    expect(toNdc(500, 350, rect)).toEqual({ x: 0, y: 0 });
    expect(toNdc(100, 50, rect)).toEqual({ x: -1, y: 1 });
    expect(fromNdc({ x: 0, y: 0, z: 0.5 }, rect)).toEqual({ x: 500, y: 350 });
    expect(fromNdc({ x: 1, y: -1, z: 0.5 }, rect)).toEqual({ x: 900, y: 650 });
    expect(fromNdc({ x: 0, y: 0, z: 1.5 }, rect)).toBeUndefined();
    expect(fromNdc({ x: 1.2, y: 0, z: 0.5 }, rect)).toBeUndefined();
    const round = toNdc(321, 222, rect);
    expect(fromNdc({ ...round, z: 0 }, rect)).toEqual({ x: 321, y: 222 });
  });

  it('tells clicks from drags', () => {
    expect(isClick(2, 3)).toBe(true);
    expect(isClick(6, 0)).toBe(false);
  });

  it('computes footprints like the server, swapped at 90 and 270 degrees', () => {
    expect(footprintRect(10, 20, 3, 2, 0)).toEqual({ minX: 10, minZ: 20, maxX: 12, maxZ: 21 });
    expect(footprintRect(10, 20, 3, 2, 90)).toEqual({ minX: 10, minZ: 20, maxX: 11, maxZ: 22 });
    expect(footprintRect(0, 0, 0, 0, 0)).toEqual({ minX: 0, minZ: 0, maxX: 0, maxZ: 0 });
    expect(rectCentre({ minX: 10, minZ: 20, maxX: 11, maxZ: 22 })).toEqual({ x: 10.5, z: 21 });
  });

  it('re-centres the terrain window only after walking past the margin', () => {
    expect(needsRecentre(undefined, { x: 0, z: 0 }, 20)).toBe(true);
    expect(needsRecentre({ x: 0, z: 0 }, { x: 20, z: -20 }, 20)).toBe(false);
    expect(needsRecentre({ x: 0, z: 0 }, { x: 21, z: 0 }, 20)).toBe(true);
  });

  it('reads model-bounds.json footprints', () => {
    const b = parseModelBounds({
      'altar.glb': {
        min: [0, 0, 0],
        max: [1, 1, 1],
        size: [1.6, 1.27, 0.9],
        footprint: { width: 3, depth: 2 },
      },
      'odd.glb': { size: 'x', footprint: { width: 0 } },
    });
    expect(b.get('altar.glb')).toEqual({ width: 3, depth: 2, height: 1.27 });
    expect(b.get('odd.glb')).toEqual({ width: 1, depth: 1, height: 1 });
    expect(parseModelBounds(null).size).toBe(0);
  });
});

describe('orbit camera', () => {
  it('places the camera behind and above the target', () => {
    const p = orbitPosition({ yaw: 0, pitch: Math.PI / 4, distance: 10 }, { x: 1, y: 2, z: 3 });
    expect(p.x).toBeCloseTo(1);
    expect(p.y).toBeCloseTo(2 + 10 * Math.SQRT1_2);
    expect(p.z).toBeCloseTo(3 + 10 * Math.SQRT1_2);
    const side = orbitPosition({ yaw: Math.PI / 2, pitch: 0, distance: 5 }, { x: 0, y: 0, z: 0 });
    expect(side.x).toBeCloseTo(5);
    expect(side.z).toBeCloseTo(0);
  });

  it('clamps pitch and distance and wraps yaw', () => {
    const o = clampOrbit({ yaw: 3 * Math.PI, pitch: 5, distance: 1000 });
    expect(o.pitch).toBe(ORBIT_LIMITS.maxPitch);
    expect(o.distance).toBe(ORBIT_LIMITS.maxDistance);
    expect(Math.abs(o.yaw)).toBeCloseTo(Math.PI);
    expect(clampOrbit({ yaw: 0, pitch: -1, distance: 0 })).toEqual({
      yaw: 0,
      pitch: ORBIT_LIMITS.minPitch,
      distance: ORBIT_LIMITS.minDistance,
    });
  });

  it('zooms in and out with the wheel', () => {
    const o = { yaw: 0, pitch: 0.8, distance: 16 };
    expect(zoomOrbit(o, -100).distance).toBeLessThan(16);
    expect(zoomOrbit(o, 100).distance).toBeGreaterThan(16);
    expect(zoomOrbit(o, 1e6).distance).toBe(ORBIT_LIMITS.maxDistance);
  });
});

describe('effects', () => {
  it('floats a hit splat up for its life and fades it at the end', () => {
    expect(splatStyle(0, 1000)).toEqual({ rise: 0, opacity: 1, alive: true });
    expect(splatStyle(500, 1000).opacity).toBe(1);
    expect(splatStyle(900, 1000).opacity).toBeCloseTo(0.3);
    expect(splatStyle(1000, 1000).alive).toBe(false);
  });

  it('colours misses blue and damage red', () => {
    expect(splatKind(false, 0)).toBe('miss');
    expect(splatKind(true, 0)).toBe('zero');
    expect(splatKind(true, 12)).toBe('damage');
  });

  it('sinks a dying entity over its death ticks', () => {
    expect(deathSink(0, 1800)).toBe(0);
    expect(deathSink(900, 1800)).toBe(0.5);
    expect(deathSink(5000, 1800)).toBe(1);
    expect(deathSink(10, 0)).toBe(1);
  });
});

describe('menu options', () => {
  const content: MenuContent = {
    npcs: new Map([
      ['goblin', { id: 'goblin', name: 'Goblin', examine: 'An ugly green creature.', attackable: true }],
      [
        'shopkeeper_marla',
        {
          id: 'shopkeeper_marla',
          name: 'Marla',
          attackable: false,
          dialogue: {
            start: 'g',
            nodes: [{ id: 'g', responses: [{ effects: [{ type: 'open_shop', storeId: 's' }] }] }],
          },
        },
      ],
      [
        'banker_oswin',
        { id: 'banker_oswin', name: 'Oswin', attackable: false, dialogue: { start: 'g', nodes: [] } },
      ],
      [
        'guide_lina',
        { id: 'guide_lina', name: 'Lina', attackable: false, dialogue: { start: 'g', nodes: [] } },
      ],
    ]),
    resources: new Map([
      ['oak_tree', { id: 'oak_tree', name: 'Oak', kind: 'tree', examine: 'A sturdy oak.' }],
      ['copper_rock', { id: 'copper_rock', name: 'Copper rocks', kind: 'rock' }],
      [
        'net_bait_spot',
        {
          id: 'net_bait_spot',
          name: 'Fishing spot',
          kind: 'fishing_spot',
          methods: [
            { id: 'net', label: 'Net' },
            { id: 'bait', label: 'Bait' },
          ],
        },
      ],
    ]),
    stations: new Map([
      ['bank_booth', { id: 'bank_booth', name: 'Bank booth', actions: [{ type: 'bank', label: 'Bank' }] }],
      ['altar', { id: 'altar', name: 'Altar', actions: [{ type: 'pray', label: 'Pray' }] }],
      ['cooking_range', { id: 'cooking_range', name: 'Range', actions: [{ type: 'cook', label: 'Cook' }] }],
    ]),
    buildings: new Map([['smithy', { id: 'smithy', name: 'Smithy', examine: 'Smoke pours out.' }]]),
    items: new Map([
      ['bones', { id: 'bones', name: 'Bones', examine: 'Bones are for burying.' }],
      ['raw_shrimps', { id: 'raw_shrimps', name: 'Raw shrimps' }],
    ]),
  };
  const labels = (t: PickTarget, ctx = {}) => menuOptions(content, t, ctx).map((o) => o.label);

  it('attacks attackable NPCs by default and names them with their level', () => {
    const goblin: PickTarget = {
      kind: 'npc',
      id: 'g:1',
      npcId: 'goblin',
      name: 'Goblin',
      combatLevel: 2,
      x: 3,
      z: 4,
    };
    const options = menuOptions(content, goblin, { tile: { x: 3, z: 5 } });
    expect(options.map((o) => o.label)).toEqual(['Attack', 'Walk here', 'Examine']);
    expect(options[0]).toEqual({
      label: 'Attack',
      target: 'Goblin (level 2)',
      intent: { type: 'attack', targetId: 'g:1' },
    });
    expect(options[1]?.intent).toEqual({ type: 'walk', x: 3, z: 5 });
    expect(options[2]?.intent).toEqual({ type: 'message', text: 'An ugly green creature.' });
  });

  it('talks to non-attackable NPCs first and offers their shop or bank', () => {
    const marla: PickTarget = {
      kind: 'npc',
      id: 'm:1',
      npcId: 'shopkeeper_marla',
      name: 'Marla',
      combatLevel: 0,
      x: 0,
      z: 0,
    };
    const options = menuOptions(content, marla);
    expect(options.map((o) => o.label)).toEqual(['Talk-to', 'Trade', 'Walk here', 'Examine']);
    expect(options[0]?.intent).toEqual({ type: 'talk', npcId: 'm:1' });
    expect(options[1]?.intent).toEqual({ type: 'openShop', npcId: 'm:1' });
    expect(options[0]?.target).toBe('Marla');
    const oswin: PickTarget = {
      kind: 'npc',
      id: 'b:1',
      npcId: 'banker_oswin',
      name: 'Oswin',
      combatLevel: 0,
      x: 0,
      z: 0,
    };
    expect(menuOptions(content, oswin)[1]?.intent).toEqual({ type: 'openBank', targetId: 'b:1' });
    const lina: PickTarget = {
      kind: 'npc',
      id: 'l:1',
      npcId: 'guide_lina',
      name: 'Lina',
      combatLevel: 0,
      x: 0,
      z: 0,
    };
    expect(labels(lina)).toEqual(['Talk-to', 'Walk here', 'Examine']);
  });

  it('offers trade with other players, attack only where PvP is allowed, nothing on oneself', () => {
    const other: PickTarget = {
      kind: 'player',
      id: 'p2',
      name: 'Bob',
      combatLevel: 12,
      x: 1,
      z: 1,
      self: false,
    };
    expect(labels(other)).toEqual(['Trade with', 'Walk here', 'Examine']);
    expect(menuOptions(content, other)[0]?.intent).toEqual({ type: 'trade', playerId: 'p2' });
    expect(labels(other, { pvp: true })).toEqual(['Attack', 'Trade with', 'Walk here', 'Examine']);
    const me: PickTarget = { kind: 'player', id: 'p1', name: 'Me', combatLevel: 3, x: 1, z: 1, self: true };
    expect(labels(me)).toEqual(['Walk here', 'Examine']);
  });

  it('gathers from resources with the right verb, and lists fishing methods', () => {
    const tree: PickTarget = {
      kind: 'object',
      id: 'whisperwood:r3',
      objectKind: 'resource',
      defId: 'oak_tree',
      depleted: false,
      x: 40,
      z: 6,
    };
    const options = menuOptions(content, tree);
    expect(options[0]).toEqual({
      label: 'Chop down',
      target: 'Oak',
      intent: { type: 'gather', objectId: 'whisperwood:r3' },
    });
    const rock: PickTarget = {
      kind: 'object',
      id: 'a:r1',
      objectKind: 'resource',
      defId: 'copper_rock',
      depleted: false,
      x: 0,
      z: 0,
    };
    expect(labels(rock)[0]).toBe('Mine');
    const spot: PickTarget = {
      kind: 'object',
      id: 'a:r2',
      objectKind: 'resource',
      defId: 'net_bait_spot',
      depleted: false,
      x: 0,
      z: 0,
    };
    const fishing = menuOptions(content, spot);
    expect(fishing.map((o) => o.label)).toEqual(['Net', 'Bait', 'Walk here', 'Examine']);
    expect(fishing[1]?.intent).toEqual({ type: 'gather', objectId: 'a:r2', methodId: 'bait' });
  });

  it('offers nothing to gather from a stump, but still examines it', () => {
    const stump: PickTarget = {
      kind: 'object',
      id: 'w:r0',
      objectKind: 'resource',
      defId: 'oak_tree',
      depleted: true,
      x: 0,
      z: 0,
    };
    expect(labels(stump)).toEqual(['Walk here', 'Examine']);
    expect(targetName(content, stump)).toBe('Tree stump');
    expect(examineText(content, stump)).toBe('A tree stump.');
  });

  it('maps station actions to bank, pray and hints', () => {
    const booth: PickTarget = {
      kind: 'object',
      id: 'oakhaven:s0',
      objectKind: 'station',
      defId: 'bank_booth',
      depleted: false,
      x: 0,
      z: 0,
    };
    expect(menuOptions(content, booth)[0]?.intent).toEqual({ type: 'openBank', targetId: 'oakhaven:s0' });
    const altar: PickTarget = {
      kind: 'object',
      id: 'oakhaven:s5',
      objectKind: 'station',
      defId: 'altar',
      depleted: false,
      x: 0,
      z: 0,
    };
    expect(menuOptions(content, altar)[0]?.intent).toEqual({ type: 'pray', objectId: 'oakhaven:s5' });
    const range: PickTarget = {
      kind: 'object',
      id: 'oakhaven:s3',
      objectKind: 'station',
      defId: 'cooking_range',
      depleted: false,
      x: 0,
      z: 0,
    };
    const cook = menuOptions(content, range)[0];
    expect(cook?.label).toBe('Cook');
    expect(cook?.intent.type).toBe('message');
  });

  it('uses the selected item on an object before anything else', () => {
    const range: PickTarget = {
      kind: 'object',
      id: 'oakhaven:s3',
      objectKind: 'station',
      defId: 'cooking_range',
      depleted: false,
      x: 0,
      z: 0,
    };
    const options = menuOptions(content, range, { selection: { slot: 4, itemId: 'raw_shrimps' } });
    expect(options[0]).toEqual({
      label: 'Use Raw shrimps ->',
      target: 'Range',
      intent: { type: 'useItemOn', slot: 4, targetId: 'oakhaven:s3' },
    });
  });

  it('takes ground items, reclaims gravestones and walks on tiles', () => {
    const pile: PickTarget = { kind: 'groundItem', id: 'g42', itemId: 'bones', quantity: 3, x: 2, z: 1 };
    const take = menuOptions(content, pile);
    expect(take[0]).toEqual({
      label: 'Take',
      target: 'Bones (3)',
      intent: { type: 'pickup', groundItemId: 'g42' },
    });
    expect(take.at(-1)?.intent).toEqual({ type: 'message', text: 'Bones are for burying. (3)' });
    const grave: PickTarget = { kind: 'gravestone', id: 'c1:1500', x: 40, z: -70 };
    expect(menuOptions(content, grave)[0]?.intent).toEqual({ type: 'reclaim', gravestoneId: 'c1:1500' });
    expect(menuOptions(content, { kind: 'tile', x: 5, z: -3 })).toEqual([
      { label: 'Walk here', intent: { type: 'walk', x: 5, z: -3 } },
    ]);
    const smithy: PickTarget = { kind: 'building', defId: 'smithy', x: 1, z: 2 };
    expect(labels(smithy)).toEqual(['Walk here', 'Examine']);
  });

  it('recognises shopkeepers and labels fighters', () => {
    expect(npcKeepsShop(content.npcs.get('shopkeeper_marla'))).toBe(true);
    expect(npcKeepsShop(content.npcs.get('goblin'))).toBe(false);
    expect(entityLabel('Goblin', 2, true)).toBe('Goblin (level 2)');
    expect(entityLabel('Marla', 0, false)).toBe('Marla');
  });
});
