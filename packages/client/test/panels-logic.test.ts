import { CHAT_MAX_LENGTH } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import {
  CHAT_INPUT_MAX,
  filterOf,
  findByName,
  lineText,
  lineVisible,
  normalizeName,
  parseChatInput,
} from '../src/ui/panels/chat-logic';
import {
  bonusLabel,
  effectiveStyle,
  formatDuration,
  healOf,
  primaryAction,
  runEnergyPercent,
  slotClick,
  styleSetOf,
  stylesOf,
  sumBonuses,
  teleportState,
} from '../src/ui/panels/items-logic';
import { journalCounts, questDetailText, questStageText, questStatusLabel } from '../src/ui/panels/journal';
import {
  DEFAULT_LAND_COLOUR,
  insideDisc,
  minimapToTile,
  tileColour,
  tileToMinimap,
  visibleTiles,
  VOID_COLOUR,
  WATER_COLOUR,
} from '../src/ui/panels/minimap-logic';
import {
  levelForXp,
  levelProgress,
  MAX_LEVEL,
  orderSkills,
  skillName,
  totalLevel,
  unlocksWithState,
  XP_TABLE,
  xpForLevel,
} from '../src/ui/panels/xp';

describe('xp table', () => {
  it('matches the OSRS table at known levels', () => {
    expect(xpForLevel(1)).toBe(0);
    expect(xpForLevel(2)).toBe(83);
    expect(xpForLevel(3)).toBe(174);
    expect(xpForLevel(10)).toBe(1154);
    expect(xpForLevel(50)).toBe(101_333);
    expect(xpForLevel(92)).toBe(6_517_253);
    expect(xpForLevel(99)).toBe(13_034_431);
    expect(XP_TABLE).toHaveLength(MAX_LEVEL);
  });

  it('clamps levels outside 1..99', () => {
    expect(xpForLevel(0)).toBe(0);
    expect(xpForLevel(120)).toBe(13_034_431);
  });

  it('finds the level of an amount of xp', () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(-5)).toBe(1);
    expect(levelForXp(82)).toBe(1);
    expect(levelForXp(83)).toBe(2);
    expect(levelForXp(1153)).toBe(9);
    expect(levelForXp(1154)).toBe(10);
    expect(levelForXp(13_034_430)).toBe(98);
    expect(levelForXp(200_000_000)).toBe(99);
    for (let l = 1; l <= MAX_LEVEL; l++) expect(levelForXp(xpForLevel(l))).toBe(l);
  });

  it('reports the progress to the next level', () => {
    expect(levelProgress(0)).toEqual({ level: 1, levelXp: 0, nextLevelXp: 83, toNext: 83, fraction: 0 });
    const mid = levelProgress(100);
    expect(mid.level).toBe(2);
    expect(mid.nextLevelXp).toBe(174);
    expect(mid.toNext).toBe(74);
    expect(mid.fraction).toBeCloseTo((100 - 83) / (174 - 83));
    expect(levelProgress(14_000_000)).toMatchObject({ level: 99, nextLevelXp: null, toNext: 0, fraction: 1 });
  });

  it('sums levels, orders skills and names them', () => {
    expect(totalLevel({ attack: { level: 5 }, constitution: { level: 10 }, fishing: { level: 1 } })).toBe(16);
    expect(totalLevel({})).toBe(0);
    expect(orderSkills(['mining', 'zzz_new', 'attack', 'constitution', 'attack'])).toEqual([
      'attack',
      'constitution',
      'mining',
      'zzz_new',
    ]);
    expect(skillName('woodcutting')).toBe('Woodcutting');
    expect(skillName('hit_points')).toBe('Hit points');
  });

  it('marks the unlocks a level has reached, in level order', () => {
    const unlocks = [
      { level: 20, description: 'mithril' },
      { level: 1, description: 'bronze' },
      { level: 5, description: 'steel' },
    ];
    expect(unlocksWithState(unlocks, 5).map((u) => [u.unlock.description, u.reached])).toEqual([
      ['bronze', true],
      ['steel', true],
      ['mithril', false],
    ]);
  });
});

describe('chat input parsing', () => {
  it('sends ordinary text and / commands as public chat', () => {
    expect(parseChatInput('  hello there ')).toEqual({ kind: 'public', message: 'hello there' });
    expect(parseChatInput('/tele 5 5')).toEqual({ kind: 'public', message: '/tele 5 5' });
    expect(parseChatInput('/players')).toEqual({ kind: 'public', message: '/players' });
    expect(parseChatInput('   ')).toEqual({ kind: 'none' });
    expect(parseChatInput('')).toEqual({ kind: 'none' });
  });

  it('parses /pm and @ private messages', () => {
    expect(parseChatInput('/pm Alice meet me at the bank')).toEqual({
      kind: 'pm',
      name: 'Alice',
      message: 'meet me at the bank',
    });
    expect(parseChatInput('@Bob hi')).toEqual({ kind: 'pm', name: 'Bob', message: 'hi' });
    expect(parseChatInput('/PM carol  yo ')).toEqual({ kind: 'pm', name: 'carol', message: 'yo' });
    // Underscores stand for spaces in names typed as one word.
    expect(parseChatInput('@Big_Bob hi')).toEqual({ kind: 'pm', name: 'Big Bob', message: 'hi' });
    // "/pmfoo" is not the pm command.
    expect(parseChatInput('/pmfoo x')).toEqual({ kind: 'public', message: '/pmfoo x' });
  });

  it('resolves names with spaces against known friends, longest first', () => {
    const friends = ['Big', 'Big Bob', 'Alice'];
    expect(parseChatInput('/pm big bob how are you', friends)).toEqual({
      kind: 'pm',
      name: 'Big Bob',
      message: 'how are you',
    });
    expect(parseChatInput('@Big hello', friends)).toEqual({ kind: 'pm', name: 'Big', message: 'hello' });
    // A friend name must end at a word boundary.
    expect(parseChatInput('@Alicex hi', friends)).toEqual({ kind: 'pm', name: 'Alicex', message: 'hi' });
  });

  it('refuses private messages without a name or text', () => {
    expect(parseChatInput('/pm').kind).toBe('invalid');
    expect(parseChatInput('@').kind).toBe('invalid');
    expect(parseChatInput('@Alice').kind).toBe('invalid');
    expect(parseChatInput('/pm Alice    ').kind).toBe('invalid');
  });

  it('cuts messages to the chat limit', () => {
    const long = 'x'.repeat(CHAT_MAX_LENGTH + 50);
    const pub = parseChatInput(long);
    expect(pub.kind === 'public' && pub.message.length).toBe(CHAT_MAX_LENGTH);
    const pm = parseChatInput(`@Alice ${long}`);
    expect(pm.kind === 'pm' && pm.message.length).toBe(CHAT_MAX_LENGTH);
    expect(CHAT_INPUT_MAX).toBeGreaterThan(CHAT_MAX_LENGTH);
  });

  it('finds friends by name case-insensitively', () => {
    const list = [
      { id: 'a', name: 'Alice' },
      { id: 'b', name: 'Big Bob' },
    ];
    expect(findByName(list, 'alice')?.id).toBe('a');
    expect(findByName(list, 'big_bob')?.id).toBe('b');
    expect(findByName(list, 'carol')).toBeUndefined();
    expect(normalizeName('  Big__Bob ')).toBe('big bob');
  });
});

describe('chat log filters and text', () => {
  it('maps channels to filter tabs', () => {
    expect(filterOf('public')).toBe('public');
    expect(filterOf('private')).toBe('private');
    expect(filterOf('private_out')).toBe('private');
    for (const c of ['system', 'broadcast', 'game', 'error', 'trade'] as const)
      expect(filterOf(c)).toBe('game');
    expect(lineVisible({ channel: 'public' }, 'all')).toBe(true);
    expect(lineVisible({ channel: 'public' }, 'private')).toBe(false);
    expect(lineVisible({ channel: 'error' }, 'game')).toBe(true);
  });

  it('writes player lines as "<from>: <message>"', () => {
    expect(lineText({ from: 'Alice', text: 'hello' })).toBe('Alice: hello');
    expect(lineText({ text: 'Welcome to tilerealm.' })).toBe('Welcome to tilerealm.');
  });
});

describe('quest journal text', () => {
  const base = { description: 'Collect twenty feathers.', progress: null, stage: 0, stageCount: 2 };
  it('labels statuses', () => {
    expect(questStatusLabel('not_started')).toBe('Not started');
    expect(questStatusLabel('in_progress')).toBe('In progress');
    expect(questStatusLabel('completed')).toBe('Completed');
  });

  it('describes the current stage with its progress', () => {
    expect(questDetailText({ ...base, status: 'in_progress', progress: { current: 4, required: 20 } })).toBe(
      'Collect twenty feathers. (4/20)',
    );
    expect(questDetailText({ ...base, status: 'in_progress' })).toBe('Collect twenty feathers.');
    expect(questDetailText({ ...base, status: 'not_started', description: 'Help Edda.' })).toBe('Help Edda.');
    expect(questDetailText({ ...base, status: 'completed' })).toBe('Quest complete!');
    expect(questStageText({ ...base, status: 'in_progress', stage: 1 })).toBe('Stage 2 of 2');
    expect(questStageText({ ...base, status: 'completed' })).toBe('');
  });

  it('counts quests by status', () => {
    expect(
      journalCounts([{ status: 'completed' }, { status: 'not_started' }, { status: 'completed' }]),
    ).toEqual({
      not_started: 1,
      in_progress: 0,
      completed: 2,
    });
  });
});

describe('minimap projection', () => {
  const view = { centerX: 10, centerZ: -5, size: 160, scale: 4 };
  it('puts the player at the centre and tiles at scale', () => {
    expect(tileToMinimap(view, 10, -5)).toEqual({ px: 80, py: 80 });
    expect(tileToMinimap(view, 12, -5)).toEqual({ px: 88, py: 80 });
    expect(tileToMinimap(view, 10, -8)).toEqual({ px: 80, py: 68 });
  });

  it('inverts the projection for clicks', () => {
    for (const [x, z] of [
      [10, -5],
      [0, 0],
      [25, -20],
      [-5, 9],
    ] as const) {
      const { px, py } = tileToMinimap(view, x, z);
      expect(minimapToTile(view, px, py)).toEqual({ x, z });
      // Anywhere inside the tile's square maps back to it.
      expect(minimapToTile(view, px + 1.9, py - 1.9)).toEqual({ x, z });
    }
  });

  it('covers the canvas with visible tiles and ignores the corners', () => {
    expect(visibleTiles(view)).toEqual({ minX: -10, maxX: 30, minZ: -25, maxZ: 15 });
    expect(insideDisc(view, 80, 80)).toBe(true);
    expect(insideDisc(view, 80, 1)).toBe(true);
    expect(insideDisc(view, 2, 2)).toBe(false);
  });

  it('colours tiles by water, biome and void', () => {
    const areas = [
      {
        bounds: { minX: -24, minZ: -24, maxX: 24, maxZ: 24 },
        biome: 'town',
        water: [{ minX: 15, minZ: 15, maxX: 19, maxZ: 19 }],
      },
      { bounds: { minX: 25, minZ: -24, maxX: 60, maxZ: 24 }, biome: 'unknown_biome' },
    ];
    const biome = (id: string): string | undefined => (id === 'town' ? '#6f9a4a' : undefined);
    expect(tileColour(areas, biome, 0, 0)).toBe('#6f9a4a');
    expect(tileColour(areas, biome, 17, 15)).toBe(WATER_COLOUR);
    expect(tileColour(areas, biome, 30, 0)).toBe(DEFAULT_LAND_COLOUR);
    expect(tileColour(areas, biome, 500, 500)).toBe(VOID_COLOUR);
  });
});

describe('inventory and equipment logic', () => {
  const shrimps = { id: 'shrimps', name: 'Shrimps', food: { heal: 30, eatDelay: 3 } };
  const sword = {
    id: 'bronze_sword',
    name: 'Bronze sword',
    equipSlot: 'weapon',
    weapon: { styleSet: 'sword' },
  };
  const helm = {
    id: 'bronze_med_helm',
    name: 'Helm',
    equipSlot: 'head',
    bonuses: { defenseStab: 3, attackMagic: -1 },
  };
  const bones = { id: 'bones', name: 'Bones', prayerXp: 4.5 };
  const logs = { id: 'logs', name: 'Logs' };

  it('knows what an item does on its own', () => {
    expect(healOf(shrimps)).toBe(30);
    expect(healOf({ id: 'x', name: 'X', heal: 12 })).toBe(12);
    expect(healOf(logs)).toBe(0);
    expect(primaryAction(shrimps)).toBe('eat');
    expect(primaryAction(bones)).toBe('bury');
    expect(primaryAction(sword)).toBe('wield');
    expect(primaryAction(helm)).toBe('wear');
    expect(primaryAction(logs)).toBe('use');
    expect(primaryAction(undefined)).toBe('use');
  });

  it('turns slot clicks into requests', () => {
    expect(slotClick(0, 'shrimps', shrimps, undefined)).toEqual({ kind: 'useAlone', slot: 0 });
    expect(slotClick(1, 'bronze_sword', sword, undefined)).toEqual({ kind: 'equip', slot: 1 });
    expect(slotClick(2, 'logs', logs, undefined)).toEqual({ kind: 'select', slot: 2, itemId: 'logs' });
    expect(slotClick(3, undefined, undefined, undefined)).toEqual({ kind: 'none' });
    // With an item picked for "Use": item on item, or cancel.
    expect(slotClick(5, 'shrimps', shrimps, 2)).toEqual({ kind: 'useOn', slot: 2, targetSlot: 5 });
    expect(slotClick(2, 'logs', logs, 2)).toEqual({ kind: 'deselect' });
    expect(slotClick(7, undefined, undefined, 2)).toEqual({ kind: 'deselect' });
  });

  it('sums equipment bonuses', () => {
    const other = { id: 'shield', name: 'Shield', bonuses: { defenseStab: 5, attackMagic: -3, note: 'x' } };
    expect(sumBonuses([helm, other, undefined, logs])).toEqual({ defenseStab: 8, attackMagic: -4 });
    expect(sumBonuses([])).toEqual({});
    expect(bonusLabel('attackSlash')).toBe('Attack slash');
    expect(bonusLabel('meleeStrength')).toBe('Melee strength');
  });

  it('reads combat styles of the wielded weapon', () => {
    const manifest = {
      styleSets: [
        { id: 'unarmed', styles: [{ id: 'punch', name: 'Punch', stance: 'accurate' }] },
        {
          id: 'sword',
          styles: [
            { id: 'stab', name: 'Stab', stance: 'accurate', damageType: 'stab' },
            { id: 'slash', name: 'Slash', stance: 'aggressive' },
          ],
        },
      ],
    };
    expect(styleSetOf(sword)).toBe('sword');
    expect(styleSetOf(undefined)).toBe('unarmed');
    expect(styleSetOf(logs)).toBe('unarmed');
    const styles = stylesOf(manifest, 'sword');
    expect(styles.map((s) => s.id)).toEqual(['stab', 'slash']);
    expect(styles[0]).toEqual({ id: 'stab', name: 'Stab', stance: 'accurate', damageType: 'stab' });
    expect(stylesOf(manifest, 'bow')).toEqual([]);
    expect(stylesOf(undefined, 'sword')).toEqual([]);
    expect(effectiveStyle(styles, 'slash')).toBe('slash');
    expect(effectiveStyle(styles, 'punch')).toBe('stab');
    expect(effectiveStyle([], 'punch')).toBeUndefined();
  });
});

describe('status HUD logic', () => {
  it('shows run energy in percent', () => {
    expect(runEnergyPercent(10_000)).toBe(100);
    expect(runEnergyPercent(4_567)).toBe(45);
    expect(runEnergyPercent(0)).toBe(0);
    expect(runEnergyPercent(-3)).toBe(0);
  });

  it('formats durations and the home teleport state', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9_600)).toBe('0:10');
    expect(formatDuration(30 * 60_000)).toBe('30:00');
    expect(formatDuration(61_001)).toBe('1:02');
    const now = 1_000_000;
    expect(teleportState(now, undefined, undefined)).toEqual({ mode: 'ready', label: 'Home teleport' });
    expect(teleportState(now, now + 5_000, undefined).mode).toBe('casting');
    expect(teleportState(now, now - 1, now + 90_000)).toEqual({ mode: 'cooldown', label: 'Home 1:30' });
    expect(teleportState(now, undefined, now - 1).mode).toBe('ready');
  });
});
