import { beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '../../../content/content-types';
import { loadContent } from '../../../content/load';
import { ZERO_BONUSES } from '../../../content/schemas/items';
import { SHIPPED_MANIFESTS } from '../../../content/test-fixtures';
import { fakeItem, fakeLookup } from '../../items/test-items';
import { lookupIn, type ItemLookup } from '../../items/types';
import { ammoOf, bonuses, firesAmmo, weaponOf } from './bonuses';
import { Equipment } from '../../items/equipment';

let content: Content;
let lookup: ItemLookup;
beforeAll(async () => {
  content = await loadContent(SHIPPED_MANIFESTS);
  lookup = lookupIn(content.items);
});

const wearing = (worn: Record<string, string | [string, number]>) =>
  Equipment.fromRows(
    Object.entries(worn).map(([slot, it]) =>
      typeof it === 'string' ? { slot, itemId: it, quantity: 1 } : { slot, itemId: it[0], quantity: it[1] },
    ),
  ).equipment;

describe('bonuses', () => {
  it('is all zero with nothing worn', () => {
    expect(bonuses(new Equipment(), lookup)).toEqual(ZERO_BONUSES);
  });

  it('sums every worn item (bronze sword and square shield, from the manifests)', () => {
    expect(bonuses(wearing({ weapon: 'bronze_sword', shield: 'bronze_sq_shield' }), lookup)).toEqual({
      ...ZERO_BONUSES,
      attackStab: 4,
      attackSlash: 3,
      attackCrush: -2,
      attackRanged: -3,
      meleeStrength: 5,
      defenseStab: 5,
      defenseSlash: 6,
      defenseCrush: 4,
      defenseRanged: 5,
    });
    const full = wearing({
      head: 'rune_full_helm',
      body: 'rune_platebody',
      legs: 'rune_platelegs',
      neck: 'holy_pendant',
      ring: 'ring_of_devotion',
    });
    expect(bonuses(full, lookup)).toMatchObject({
      defenseStab: 22 + 82 + 44,
      attackRanged: -1 - 10 - 7,
      prayer: 8 + 4,
    });
  });

  it('counts arrow ranged strength only with a bow that fires them', () => {
    expect(bonuses(wearing({ weapon: 'shortbow', ammo: ['bronze_arrow', 50] }), lookup)).toMatchObject({
      attackRanged: 8,
      rangedStrength: 7,
    });
    expect(
      bonuses(wearing({ weapon: 'bronze_sword', ammo: ['bronze_arrow', 50] }), lookup).rangedStrength,
    ).toBe(0);
    expect(bonuses(wearing({ ammo: ['rune_arrow', 50] }), lookup).rangedStrength).toBe(0);
    // Rune arrows need a bow of tier 5: a plain shortbow (tier 1) cannot fire them.
    expect(bonuses(wearing({ weapon: 'shortbow', ammo: ['rune_arrow', 5] }), lookup).rangedStrength).toBe(0);
    expect(bonuses(wearing({ weapon: 'yew_shortbow', ammo: ['rune_arrow', 5] }), lookup)).toMatchObject({
      attackRanged: 47,
      rangedStrength: 49,
    });
  });

  it('still counts the other bonuses of an ammo-slot item, and ignores unknown items', () => {
    const fake = fakeLookup([
      fakeItem('blessing', {
        equipSlot: 'ammo',
        bonuses: { ...ZERO_BONUSES, prayer: 1, attackRanged: 1, rangedStrength: 3 },
      }),
    ]);
    const eq = wearing({ ammo: 'blessing', head: 'gone_hat' });
    expect(bonuses(eq, fake)).toEqual({ ...ZERO_BONUSES, prayer: 1, attackRanged: 1 });
  });
});

describe('weaponOf, ammoOf, firesAmmo', () => {
  it('look up the worn weapon and ammunition', () => {
    const eq = wearing({ weapon: 'oak_shortbow', ammo: ['steel_arrow', 3] });
    expect(weaponOf(eq, lookup)?.id).toBe('oak_shortbow');
    expect(ammoOf(eq, lookup)?.id).toBe('steel_arrow');
    expect(firesAmmo(weaponOf(eq, lookup), ammoOf(eq, lookup))).toBe(true);
    expect(weaponOf(new Equipment(), lookup)).toBeUndefined();
    expect(ammoOf(new Equipment(), lookup)).toBeUndefined();
  });

  it('agrees with the bow tiers of the shipped content', () => {
    const bows = [...content.items.values()].filter((i) => i.weapon?.kind === 'ranged');
    const arrows = [...content.items.values()].filter((i) => i.ammunition);
    expect(bows.length).toBeGreaterThan(0);
    expect(arrows.length).toBeGreaterThan(0);
    for (const bow of bows) {
      for (const arrow of arrows) {
        expect(firesAmmo(bow, arrow)).toBe(
          (bow.weapon?.bowTier ?? 0) >= (arrow.ammunition?.requiredBowTier ?? Infinity),
        );
      }
      expect(firesAmmo(bow, lookup('bronze_sword'))).toBe(false);
    }
    expect(firesAmmo(lookup('bronze_sword'), lookup('bronze_arrow'))).toBe(false);
    expect(firesAmmo(undefined, lookup('bronze_arrow'))).toBe(false);
  });
});
