import type { Content } from '../../../content/content-types';
import { SKILLS, type SkillName } from '../../../content/skills';
import { INVENTORY_SIZE, ItemContainer } from '../../items/container';
import { lookupIn, type ItemLookup } from '../../items/types';
import { Equipment } from '../../items/equipment';

/**
 * Shared set-up of the equipment tests (test-only). The shipped content is loaded by each test
 * file (loading reads files, which sim/ code may not do) and passed in here.
 */
export function levels(
  level: number,
  overrides: Partial<Record<SkillName, number>> = {},
): Record<SkillName, { level: number }> {
  const out = {} as Record<SkillName, { level: number }>;
  for (const s of SKILLS) out[s] = { level: overrides[s] ?? level };
  return out;
}

export interface Kit {
  lookup: ItemLookup;
  inv: ItemContainer;
  eq: Equipment;
}

/** An inventory holding `items` in slots 0.. (one slot each; stackables with their quantity). */
export function kit(
  content: Content,
  items: readonly (string | [string, number])[],
  worn: Partial<Record<string, string | [string, number]>> = {},
): Kit {
  const lookup = lookupIn(content.items);
  const rows = items.map((it, slot) =>
    typeof it === 'string' ? { slot, itemId: it, quantity: 1 } : { slot, itemId: it[0], quantity: it[1] },
  );
  const { container: inv } = ItemContainer.fromRows(rows, INVENTORY_SIZE, lookup);
  const eqRows = Object.entries(worn).flatMap(([slot, it]) =>
    it === undefined
      ? []
      : [
          typeof it === 'string'
            ? { slot, itemId: it, quantity: 1 }
            : { slot, itemId: it[0], quantity: it[1] },
        ],
  );
  const { equipment: eq } = Equipment.fromRows(eqRows);
  return { lookup, inv, eq };
}

/** `n` copies of `itemId`, for filling inventories. */
export const times = (n: number, itemId: string): string[] => Array.from({ length: n }, () => itemId);
