/**
 * How the client draws another entity from its look (protocol entity-look.ts, kept by the SDK's
 * world model): the worn items for the character rig, the skilling animation of its activity, and
 * the tool it holds while skilling. The own player's look comes from its own state instead (its
 * equipment, its inventory, its gather requests); both feed the same character code (entities.ts).
 */
import { WORN_SLOTS, type EntityActivity, type WornItems } from '@tilerealm/protocol';
import type { Content } from '../../content';
import { skillAnimFor, type AnimName, type SkillAnim } from './animation';
import { toolFor, type WornItem } from './character';

/** The worn items of a snapshot as the rig wears them, in slot order. */
export function wornList(worn: WornItems | undefined): WornItem[] {
  if (!worn) return [];
  return WORN_SLOTS.flatMap((slot) => {
    const itemId = worn[slot];
    return itemId ? [{ slot, itemId }] : [];
  });
}

/** The skilling animation of an activity (`attacking` has none: each swing comes as combat:hit). */
export function activityAnim(activity: EntityActivity | undefined): SkillAnim | undefined {
  return activity === undefined || activity === 'attacking' ? undefined : activity;
}

/** The tool shown when another player's tool is not in its hands (its inventory is not sent). */
const DEFAULT_TOOLS: Partial<Record<SkillAnim, string>> = {
  woodcutting: 'bronze_axe',
  mining: 'bronze_pickaxe',
  fishing: 'fishing_rod',
  smithing: 'hammer',
  firemaking: 'tinderbox',
};

/**
 * What another player holds while playing `anim`: its wielded weapon when it is a fitting tool
 * (a wielded axe chops), or else the animation's usual tool. Nothing outside skilling.
 */
export function othersTool(anim: AnimName, worn: readonly WornItem[]): string | undefined {
  const usual = (DEFAULT_TOOLS as Partial<Record<AnimName, string>>)[anim];
  if (usual === undefined) return undefined;
  return (
    toolFor(
      anim,
      worn.filter((w) => w.slot === 'weapon'),
    ) ?? usual
  );
}

/**
 * The tile another player faces while gathering: the nearest resource within 2 tiles whose kind
 * plays `anim` (the server's moved or altered objects first, else the area placements). Undefined
 * for other activities or when none is near.
 */
export function gatheringFacing(
  content: Content,
  altered: Iterable<{ defId: string; x: number; z: number }>,
  anim: SkillAnim | undefined,
  x: number,
  z: number,
): { x: number; z: number } | undefined {
  if (anim !== 'woodcutting' && anim !== 'mining' && anim !== 'fishing') return undefined;
  let best: { x: number; z: number } | undefined;
  let bestD = 3;
  const consider = (resourceId: string, rx: number, rz: number): void => {
    const d = Math.max(Math.abs(rx - x), Math.abs(rz - z));
    if (d >= bestD || skillAnimFor(content.resources.get(resourceId)?.kind) !== anim) return;
    best = { x: rx, z: rz };
    bestD = d;
  };
  for (const o of altered) consider(o.defId, o.x, o.z);
  if (best) return best;
  for (const area of content.areas) for (const r of area.resources ?? []) consider(r.resourceId, r.x, r.z);
  return best;
}
