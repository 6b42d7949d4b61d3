import type { ItemDef } from '../../content/content-types';
import { ZERO_BONUSES } from '../../content/schemas/items';
import type { ItemLookup } from './types';

/**
 * Small hand-made item definitions for unit tests of the item rules (edge cases the shipped
 * content does not have). Test-only: nothing in the server imports this file.
 */
export function fakeItem(id: string, overrides: Partial<ItemDef> = {}): ItemDef {
  return {
    id,
    name: id,
    category: 'misc',
    value: 1,
    stackable: false,
    tradeable: true,
    droppable: true,
    examine: id,
    weight: null,
    model: null,
    equipSlot: null,
    requirements: {},
    bonuses: { ...ZERO_BONUSES },
    weapon: null,
    food: null,
    prayerXp: null,
    tool: null,
    ammunition: null,
    sourceFile: 'test',
    ...overrides,
  };
}

/** A lookup over the given definitions. */
export function fakeLookup(items: readonly ItemDef[]): ItemLookup {
  const byId = new Map(items.map((i) => [i.id, i]));
  return (id) => byId.get(id);
}

/** A few items covering each stacking case: coins and feathers stack, logs and swords do not. */
export const BASIC_ITEMS: readonly ItemDef[] = [
  fakeItem('coins', { stackable: true, category: 'currency' }),
  fakeItem('feather', { stackable: true, value: 2 }),
  fakeItem('logs', { value: 4 }),
  fakeItem('sword', { value: 100, equipSlot: 'weapon' }),
];

export const basicLookup: ItemLookup = fakeLookup(BASIC_ITEMS);
