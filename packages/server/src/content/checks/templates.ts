import { refItem, type CheckContext } from './context';

const FILE = 'templates.json';
/** Levels every new character starts with (constitution 10, all else 1). */
const START_LEVEL: Readonly<Record<string, number>> = { constitution: 10 };

/**
 * Starter kits: items exist and are not quest items, stacks fit (non-stackables one per slot),
 * worn items go in their own slot, one item per slot, no shield with a two-handed weapon, and a
 * new character meets every equip requirement.
 */
export function checkTemplates(ctx: CheckContext): void {
  const templates = ctx.m.templates;
  if (!templates) return;
  for (const t of templates.byId.values()) {
    const at = `template ${t.id}`;
    for (const stack of t.inventory) {
      if (!refItem(ctx, FILE, `${at} starts with`, stack.itemId)) continue;
      const item = ctx.m.items.byId.get(stack.itemId);
      if (item?.category === 'quest') ctx.issues.add(FILE, `${at} starts with quest item ${item.id}`);
      if (item && !item.stackable && stack.quantity > 1)
        ctx.issues.add(FILE, `${at}: ${item.id} is not stackable, so its quantity must be 1 per slot`);
    }
    const slots = new Set<string>();
    for (const worn of t.equipment) {
      if (slots.has(worn.slot)) ctx.issues.add(FILE, `${at} wears two items in slot ${worn.slot}`);
      slots.add(worn.slot);
      if (!refItem(ctx, FILE, `${at} wears`, worn.itemId)) continue;
      const item = ctx.m.items.byId.get(worn.itemId);
      if (!item) continue;
      if (item.equipSlot !== worn.slot)
        ctx.issues.add(FILE, `${at}: ${item.id} does not go in slot ${worn.slot}`);
      if (!item.stackable && worn.quantity > 1) ctx.issues.add(FILE, `${at}: ${item.id} is not stackable`);
      if (item.weapon?.twoHanded && t.equipment.some((e) => e.slot === 'shield'))
        ctx.issues.add(FILE, `${at}: two-handed ${item.id} cannot be worn with a shield`);
      for (const [skill, level] of Object.entries(item.requirements ?? {})) {
        if ((level ?? 1) > (START_LEVEL[skill] ?? 1))
          ctx.issues.add(FILE, `${at}: a new character cannot wear ${item.id} (${skill} ${level})`);
      }
    }
  }
}
