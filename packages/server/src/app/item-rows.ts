import type { Content } from '../content/load';
import type { ItemDefinition } from '../storage';

/** The items table mirrors the item manifests: one row per item with its stats; the full definition in `data`. */
export function itemRowsFromContent(content: Content): ItemDefinition[] {
  return [...content.items.values()].map((item) => ({
    id: item.id,
    name: item.name,
    category: item.category,
    value: item.value,
    stackable: item.stackable,
    tradeable: item.tradeable,
    equipSlot: item.equipSlot,
    bonuses: { ...item.bonuses },
    requirements: Object.fromEntries(
      Object.entries(item.requirements).filter((e): e is [string, number] => e[1] !== undefined),
    ),
    data: JSON.parse(JSON.stringify(item)) as ItemDefinition['data'],
  }));
}
