import { GATHERING_SKILLS } from '../skills';
import { TOOL_KIND_SKILL } from '../schemas/tools';
import { checkRef } from '../table';
import { itemFile, refItem, type CheckContext } from './context';

/** Items against style sets, tools.json and ammunition.json (and those back against items). */
export function checkItems(ctx: CheckContext): void {
  const { m, issues } = ctx;
  for (const item of m.items.entries) {
    const file = itemFile(ctx, item.id);
    if (item.weapon) checkRef(issues, file, `item ${item.id} uses`, m.combatStyles, item.weapon.styleSet);
    if (item.category === 'tool' && m.tools.known && !m.tools.known.has(item.id))
      issues.add(file, `tool item ${item.id} has no entry in tools.json`);
    if (item.category === 'ammunition' && m.ammunition.known && !m.ammunition.known.has(item.id))
      issues.add(file, `ammunition item ${item.id} has no entry in ammunition.json`);
    if (item.category === 'ammunition' && item.bonuses?.rangedStrength !== undefined)
      issues.add(file, `item ${item.id}: ammunition rangedStrength belongs in ammunition.json only`);
  }
  if (m.items.known && !m.items.known.has('coins')) issues.add('items.json', 'the "coins" item is missing');
  const coins = m.items.byId.get('coins');
  if (coins && coins.category !== 'currency')
    issues.add(itemFile(ctx, 'coins'), 'item coins must have category "currency"');

  for (const tool of m.tools.entries) {
    if (!refItem(ctx, 'tools.json', `tool entry`, tool.itemId)) continue;
    const item = m.items.byId.get(tool.itemId);
    if (item && item.category !== 'tool')
      issues.add('tools.json', `tool ${tool.itemId} is an item of category "${item.category}", not "tool"`);
    const skill = TOOL_KIND_SKILL[tool.kind];
    const gathering = (GATHERING_SKILLS as readonly string[]).includes(skill);
    if (gathering && tool.attemptTicks === undefined)
      issues.add('tools.json', `gathering tool ${tool.itemId} needs attemptTicks`);
  }

  const bowTiers = m.items.entries.flatMap((i) =>
    i.weapon?.bowTier !== undefined ? [i.weapon.bowTier] : [],
  );
  const maxBowTier = Math.max(0, ...bowTiers);
  for (const ammo of m.ammunition.entries) {
    if (!refItem(ctx, 'ammunition.json', 'ammunition entry', ammo.itemId)) continue;
    const item = m.items.byId.get(ammo.itemId);
    if (item && item.category !== 'ammunition')
      issues.add(
        'ammunition.json',
        `${ammo.itemId} is an item of category "${item.category}", not "ammunition"`,
      );
    if (m.items.known && ammo.requiredBowTier > maxBowTier)
      issues.add(
        'ammunition.json',
        `${ammo.itemId} needs bow tier ${ammo.requiredBowTier} but no bow reaches it`,
      );
  }
}
