/**
 * `player:action` `gather`: the checks, then the walk next to the object; the attempts run in the
 * players phase (tick.ts).
 */
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import { startActivity } from '../../core/activity';
import type { World } from '../../core/world';
import { cancelInteraction } from '../interaction/interaction';
import type { WorldObject } from '../objects/store';
import { yieldsFit } from './yields';
import { GatherJob } from './job';
import { pathNextTo } from './reach';
import { planGather } from './rules';
import { OBJECTS } from '../objects/state';
import { isDying } from '../death/state';
import { dropTarget } from '../combat/state';

/** The resource the player asks for, if it exists and lies within interaction distance. */
function findResource(world: World, p: Player, objectId: string): WorldObject | undefined {
  const o = OBJECTS.of(world).get(objectId);
  const r = world.settings.interactionDistance;
  if (!o || Math.abs(o.x - p.x) > r || Math.abs(o.z - p.z) > r) return undefined;
  return o;
}

/**
 * Starts gathering from a tree, rock or fishing spot. Checked now, each failure an error that
 * changes nothing: the object exists, is a resource and lies within view (`object_gone`), is not
 * depleted (`depleted`), the level (`level_too_low`), a usable tool (`no_tool`), bait (`no_bait`),
 * room for what it gives (`inventory_full`) and a reachable tile next to it (`not_near`). Then the
 * request replaces whatever the player was doing (a walk, a pickup, an attack, another activity)
 * and the player walks next to the object. Acked at once with `{ objectId }` (and `methodId` for a
 * fishing spot); how it ends comes as `activity:stopped`.
 */
export function requestGather(
  world: World,
  p: Player,
  objectId: string,
  methodId: string | undefined,
): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  const o = findResource(world, p, objectId);
  if (!o) return fail('object_gone', 'there is no such object in sight');
  const def = o.kind === 'resource' ? world.content.resources.get(o.defId) : undefined;
  if (!def) return fail('object_gone', 'there is nothing to gather there');
  if (o.depleted)
    return fail('depleted', `the ${def.name.toLowerCase()} is depleted: wait for it to grow back`);
  const plan = planGather(world.content, p, def, methodId);
  if (!plan)
    return fail('invalid_payload', `methodId: the ${def.name.toLowerCase()} offers no method ${methodId}`);
  if (!plan.ok) return fail(plan.code, plan.message);
  if (!yieldsFit(world, p, def, plan.method))
    return fail('inventory_full', 'your inventory is too full to hold any more');
  const path = pathNextTo(world, p, o);
  if (!path) return fail('not_near', `you cannot get next to the ${def.name.toLowerCase()}`);
  if (p.pendingMove) {
    if (p.pendingMove.rid !== undefined)
      world.send(p.id, 'ack', { event: 'player:move', result: { superseded: true } }, p.pendingMove.rid);
    p.pendingMove = undefined;
  }
  cancelInteraction(world, p);
  dropTarget(p);
  startActivity(world, p, { kind: 'gather', state: new GatherJob(o, plan.method?.id, o.x, o.z) });
  p.path = path;
  return {
    ok: true,
    result: plan.method ? { objectId: o.id, methodId: plan.method.id } : { objectId: o.id },
  };
}
