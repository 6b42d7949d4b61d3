/** What a successful gather gives: the resource's yields or the catch, and the skill's bonus drops. */
import type { ResourceDef } from '../../../content/schemas/resources';
import type { GatheringSkill } from '../../../content/skills';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { recordSpawned, spawnGroundItem } from '../ground-items/spawn';
import { eligibleCatches, type FishingMethod } from './rules';

/**
 * Whether one success fits in the inventory: every yield of a tree or rock together, or each catch
 * of the fishing method the player may get (the catch is only known after the roll).
 */
export function yieldsFit(
  world: World,
  p: Player,
  def: ResourceDef,
  method: FishingMethod | undefined,
): boolean {
  if (def.kind === 'fishing_spot') {
    if (!method) return false;
    for (const c of eligibleCatches(method, p.skills.fishing.level))
      if (!p.inventory.canAdd(c.itemId, 1).ok) return false;
    return true;
  }
  const [only, ...more] = def.yields;
  if (only && more.length === 0) return p.inventory.canAdd(only.itemId, only.quantity).ok;
  const copy = p.inventory.clone();
  return def.yields.every((y) => copy.add(y.itemId, y.quantity).ok);
}

/**
 * The skill's bonus drops (gathering/<skill>.json), each rolled on its own: into the inventory, or
 * onto the player's tile (seen by the player first, as any drop) when it does not fit.
 */
export function rollBonusDrops(world: World, p: Player, skill: GatheringSkill): void {
  for (const drop of world.content.gathering.get(skill)?.bonusDrops ?? []) {
    if (world.rng.nextFloat() >= drop.chance) continue;
    if (p.inventory.add(drop.itemId, drop.quantity).ok) {
      world.ledger.record(drop.itemId, drop.quantity, 'bonus_drop', p.id);
      continue;
    }
    const spawned = spawnGroundItem(world, {
      itemId: drop.itemId,
      quantity: drop.quantity,
      x: p.x,
      z: p.z,
      owner: p.id,
    });
    if (spawned.ok) recordSpawned(world, spawned.piles, drop.itemId, drop.quantity, 'bonus_drop');
  }
}
