import { describe, expect, it } from 'vitest';
import type { MenuContent, PickTarget } from '../src/game/render/menus';
import { entityLabel, examineText, menuOptions, npcKeepsShop, targetName } from '../src/game/render/menus';

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
