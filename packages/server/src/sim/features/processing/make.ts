/**
 * Making at a station (`player:action` `make`): checks, the interaction (features/interaction: the
 * walk next to the station, whose arrival starts the work), then one product every few ticks up to
 * the asked quantity, as a `make` activity (core/activity.ts) so any other request (a walk, an
 * attack, a pickup, another activity) ends it.
 */
import type { Rect } from '../../../content/schemas/common';
import { stopActivity } from '../../core/activity';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { interact } from '../interaction/interaction';
import { inReachOf } from '../interaction/reach';
import { nextToObject } from '../interaction/targets';
import type { WorldObject } from '../objects/store';
import { stationArea } from './reach';
import { findRecipe, MAKE_TICKS, stationOffers, type MakeRecipe } from './recipes';
import { blockedBy, makeOne } from './rules';
import { OBJECTS } from '../objects/state';
import { isDying } from '../death/state';

/** The state of one make-X, kept in the player's activity. */
export class MakeJob {
  /** Products made so far. */
  made = 0;
  /** Tick of the next attempt; undefined while the interaction walks to the station. */
  nextAt: number | undefined;

  constructor(
    readonly recipe: MakeRecipe,
    /** The station object itself: a fire that burnt out (or was replaced) is no longer it. */
    readonly station: WorldObject,
    readonly area: Rect,
    readonly quantity: number,
  ) {}
}

/** The player's make job, if its activity is one. */
export function makeJobOf(p: Player): MakeJob | undefined {
  const a = p.activity;
  return a?.kind === 'make' && a.state instanceof MakeJob ? a.state : undefined;
}

function stationName(world: World, o: WorldObject): string {
  return (world.content.stations.get(o.defId)?.name ?? o.defId).toLowerCase();
}

/**
 * `player:action` `make`: the recipe must exist, the object be a station in sight that offers it,
 * and the player have the level, the tool (smithing's hammer), the materials and room for the
 * result; otherwise an error at once and nothing changes. Then the player walks next to the station
 * (if not there yet) and the ack `{ recipeId, objectId, quantity }` comes at once; the products
 * follow every {@link MAKE_TICKS} ticks ({@link makeTick}).
 */
export function requestMake(
  world: World,
  p: Player,
  recipeId: string,
  objectId: string,
  quantity = 1,
): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  if (!Number.isInteger(quantity) || quantity < 1)
    return fail('invalid_payload', 'quantity must be a positive integer');
  const recipe = findRecipe(world.content, recipeId);
  if (!recipe) return fail('unknown_recipe', `there is no recipe ${recipeId}`);
  const o = OBJECTS.of(world).get(objectId);
  const view = world.settings.interactionDistance;
  if (!o || o.kind !== 'station' || Math.max(Math.abs(o.x - p.x), Math.abs(o.z - p.z)) > view)
    return fail('object_gone', 'there is no such station in sight');
  if (!stationOffers(world.content, recipe, o.defId))
    return fail('unknown_recipe', `${recipeId} is not made at a ${stationName(world, o)}`);
  const blocked = blockedBy(world, p, recipe);
  if (blocked) return fail(blocked.code, blocked.message);
  const area = stationArea(world.content, o);
  const job = new MakeJob(recipe, o, area, quantity);
  return interact(
    world,
    p,
    {
      ...nextToObject(o, `the ${stationName(world, o)}`, area),
      arrive: (w) => {
        job.nextAt = w.tick + MAKE_TICKS[recipe.kind];
        return { ok: true };
      },
      continues: {
        activity: { kind: 'make', state: job },
        accepted: { ok: true, result: { recipeId, objectId, quantity } },
      },
    },
    undefined,
  );
}

/** One player's make job this tick; the reason to stop, if it must. */
function advanceJob(world: World, p: Player, job: MakeJob): string | undefined {
  if (isDying(p)) return 'replaced';
  if (OBJECTS.of(world).get(job.station.id) !== job.station) return 'object_gone';
  const interval = MAKE_TICKS[job.recipe.kind];
  if (job.nextAt === undefined) return undefined; // the interaction walks there
  if (!inReachOf('adjacent', p.x, p.z, job.area) || p.path.length > 0) return 'moved';
  if (world.tick < job.nextAt) return undefined;
  const step = makeOne(world, p, job.recipe, job.station.defId);
  if (!step.ok) return step.code;
  job.made++;
  if (job.made >= job.quantity) return 'done';
  // Stop as soon as the next one cannot be made, rather than one interval later.
  const blocked = blockedBy(world, p, job.recipe);
  if (blocked) return blocked.code;
  job.nextAt = world.tick + interval;
  return undefined;
}

/**
 * Players phase, after movement, per player: a make job checks its station is still there and,
 * once the interaction brought the player next to it, makes one product when its tick comes, stopping with
 * `activity:stopped` `done`, `missing_materials`, `inventory_full`, `no_tool`, `level_too_low`,
 * `object_gone` (a fire burnt out), `not_near` (the walk ended short of it), `moved` or `replaced`.
 */
export function makeTick(world: World, p: Player): void {
  const job = makeJobOf(p);
  if (!job) return;
  const stop = advanceJob(world, p, job);
  if (stop !== undefined) stopActivity(world, p, stop);
}
