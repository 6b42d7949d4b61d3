/**
 * The rules of gathering, as pure functions of content and a player's state: which chance applies,
 * which tool is used, which fishing method, whether the player may gather at all. The request
 * handler and the per-tick attempts use the very same checks.
 */
import type { Content } from '../../../content/content-types';
import { interpolatedChance } from '../../../content/formulas';
import type { ResourceDef } from '../../../content/schemas/resources';
import type { ToolDef, ToolKind } from '../../../content/schemas/tools';
import type { GatheringSkill } from '../../../content/skills';
import type { Player } from '../../core/player';

export type HarvestableDef = Extract<ResourceDef, { kind: 'tree' | 'rock' }>;
export type FishingSpotDef = Extract<ResourceDef, { kind: 'fishing_spot' }>;
export type FishingMethod = FishingSpotDef['methods'][number];
export type FishingCatch = FishingMethod['catches'][number];

/** Ticks between fishing attempts, whatever the tool (fishing tools have no tiers; RuneScape's 5). */
export const FISHING_ATTEMPT_TICKS = 5;
/** Ticks between attempts with a gathering tool that names no `attemptTicks`. */
export const DEFAULT_ATTEMPT_TICKS = 4;

/** The tool kind trees and rocks need (fishing methods name their own). */
const HARVEST_TOOL: Record<HarvestableDef['kind'], ToolKind> = { tree: 'axe', rock: 'pickaxe' };
const SKILL_OF: Record<ResourceDef['kind'], GatheringSkill> = {
  tree: 'woodcutting',
  rock: 'mining',
  fishing_spot: 'fishing',
};

/** The skill a resource trains. */
export const skillOf = (def: ResourceDef): GatheringSkill => SKILL_OF[def.kind];

/** The chance entry for a tool tier: the one with the greatest toolTier <= tier (the first otherwise). */
export function chanceEntry<T extends { toolTier: number }>(
  chances: readonly T[],
  tier: number,
): T | undefined {
  let best: T | undefined;
  for (const c of chances) if (c.toolTier <= tier && (!best || c.toolTier > best.toolTier)) best = c;
  return best ?? chances[0];
}

/** Success chance of one attempt on a tree or rock: low/high interpolation of the tool tier's entry. */
export function harvestChance(def: HarvestableDef, toolTier: number, level: number): number {
  const e = chanceEntry(def.chances, toolTier);
  return e ? interpolatedChance(e.low, e.high, level) : 0;
}

/** Success chance of one roll for a fishing catch at `level` (0 below its level). */
export function catchChance(c: FishingCatch, level: number): number {
  return level < c.levelRequired ? 0 : interpolatedChance(c.low, c.high, level);
}

/** Whether the player holds `itemId` in its inventory or wields it. */
export function holds(p: Player, itemId: string): boolean {
  return p.inventory.has(itemId) || p.equipment.itemId('weapon') === itemId;
}

/**
 * The best tool of `kind` the player holds and may use (gathering/<skill>.json lists tools worst to
 * best); `locked` is a better one it holds without the level for it, to explain a refusal.
 */
export function bestTool(
  content: Content,
  p: Player,
  skill: GatheringSkill,
  kind: ToolKind,
): { tool: ToolDef | undefined; locked: ToolDef | undefined } {
  const ids = content.gathering.get(skill)?.tools ?? [];
  let locked: ToolDef | undefined;
  for (let i = ids.length - 1; i >= 0; i--) {
    const tool = content.tools.get(ids[i] ?? '');
    if (!tool || tool.kind !== kind || !holds(p, tool.itemId)) continue;
    if (p.skills[skill].level >= tool.levelRequired) return { tool, locked: undefined };
    locked ??= tool;
  }
  return { tool: undefined, locked };
}

/** Why a player cannot gather (an error code of the protocol and a message). */
export interface GatherRefusal {
  ok: false;
  code: 'level_too_low' | 'no_tool' | 'no_bait';
  message: string;
}

/** What an attempt uses: the tool, the method (fishing) and the ticks between attempts. */
export interface GatherPlan {
  ok: true;
  skill: GatheringSkill;
  tool: ToolDef;
  method: FishingMethod | undefined;
  interval: number;
}

const itemName = (content: Content, id: string): string =>
  (content.items.get(id)?.name ?? id.replace(/_/g, ' ')).toLowerCase();

function toolRefusal(
  content: Content,
  skill: GatheringSkill,
  kind: ToolKind,
  locked: ToolDef | undefined,
): GatherRefusal {
  if (locked)
    return {
      ok: false,
      code: 'no_tool',
      message: `you need ${skill} level ${locked.levelRequired} to use the ${itemName(content, locked.itemId)}`,
    };
  const first = content.gathering.get(skill)?.tools.find((id) => content.tools.get(id)?.kind === kind);
  return {
    ok: false,
    code: 'no_tool',
    message: `you need a ${first ? itemName(content, first) : kind.replace(/_/g, ' ')} (carried or wielded)`,
  };
}

/** Level, tool and bait checks of one fishing method. */
function planMethod(content: Content, p: Player, m: FishingMethod): GatherPlan | GatherRefusal {
  const level = p.skills.fishing.level;
  const lowest = Math.min(...m.catches.map((c) => c.levelRequired));
  if (level < lowest)
    return {
      ok: false,
      code: 'level_too_low',
      message: `you need fishing level ${lowest} to ${m.label.toLowerCase()} here`,
    };
  const { tool, locked } = bestTool(content, p, 'fishing', m.toolKind);
  if (!tool) return toolRefusal(content, 'fishing', m.toolKind, locked);
  if (m.baitItemId !== undefined && !p.inventory.has(m.baitItemId))
    return {
      ok: false,
      code: 'no_bait',
      message: `you need ${itemName(content, m.baitItemId)} to fish here`,
    };
  return { ok: true, skill: 'fishing', tool, method: m, interval: FISHING_ATTEMPT_TICKS };
}

/**
 * Whether the player may gather from a resource now, and with what: the level (the resource's, or
 * the lowest catch of the fishing method), then the best usable tool, then bait. A fishing spot
 * uses `methodId`, or by default the first of its methods the player can use (the first method's
 * refusal when none). `methodId` is ignored for trees and rocks; an unknown one is refused as
 * `undefined` (the caller reports it).
 */
export function planGather(
  content: Content,
  p: Player,
  def: ResourceDef,
  methodId: string | undefined,
): GatherPlan | GatherRefusal | undefined {
  if (def.kind === 'fishing_spot') {
    if (methodId !== undefined) {
      const m = def.methods.find((x) => x.id === methodId);
      return m && planMethod(content, p, m);
    }
    let first: GatherRefusal | undefined;
    for (const m of def.methods) {
      const plan = planMethod(content, p, m);
      if (plan.ok) return plan;
      first ??= plan;
    }
    return first;
  }
  const skill = skillOf(def);
  if (p.skills[skill].level < def.levelRequired)
    return {
      ok: false,
      code: 'level_too_low',
      message: `you need ${skill} level ${def.levelRequired} to gather from the ${def.name.toLowerCase()}`,
    };
  const kind = HARVEST_TOOL[def.kind];
  const { tool, locked } = bestTool(content, p, skill, kind);
  if (!tool) return toolRefusal(content, skill, kind, locked);
  return { ok: true, skill, tool, method: undefined, interval: tool.attemptTicks ?? DEFAULT_ATTEMPT_TICKS };
}

/** The catches of a method the player may get, best (highest level) first. */
export function eligibleCatches(m: FishingMethod, level: number): FishingCatch[] {
  return m.catches.filter((c) => level >= c.levelRequired).sort((a, b) => b.levelRequired - a.levelRequired);
}
