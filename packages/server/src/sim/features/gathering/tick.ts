/**
 * Players phase (after movement): each gathering player, once the interaction brought it next to
 * its object, attempts every few ticks until the inventory is full, the resource depletes, or
 * something else ends it.
 */
import { stopActivity } from '../../core/activity';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import type { ResourceDef } from '../../../content/schemas/resources';
import type { WorldObject } from '../objects/store';
import { creditInteraction } from '../quests/progress';
import { grantXp } from '../skills/grant';
import { GatherJob } from './job';
import { isNextTo } from './reach';
import {
  catchChance,
  eligibleCatches,
  harvestChance,
  planGather,
  type GatherPlan,
  type HarvestableDef,
} from './rules';
import { rollBonusDrops, yieldsFit } from './yields';
import { OBJECTS } from '../objects/state';
import { isDying } from '../death/state';
import { foodWord, gameMessage, itemWord } from '../chat/game-message';

export function gatherTick(world: World, p: Player): void {
  const job = p.activity?.state;
  if (job instanceof GatherJob) step(world, p, job);
}

function step(world: World, p: Player, job: GatherJob): void {
  const o = job.object;
  const def = world.content.resources.get(o.defId);
  if (isDying(p)) return stopActivity(world, p, 'dead');
  if (OBJECTS.of(world).get(o.id) !== o || !def) return stopActivity(world, p, 'object_gone');
  if (o.depleted) return stopActivity(world, p, 'depleted');
  if (!job.arrived) return; // the interaction walks there
  if (!isNextTo(world, p, o)) {
    const movedAway = o.x !== job.fromX || o.z !== job.fromZ;
    return stopActivity(world, p, movedAway ? 'object_gone' : 'moved');
  }
  if (world.tick < job.nextAttemptTick) return;
  const plan = planGather(world.content, p, def, job.methodId);
  if (!plan) return stopActivity(world, p, 'object_gone');
  if (!plan.ok) return stopActivity(world, p, plan.code);
  job.nextAttemptTick = world.tick + plan.interval;
  if (!yieldsFit(world, p, def, plan.method)) return full(world, p);
  if (!attempt(world, p, o, def, plan)) return;
  if (o.depleted) return stopActivity(world, p, 'depleted');
  const next = planGather(world.content, p, def, job.methodId);
  if (!next?.ok) return stopActivity(world, p, next ? next.code : 'object_gone');
  if (!yieldsFit(world, p, def, next.method)) return full(world, p);
}

function full(world: World, p: Player): void {
  gameMessage(world, p, 'Your inventory is too full to hold any more.');
  stopActivity(world, p, 'inventory_full');
}

/** One attempt: the roll, and on success the yield, the XP, bonus drops and depletion. */
function attempt(world: World, p: Player, o: WorldObject, def: ResourceDef, plan: GatherPlan): boolean {
  const level = p.skills[plan.skill].level;
  if (def.kind === 'fishing_spot') {
    const method = plan.method;
    if (!method) return false;
    const caught = eligibleCatches(method, level).find((c) => world.rng.nextFloat() < catchChance(c, level));
    if (!caught) return false;
    if (method.baitItemId !== undefined && p.inventory.remove(method.baitItemId, 1).ok)
      world.ledger.record(method.baitItemId, -1, 'bait', p.id);
    if (p.inventory.add(caught.itemId, 1).ok) world.ledger.record(caught.itemId, 1, 'gather', p.id);
    gameMessage(world, p, `You catch some ${foodWord(world, caught.itemId)}.`);
    grantXp(world, p, 'fishing', Math.round(caught.xp * 10));
    rollBonusDrops(world, p, 'fishing');
    creditInteraction(world, p, { type: 'resource', id: def.id });
    return true;
  }
  if (world.rng.nextFloat() >= harvestChance(def, plan.tool.tier, level)) return false;
  for (const y of def.yields)
    if (p.inventory.add(y.itemId, y.quantity).ok) world.ledger.record(y.itemId, y.quantity, 'gather', p.id);
  const first = def.yields[0];
  if (first)
    gameMessage(
      world,
      p,
      `You ${plan.skill === 'mining' ? 'mine' : 'get'} some ${itemWord(world, first.itemId)}.`,
    );
  grantXp(world, p, plan.skill, Math.round(def.xp * 10));
  rollBonusDrops(world, p, plan.skill);
  creditInteraction(world, p, { type: 'resource', id: def.id });
  deplete(world, o, def);
  return true;
}

/** After a success: the resource may deplete (a chance per gather, or after a rolled count). */
function deplete(world: World, o: WorldObject, def: HarvestableDef): void {
  const store = OBJECTS.of(world);
  const d = def.depletion;
  let depletes: boolean;
  if (d.type === 'chance') {
    depletes = d.chance >= 1 || world.rng.nextFloat() < d.chance;
  } else {
    const left = (o.gathersLeft > 0 ? o.gathersLeft : world.rng.between(d.min, d.max)) - 1;
    depletes = left <= 0;
    store.setGathersLeft(o, Math.max(0, left));
  }
  if (!depletes) return;
  store.setDepleted(o, true);
  store.schedule(o, world.tick + def.respawnTicks);
}
