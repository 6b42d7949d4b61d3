import { describe, expect, it } from 'vitest';
import type { Content } from '../src/content';
import { gatherTarget } from '../src/game/render/actions';
import { toolFor } from '../src/game/render/character';
import {
  animFor,
  poseAt,
  skillAnimFor,
  SWING_MS,
  type AnimInput,
  type AnimName,
} from '../src/game/render/animation';
import { itemShape, materialColour } from '../src/items/palette';
import { itemIconUrl } from '../src/items/icons';

const still: AnimInput = {
  dying: false,
  moving: false,
  running: false,
  swingUntil: undefined,
  skill: undefined,
};

describe('animFor', () => {
  it('chooses death over movement over a swing over skilling over idle', () => {
    expect(animFor(still, 0)).toBe('idle');
    expect(animFor({ ...still, skill: 'mining' }, 0)).toBe('mining');
    expect(animFor({ ...still, skill: 'mining', swingUntil: 500 }, 100)).toBe('attack');
    expect(animFor({ ...still, skill: 'mining', swingUntil: 500 }, 600)).toBe('mining');
    expect(animFor({ ...still, moving: true, swingUntil: 500 }, 100)).toBe('walk');
    expect(animFor({ ...still, moving: true, running: true }, 0)).toBe('run');
    expect(animFor({ ...still, moving: true, dying: true }, 0)).toBe('death');
  });

  it('maps resource kinds to skilling animations', () => {
    expect(skillAnimFor('tree')).toBe('woodcutting');
    expect(skillAnimFor('rock')).toBe('mining');
    expect(skillAnimFor('fishing_spot')).toBe('fishing');
    expect(skillAnimFor('altar')).toBeUndefined();
    expect(skillAnimFor(undefined)).toBeUndefined();
  });
});

describe('poseAt', () => {
  const anims: AnimName[] = [
    'idle',
    'walk',
    'run',
    'attack',
    'woodcutting',
    'mining',
    'fishing',
    'firemaking',
    'cooking',
    'smelting',
    'smithing',
    'death',
  ];

  it('gives finite, bounded angles for every animation at any time', () => {
    for (const a of anims)
      for (let t = 0; t < 5000; t += 37) {
        const p = poseAt(a, t);
        for (const [k, v] of Object.entries(p)) {
          expect(Number.isFinite(v), `${a} ${k} @${t}`).toBe(true);
          expect(Math.abs(v), `${a} ${k} @${t}`).toBeLessThanOrEqual(Math.PI);
        }
      }
  });

  it('is a pure function of animation and time', () => {
    for (const a of anims) expect(poseAt(a, 1234)).toEqual(poseAt(a, 1234));
  });

  it('swings legs in opposition while walking, wider and faster when running', () => {
    const w = poseAt('walk', 150); // a quarter of the 600 ms stride
    expect(w.leftLeg).toBeCloseTo(0.5, 5);
    expect(w.rightLeg).toBeCloseTo(-0.5, 5);
    expect(w.leftArm).toBeLessThan(0);
    const r = poseAt('run', 105); // a quarter of the 420 ms stride
    expect(r.leftLeg).toBeGreaterThan(w.leftLeg);
    expect(r.lean).toBeGreaterThan(w.lean);
    expect(poseAt('walk', 600).leftLeg).toBeCloseTo(0, 5);
  });

  it('raises the weapon arm, then strikes through within one swing', () => {
    const up = poseAt('attack', SWING_MS * 0.4);
    const down = poseAt('attack', SWING_MS * 0.6);
    expect(up.rightArm).toBeGreaterThan(2);
    expect(down.rightArm).toBeLessThan(0);
    expect(poseAt('attack', SWING_MS * 0.4).leftArm).toBe(0);
  });

  it('chops and mines with both arms raised then brought down, the pickaxe higher', () => {
    const chopTop = poseAt('woodcutting', 1200 * 0.7);
    const chopLow = poseAt('woodcutting', 0);
    expect(chopTop.rightArm - chopLow.rightArm).toBeCloseTo(1.5, 5);
    expect(poseAt('mining', 700).rightArm).toBeGreaterThan(chopTop.rightArm);
    const fish = poseAt('fishing', 0);
    expect(fish.rightArm).toBeGreaterThan(0.7);
    expect(fish.head).toBeLessThan(0);
  });

  it('falls over the death time and stays down', () => {
    expect(poseAt('death', 0, 1800).fall).toBe(0);
    expect(poseAt('death', 900, 1800).fall).toBeCloseTo(0.5, 5);
    expect(poseAt('death', 1800, 1800).fall).toBe(1);
    expect(poseAt('death', 9000, 1800).fall).toBe(1);
    expect(poseAt('idle', 500).fall).toBe(0);
  });
});

describe('toolFor', () => {
  const carried = [
    { itemId: 'logs' },
    { itemId: 'iron_pickaxe' },
    { itemId: 'bronze_axe' },
    { itemId: 'fishing_rod' },
  ];

  it('holds the carried tool of the skill being animated, nothing otherwise', () => {
    expect(toolFor('woodcutting', carried)).toBe('bronze_axe');
    expect(toolFor('mining', carried)).toBe('iron_pickaxe');
    expect(toolFor('fishing', carried)).toBe('fishing_rod');
    expect(toolFor('fishing', [{ itemId: 'harpoon' }])).toBe('harpoon');
    expect(toolFor('walk', carried)).toBeUndefined();
    expect(toolFor('mining', [{ itemId: 'logs' }])).toBeUndefined();
  });
});

describe('gatherTarget', () => {
  const content = {
    areas: [{ id: 'town', resources: [{ resourceId: 'oak_tree', x: 4, z: 5 }] }],
  } as unknown as Content;

  it('finds a placed resource by its area and index, an altered one by its id', () => {
    expect(gatherTarget(content, new Map(), 'town:r0')).toEqual({ resourceId: 'oak_tree', x: 4, z: 5 });
    const moved = new Map([['spot:1', { defId: 'net_spot', x: 9, z: 1 }]]);
    expect(gatherTarget(content, moved, 'spot:1')).toEqual({ resourceId: 'net_spot', x: 9, z: 1 });
    expect(gatherTarget(content, new Map(), 'town:r7')).toBeUndefined();
    expect(gatherTarget(content, new Map(), 'elsewhere:r0')).toBeUndefined();
    expect(gatherTarget(content, new Map(), 'nonsense')).toBeUndefined();
  });
});

describe('item looks', () => {
  it('derive shapes from slot and id, colours from the material', () => {
    expect(itemShape({ id: 'rune_2h_sword', category: 'weapon', equipSlot: 'weapon' })).toBe('greatsword');
    expect(itemShape({ id: 'iron_kiteshield', category: 'armour', equipSlot: 'shield' })).toBe('kiteshield');
    expect(itemShape({ id: 'red_cape', category: 'armour', equipSlot: 'cape' })).toBe('cape');
    expect(itemShape({ id: 'raw_shrimps', category: 'resource' })).toBe('fish');
    expect(itemShape({ id: 'meat_pie', category: 'food' })).toBe('pie');
    expect(materialColour('bronze_sword')).not.toBe(materialColour('rune_sword'));
    expect(materialColour('runite_ore')).toBe(materialColour('rune_sword'));
    expect(materialColour('something_new')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('have one icon address per item on the CDN', () => {
    expect(itemIconUrl('bronze_sword', 'https://cdn.example/')).toBe(
      'https://cdn.example/icons/bronze_sword.svg',
    );
    expect(itemIconUrl('a/b', 'https://cdn.example')).toBe('https://cdn.example/icons/a%2Fb.svg');
  });
});
