import { GATHERING_FILES } from '../manifest-files';
import { RESOURCE_KIND_SKILL } from '../schemas/resources';
import type { StationAction } from '../schemas/stations';
import { TOOL_KIND_SKILL } from '../schemas/tools';
import { GATHERING_SKILLS } from '../skills';
import { checkRef } from '../table';
import { refItem, type CheckContext } from './context';

/** Resources, gathering tables and recipes against items, tools and stations. */
export function checkSkilling(ctx: CheckContext): void {
  checkResources(ctx);
  checkGathering(ctx);
  checkRecipes(ctx);
}

function checkResources(ctx: CheckContext): void {
  const file = 'resources.json';
  const toolKinds = new Set(ctx.m.tools.entries.map((t) => t.kind));
  for (const r of ctx.m.resources.entries) {
    if (r.kind === 'fishing_spot') {
      for (const method of r.methods) {
        if (ctx.m.tools.known && !toolKinds.has(method.toolKind))
          ctx.issues.add(
            file,
            `resource ${r.id} method ${method.id} needs a ${method.toolKind}, which no tool provides`,
          );
        if (TOOL_KIND_SKILL[method.toolKind] !== 'fishing')
          ctx.issues.add(
            file,
            `resource ${r.id} method ${method.id}: ${method.toolKind} is not a fishing tool`,
          );
        if (method.baitItemId) refItem(ctx, file, `resource ${r.id} baits with`, method.baitItemId);
        for (const c of method.catches) refItem(ctx, file, `resource ${r.id} catches`, c.itemId);
      }
      continue;
    }
    for (const y of r.yields) refItem(ctx, file, `resource ${r.id} yields`, y.itemId);
    if (r.depletion.type === 'count' && r.depletion.min > r.depletion.max)
      ctx.issues.add(file, `resource ${r.id}: depletion min exceeds max`);
  }
}

function checkGathering(ctx: CheckContext): void {
  const { m, issues } = ctx;
  for (const skill of GATHERING_SKILLS) {
    const table = m.gathering.get(skill);
    if (!table) continue;
    const file = GATHERING_FILES[skill];
    for (const toolId of table.tools) {
      if (!checkRef(issues, file, 'lists', m.tools, toolId)) continue;
      const tool = m.tools.byId.get(toolId);
      if (tool && TOOL_KIND_SKILL[tool.kind] !== skill)
        issues.add(file, `tool ${toolId} (${tool.kind}) is not a ${skill} tool`);
    }
    for (const t of m.tools.entries) {
      if (TOOL_KIND_SKILL[t.kind] === skill && !table.tools.includes(t.itemId))
        issues.add(file, `does not list ${skill} tool ${t.itemId}`);
    }
    for (const id of table.resources) {
      if (!checkRef(issues, file, 'lists', m.resources, id)) continue;
      const r = m.resources.byId.get(id);
      if (r && RESOURCE_KIND_SKILL[r.kind] !== skill)
        issues.add(file, `resource ${id} (${r.kind}) does not train ${skill}`);
    }
    for (const r of m.resources.entries) {
      if (RESOURCE_KIND_SKILL[r.kind] === skill && !table.resources.includes(r.id))
        issues.add(file, `does not list resource ${r.id}`);
    }
    if (new Set(table.tools).size !== table.tools.length) issues.add(file, 'lists a tool twice');
    if (new Set(table.resources).size !== table.resources.length) issues.add(file, 'lists a resource twice');
    for (const d of table.bonusDrops) refItem(ctx, file, 'bonus drop', d.itemId);
  }
}

/** Checks the station exists and offers `action`. */
function refStation(
  ctx: CheckContext,
  file: string,
  context: string,
  stationId: string,
  action: StationAction,
): void {
  if (!checkRef(ctx.issues, file, context, ctx.m.stations, stationId)) return;
  const station = ctx.m.stations.byId.get(stationId);
  if (station && !station.actions.some((a) => a.type === action))
    ctx.issues.add(file, `${context} station ${stationId}, which has no "${action}" action`);
}

/** Checks the item exists and is a tool of `kind`. */
function refTool(ctx: CheckContext, file: string, context: string, itemId: string, kind: string): void {
  if (!checkRef(ctx.issues, file, context, ctx.m.tools, itemId)) return;
  const tool = ctx.m.tools.byId.get(itemId);
  if (tool && tool.kind !== kind) ctx.issues.add(file, `${context} ${itemId} (${tool.kind}), not a ${kind}`);
}

function checkRecipes(ctx: CheckContext): void {
  const { m } = ctx;
  for (const r of m.cooking.entries) {
    const at = `recipe ${r.id}`;
    refItem(ctx, m.cooking.file, `${at} cooks`, r.rawItemId);
    refItem(ctx, m.cooking.file, `${at} makes`, r.cookedItemId);
    refItem(ctx, m.cooking.file, `${at} burns into`, r.burntItemId);
    const cooked = m.items.byId.get(r.cookedItemId);
    if (cooked && cooked.category !== 'food')
      ctx.issues.add(m.cooking.file, `${at}: ${r.cookedItemId} is not food`);
    for (const method of r.methods) {
      refStation(ctx, m.cooking.file, `${at} uses`, method.stationId, 'cook');
      if (method.stopBurnLevel < r.level)
        ctx.issues.add(m.cooking.file, `${at}: stopBurnLevel is below the recipe level`);
    }
  }
  const smelt = m.smelting;
  if (smelt.stationId) refStation(ctx, smelt.recipes.file, 'smelting uses', smelt.stationId, 'smelt');
  for (const r of smelt.recipes.entries) {
    refItem(ctx, smelt.recipes.file, `recipe ${r.id} makes`, r.barItemId);
    for (const input of r.inputs) refItem(ctx, smelt.recipes.file, `recipe ${r.id} consumes`, input.itemId);
  }
  const smith = m.smithing;
  if (smith.stationId) refStation(ctx, smith.recipes.file, 'smithing uses', smith.stationId, 'smith');
  if (smith.toolItemId) refTool(ctx, smith.recipes.file, 'smithing needs', smith.toolItemId, 'hammer');
  for (const r of smith.recipes.entries) {
    refItem(ctx, smith.recipes.file, `recipe ${r.id} makes`, r.outputItemId);
    refItem(ctx, smith.recipes.file, `recipe ${r.id} consumes`, r.barItemId);
  }
  const fire = m.firemaking;
  if (fire.toolItemId) refTool(ctx, fire.recipes.file, 'firemaking needs', fire.toolItemId, 'tinderbox');
  if (fire.fireStationId) refStation(ctx, fire.recipes.file, 'firemaking lights', fire.fireStationId, 'cook');
  if (fire.ashesItemId) refItem(ctx, fire.recipes.file, 'firemaking leaves', fire.ashesItemId);
  for (const r of fire.recipes.entries) refItem(ctx, fire.recipes.file, `recipe ${r.id} burns`, r.logItemId);
}
