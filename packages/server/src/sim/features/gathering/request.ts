/**
 * `player:action` `gather`: the checks, then the interaction (features/interaction): the walk next
 * to the object, whose arrival starts the attempts; these run in the players phase (tick.ts).
 */
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { interact } from '../interaction/interaction';
import { nextToObject } from '../interaction/targets';
import type { WorldObject } from '../objects/store';
import { yieldsFit } from './yields';
import { GatherJob } from './job';
import { objectRect } from './reach';
import { planGather } from './rules';
import { OBJECTS } from '../objects/state';
import { isDying } from '../death/state';
import { gameMessage } from '../chat/game-message';
import type { ResourceDef } from '../../../content/schemas/resources';

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
 * and the player walks next to the object (the interaction's `continues` mode). Acked at once with `{ objectId }` (and `methodId` for a
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
  const job = new GatherJob(o, plan.method?.id);
  const what = `the ${def.name.toLowerCase()}`;
  return interact(
    world,
    p,
    {
      ...nextToObject(o, what, objectRect(world, o)),
      arrive: (w) => {
        // The first attempt comes one interval later (the first swing, cast or net).
        job.arrived = true;
        job.nextAttemptTick = w.tick + plan.interval;
        gameMessage(w, p, startMessage(def));
        return { ok: true };
      },
      continues: {
        activity: { kind: 'gather', state: job },
        accepted: {
          ok: true,
          result: plan.method ? { objectId: o.id, methodId: plan.method.id } : { objectId: o.id },
        },
      },
    },
    undefined,
  );
}

/** What the player reads as it starts: the first swing, or the net going out. */
function startMessage(def: ResourceDef): string {
  if (def.kind === 'fishing_spot') return 'You attempt to catch some fish.';
  if (def.kind === 'rock') return 'You swing your pickaxe at the rock.';
  return `You swing your axe at the ${def.name.toLowerCase()}.`;
}
