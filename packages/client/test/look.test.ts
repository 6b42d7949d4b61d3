import { ENTITY_ACTIVITIES } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { animFor, poseAt } from '../src/game/render/animation';
import type { Content } from '../src/content';
import { activityAnim, gatheringFacing, othersTool, wornList } from '../src/game/render/look';

describe("another player's look", () => {
  it('lists the worn items in slot order for the rig', () => {
    expect(wornList(undefined)).toEqual([]);
    expect(wornList({})).toEqual([]);
    expect(
      wornList({ shield: 'bronze_sq_shield', weapon: 'bronze_sword', head: 'bronze_full_helm' }),
    ).toEqual([
      { slot: 'head', itemId: 'bronze_full_helm' },
      { slot: 'weapon', itemId: 'bronze_sword' },
      { slot: 'shield', itemId: 'bronze_sq_shield' },
    ]);
  });

  it('animates every skilling activity, and leaves attacking to the swings', () => {
    expect(activityAnim(undefined)).toBeUndefined();
    expect(activityAnim('attacking')).toBeUndefined();
    for (const a of ENTITY_ACTIVITIES) {
      if (a === 'attacking') continue;
      const anim = activityAnim(a);
      expect(anim).toBe(a);
      // A skilling player plays it when standing, not when walking.
      const input = { dying: false, moving: false, running: false, swingUntil: undefined, skill: anim };
      expect(animFor(input, 0)).toBe(a);
      expect(animFor({ ...input, moving: true }, 0)).toBe('walk');
      expect(poseAt(anim!, 500)).not.toEqual(poseAt('idle', 500));
    }
  });

  it('holds a wielded tool that fits, or else the usual tool, and nothing outside skilling', () => {
    const axe = [{ slot: 'weapon', itemId: 'rune_axe' }];
    const sword = [{ slot: 'weapon', itemId: 'bronze_sword' }];
    expect(othersTool('woodcutting', axe)).toBe('rune_axe');
    expect(othersTool('woodcutting', sword)).toBe('bronze_axe');
    expect(othersTool('mining', [])).toBe('bronze_pickaxe');
    expect(othersTool('fishing', sword)).toBe('fishing_rod');
    expect(othersTool('smithing', sword)).toBe('hammer');
    expect(othersTool('idle', axe)).toBeUndefined();
    expect(othersTool('walk', axe)).toBeUndefined();
    expect(othersTool('cooking', axe)).toBeUndefined();
  });

  it('faces the nearest resource of the kind it gathers, a moved one first', () => {
    const content = {
      resources: new Map([
        ['tree', { kind: 'tree' }],
        ['copper', { kind: 'rock' }],
        ['spot', { kind: 'fishing_spot' }],
      ]),
      areas: [
        {
          resources: [
            { resourceId: 'copper', x: 11, z: 10 },
            { resourceId: 'tree', x: 12, z: 10 },
            { resourceId: 'tree', x: 10, z: 12 },
            { resourceId: 'spot', x: 20, z: 20 },
          ],
        },
      ],
    } as unknown as Content;
    expect(gatheringFacing(content, [], 'woodcutting', 10, 11)).toEqual({ x: 10, z: 12 });
    expect(gatheringFacing(content, [], 'mining', 10, 11)).toEqual({ x: 11, z: 10 });
    expect(gatheringFacing(content, [], 'fishing', 10, 11)).toBeUndefined();
    expect(gatheringFacing(content, [{ defId: 'spot', x: 9, z: 11 }], 'fishing', 10, 11)).toEqual({
      x: 9,
      z: 11,
    });
    expect(gatheringFacing(content, [], 'cooking', 10, 11)).toBeUndefined();
    expect(gatheringFacing(content, [], undefined, 10, 11)).toBeUndefined();
  });
});
