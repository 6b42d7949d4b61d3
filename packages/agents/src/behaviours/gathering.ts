import { DEFAULT_FOOD, GameError, tileDistance, type PlacedObject } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, StepAborted, type StepContext } from '../context';
import { bankTrip } from './banking';
import { chooseSpot, occupied, rivalsNear } from './choose';
import { sightingsOf } from './sightings';
import { keepRunning } from './run';
import { buyTool, type ToolSource } from './shopping';

/** How to train one gathering skill: the tools that work, where to buy one, what to gather by level. */
export interface GatherSpec {
  skill: 'woodcutting' | 'mining' | 'fishing';
  tools: readonly string[];
  buy: ToolSource;
  /**
   * Resource definitions with the level they need and about how long one stays down once it
   * depleted (resources.json's respawnTicks; none for fishing spots), best last.
   */
  resources: readonly { defId: string; level: number; respawnTicks?: number; methodId?: string }[];
  /** What to keep when banking, besides the tools (e.g. fishing bait). */
  keep?: readonly string[];
}

export const GATHER_SPECS: Record<GatherSpec['skill'], GatherSpec> = {
  woodcutting: {
    skill: 'woodcutting',
    tools: ['bronze_axe', 'iron_axe', 'steel_axe', 'mithril_axe', 'adamant_axe', 'rune_axe'],
    buy: { itemId: 'bronze_axe', shopNpcId: 'shopkeeper_marla', price: 16 },
    resources: [
      { defId: 'tree', level: 1, respawnTicks: 60 },
      { defId: 'oak_tree', level: 15, respawnTicks: 14 },
      { defId: 'willow_tree', level: 30, respawnTicks: 14 },
    ],
  },
  mining: {
    skill: 'mining',
    tools: [
      'bronze_pickaxe',
      'iron_pickaxe',
      'steel_pickaxe',
      'mithril_pickaxe',
      'adamant_pickaxe',
      'rune_pickaxe',
    ],
    buy: { itemId: 'bronze_pickaxe', shopNpcId: 'shopkeeper_marla', price: 20 },
    resources: [
      { defId: 'copper_rock', level: 1, respawnTicks: 4 },
      { defId: 'tin_rock', level: 1, respawnTicks: 4 },
    ],
  },
  fishing: {
    skill: 'fishing',
    tools: ['small_fishing_net'],
    buy: { itemId: 'small_fishing_net', shopNpcId: 'shopkeeper_marla', price: 5 },
    resources: [{ defId: 'net_bait_spot', level: 1, methodId: 'net' }],
  },
};

/** Objects that recently failed (unreachable, refused), skipped for a while: id -> tick it may be tried again. */
const SKIP_TICKS = 40;
/** How long a resource of unknown respawn time is taken to stay down. */
const DEFAULT_RESPAWN_TICKS = 10;
/** Waiting by a felled resource, the agent looks again after at most this many ticks. */
const WAIT_TICKS = 4;

/**
 * One gathering step: bank when the inventory is full, get a tool when there is none, else gather
 * at one of the nearest usable resources with nobody else at it (chosen by the agent's seed, see
 * choose.ts), until the activity stops. Resources seen felled count as far as their expected
 * regrowth (sightings.ts): the agent waits by the one back soonest when that beats walking to a
 * free one. On the way it watches its target and gives it up as soon as it falls or another player
 * reaches it first, to choose again. `skip` remembers resources that failed recently across steps.
 */
export async function gatherStep(
  ctx: StepContext,
  spec: GatherSpec,
  skip: Map<string, number>,
): Promise<void> {
  const { bot, places } = ctx;
  const world = bot.world;
  const keep = [...spec.tools, ...(spec.keep ?? []), ...DEFAULT_FOOD];
  if (world.freeSlots === 0) {
    await bankTrip(ctx, keep);
    return;
  }
  if (!world.has(...spec.tools)) {
    if (!(await buyTool(ctx, spec.buy))) await sleepTicks(ctx, 20);
    return;
  }
  const level = world.player?.skills[spec.skill]?.level ?? 1;
  const usable = spec.resources.filter((r) => r.level <= level);
  const respawnOf = (defId: string) =>
    usable.find((r) => r.defId === defId)?.respawnTicks ?? DEFAULT_RESPAWN_TICKS;
  const here = world.position ?? { x: 0, z: 0 };
  const self = bot.client.welcome?.playerId;
  const spots = places.objectsOf(
    usable.map((r) => r.defId),
    here,
  );
  const seen = sightingsOf(bot);
  seen.observe(spots, here, world.tick, (id) => world.isDepleted(id), respawnOf);
  const target = chooseSpot(
    spots,
    here,
    ctx.seed ?? 0,
    (o) => (skip.get(o.id) ?? 0) > world.tick || occupied(o, world.entities.values(), self),
    rivalsNear(here, world.entities.values(), self),
    (o) => seen.readyIn(o.id, world.tick),
  );
  if (!target) {
    ctx.log(`no ${spec.skill} resource available; waiting`);
    skip.clear();
    await sleepTicks(ctx, 10);
    return;
  }
  await keepRunning(bot, ctx.log);
  const waitFor = seen.readyIn(target.id, world.tick);
  if (waitFor > 0) {
    // Felled, but back sooner than any free one could be reached: wait next to it.
    if (tileDistance(target, here) > 2) await approach(ctx, target, 0, skip);
    else await sleepTicks(ctx, Math.min(WAIT_TICKS, waitFor));
    return;
  }
  // Objects are usable only in sight (15 tiles): walk closer first when it is farther.
  const respawn = respawnOf(target.defId);
  if (tileDistance(target, here) > 10 && !(await approach(ctx, target, respawn, skip))) return;
  const methodId = usable.find((r) => r.defId === target.defId)?.methodId;
  const xpBefore = world.xp(spec.skill);
  try {
    const reason = await watching(ctx, target, respawn, () =>
      bot.actions.gather(target.id, methodId === undefined ? {} : { methodId }),
    );
    if (reason === 'given up') return;
    ctx.log(`${spec.skill} at ${target.id}: ${reason} (+${world.xp(spec.skill) - xpBefore} xp)`);
    if (reason === 'depleted') seen.felled(target.id, world.tick, respawn);
    else if (reason !== 'inventory_full' && reason !== 'done') skip.set(target.id, world.tick + SKIP_TICKS);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`${spec.skill} at ${target.id} refused: ${err.code}`);
    if (err.code === 'depleted') seen.felled(target.id, world.tick, respawn);
    else skip.set(target.id, world.tick + SKIP_TICKS);
  }
}

/** Walks up to a resource (watching it, see {@link watching}); false when it did not get there. */
async function approach(
  ctx: StepContext,
  target: PlacedObject,
  respawnTicks: number,
  skip: Map<string, number>,
): Promise<boolean> {
  try {
    const ended = await watching(ctx, target, respawnTicks, () =>
      ctx.bot.actions.walkTo(target.x, target.z + 1),
    );
    return ended !== 'given up';
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`cannot walk to ${target.id}: ${err.code}`);
    skip.set(target.id, ctx.bot.world.tick + SKIP_TICKS);
    return false;
  }
}

/**
 * Runs `action` (a walk to `target` or a gather there) until it ends, or until the target is no
 * longer worth it before the agent reaches it: another player stands next to it, or it fell (it is
 * then remembered as down for `respawnTicks`; 0: the agent goes to wait for a felled one anyway).
 * Then resolves `'given up'` at once, and the next step chooses again.
 */
async function watching<T>(
  ctx: StepContext,
  target: PlacedObject,
  respawnTicks: number,
  action: () => Promise<T>,
): Promise<T | 'given up'> {
  const { bot } = ctx;
  const self = bot.client.welcome?.playerId;
  const giveUp = new AbortController();
  const check = () => {
    const here = bot.world.position;
    // Two tiles: next to a 2x2 oak's far side too, where the agent is already chopping.
    if (giveUp.signal.aborted || !here || tileDistance(here, target) <= 2) return;
    const fell = respawnTicks > 0 && bot.world.isDepleted(target.id);
    if (fell) sightingsOf(bot).felled(target.id, bot.world.tick, respawnTicks);
    if (fell || occupied(target, bot.world.entities.values(), self)) giveUp.abort();
  };
  const offs = [bot.client.on('world:update', check), bot.client.on('object:update', check)];
  try {
    return await abortable(action(), AbortSignal.any([ctx.signal, giveUp.signal]));
  } catch (err) {
    if (err instanceof StepAborted && giveUp.signal.aborted && !ctx.signal.aborted) {
      ctx.log(`gave up ${target.id}: ${bot.world.isDepleted(target.id) ? 'it fell' : 'taken'}`);
      // Stopped here, the server's `activity:stopped` for it comes before the ack, so it cannot end
      // the next step's gather.
      await bot.actions.stop().catch(logFailure(ctx.log, 'stopping'));
      return 'given up';
    }
    throw err;
  } finally {
    for (const off of offs) off();
  }
}
