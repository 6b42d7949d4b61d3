import { describe, expect, it } from 'vitest';
import type { MenuContent, OptionSpec, PickTarget } from '../src/game/render/menus';
import { buildMenu, collectTargets, hoverText } from '../src/game/render/menus';
import { ClickMarker, MARKER_MS } from '../src/game/render/click-marker';

const content: MenuContent = {
  npcs: new Map([
    ['goblin', { id: 'goblin', name: 'Goblin', examine: 'An ugly green creature.', attackable: true }],
    [
      'banker_oswin',
      { id: 'banker_oswin', name: 'Oswin', attackable: false, dialogue: { start: 'g', nodes: [] } },
    ],
  ]),
  resources: new Map([
    ['tree', { id: 'tree', name: 'Tree', kind: 'tree', examine: 'A tree.' }],
    ['willow_tree', { id: 'willow_tree', name: 'Willow', kind: 'tree' }],
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
  ]),
  buildings: new Map(),
  items: new Map([
    ['bones', { id: 'bones', name: 'Bones', examine: 'Bones are for burying.' }],
    ['coins', { id: 'coins', name: 'Coins' }],
    ['bread', { id: 'bread', name: 'Bread' }],
  ]),
} as unknown as MenuContent;

const tile = { x: 10, z: 12 };
const me: PickTarget = { kind: 'player', id: 'p:me', name: 'Hero', combatLevel: 3, x: 10, z: 12, self: true };
const tree: PickTarget = {
  kind: 'object',
  id: 'a:r0',
  objectKind: 'resource',
  defId: 'tree',
  depleted: false,
  x: 10,
  z: 12,
};
const goblin: PickTarget = {
  kind: 'npc',
  id: 'n:1',
  npcId: 'goblin',
  name: 'Goblin',
  combatLevel: 2,
  x: 10,
  z: 12,
};
const pile = [
  { id: 'g1', itemId: 'bones', quantity: 1, x: 10, z: 12 },
  { id: 'g2', itemId: 'coins', quantity: 25, x: 10, z: 12 },
  { id: 'g3', itemId: 'bread', quantity: 1, x: 10, z: 12 },
  { id: 'g4', itemId: 'bread', quantity: 1, x: 11, z: 12 },
];
const text = (o: OptionSpec): string => (o.target ? `${o.label} ${o.target}` : o.label);
const menu = (hits: PickTarget[], items = pile, at: typeof tile | null = tile): string[] =>
  buildMenu(content, collectTargets(hits, at ?? undefined, items), at ? { tile: at } : {}).map(text);

describe('the option menu for everything under the cursor', () => {
  it('offers one "Take" per item of a pile, then "Walk here", then one "Examine" per item', () => {
    expect(menu([])).toEqual([
      'Take Bones',
      'Take Coins (25)',
      'Take Bread',
      'Walk here',
      'Examine Bones',
      'Examine Coins (25)',
      'Examine Bread',
    ]);
  });

  it('offers the loot under the own character before the character, whose only option is Examine', () => {
    const options = menu([me], pile.slice(0, 1));
    expect(options).toEqual(['Take Bones', 'Walk here', 'Examine Bones', 'Examine Hero (level 3)']);
    expect(buildMenu(content, collectTargets([me], tile, pile.slice(0, 1)), { tile })[0]?.intent).toEqual({
      type: 'pickup',
      groundItemId: 'g1',
    });
  });

  it('offers the pile under a character even when the ray meets the ground behind it', () => {
    const behind = { x: 10, z: 13 };
    const options = buildMenu(content, collectTargets([me], behind, pile), { tile: behind }).map(text);
    expect(options.filter((o) => o.startsWith('Take'))).toEqual([
      'Take Bones',
      'Take Coins (25)',
      'Take Bread',
    ]);
  });

  it('lists the actions of every target front to back, each default first, examines last', () => {
    expect(menu([goblin, tree, goblin], pile.slice(0, 1))).toEqual([
      'Attack Goblin (level 2)',
      'Chop down Tree',
      'Take Bones',
      'Walk here',
      'Examine Goblin (level 2)',
      'Examine Tree',
      'Examine Bones',
    ]);
  });

  it('does not repeat an item the ray hit and adds no item of another tile', () => {
    const hitBones: PickTarget = { kind: 'groundItem', id: 'g1', itemId: 'bones', quantity: 1, x: 10, z: 12 };
    const options = menu([hitBones]);
    expect(options.filter((o) => o.startsWith('Take'))).toHaveLength(3);
    expect(options.filter((o) => o === 'Take Bones')).toHaveLength(1);
  });

  it('walks when nothing but the ground is under the cursor, and offers nothing off the ground', () => {
    expect(menu([{ kind: 'tile', x: 10, z: 12 }], [])).toEqual(['Walk here']);
    expect(menu([], pile, null)).toEqual([]);
  });

  it('offers a fishing spot behind a willow, after the willow', () => {
    const willow: PickTarget = { ...tree, id: 'a:r1', defId: 'willow_tree' };
    const spot: PickTarget = { ...tree, id: 'a:r2', defId: 'net_bait_spot' };
    const options = buildMenu(content, collectTargets([willow, spot], tile, []), { tile });
    expect(options.map(text)).toEqual([
      'Chop down Willow',
      'Net Fishing spot',
      'Bait Fishing spot',
      'Walk here',
      'Examine Willow',
      'Examine Fishing spot',
    ]);
    expect(options[1]?.intent).toEqual({ type: 'gather', objectId: 'a:r2', methodId: 'net' });
  });

  it('banks at an NPC banker and a booth alike, talking first to the banker', () => {
    const banker: PickTarget = {
      kind: 'npc',
      id: 'n:2',
      npcId: 'banker_oswin',
      name: 'Oswin',
      combatLevel: 0,
      x: 10,
      z: 12,
    };
    const booth: PickTarget = { ...tree, id: 'a:s0', objectKind: 'station', defId: 'bank_booth' };
    expect(menu([banker, booth], [])).toEqual([
      'Talk-to Oswin',
      'Bank Oswin',
      'Bank Bank booth',
      'Walk here',
      'Examine Oswin',
      'Examine Bank booth',
    ]);
  });
});

describe('the hover text', () => {
  it('shows the default action and how many more options the menu has, Cancel included', () => {
    const options = buildMenu(content, [tree], { tile });
    expect(hoverText(options)).toBe('Chop down Tree / 3 more options');
  });

  it('shows just "Walk here" on bare ground and nothing off the ground', () => {
    expect(hoverText(buildMenu(content, [], { tile }))).toBe('Walk here');
    expect(hoverText([])).toBe('');
  });
});

describe('the click marker', () => {
  it('is a yellow cross for a walk, a red one for an action, gone after a moment', () => {
    const marker = new ClickMarker();
    marker.show(3, 4, 0, false);
    expect(marker.last()).toEqual({ colour: 'yellow', serial: 0, x: 3, z: 4 });
    expect(marker.object.visible).toBe(true);
    expect(marker.object.children).toHaveLength(2);
    marker.show(5, 6, 0, true);
    expect(marker.last()).toEqual({ colour: 'red', serial: 1, x: 5, z: 6 });
    marker.update(performance.now() + MARKER_MS / 2);
    expect(marker.object.visible).toBe(true);
    marker.update(performance.now() + MARKER_MS + 1);
    expect(marker.object.visible).toBe(false);
    marker.dispose();
  });
});
