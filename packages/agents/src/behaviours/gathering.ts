import { DEFAULT_FOOD, GameError, tileDistance } from '@tilerealm/sdk';
import { abortable, sleepTicks, type StepContext } from '../context';
import { bankTrip } from './banking';
import { chooseSpot, occupied, rivalsNear } from './choose';
import { keepRunning } from './run';
import { buyTool, type ToolSource } from './shopping';

/** How to train one gathering skill: the tools that work, where to buy one, what to gather by level. */
export interface GatherSpec {
  skill: 'woodcutting' | 'mining' | 'fishing';
  tools: readonly string[];
  buy: ToolSource;
  /** Resource definitions with the level they need, best last. */
  resources: readonly { defId: string; level: number; methodId?: string }[];
  /** What to keep when banking, besides the tools (e.g. fishing bait). */
  keep?: readonly string[];
}

export const GATHER_SPECS: Record<GatherSpec['skill'], GatherSpec> = {
  woodcutting: {
    skill: 'woodcutting',
    tools: ['bronze_axe', 'iron_axe', 'steel_axe', 'mithril_axe', 'adamant_axe', 'rune_axe'],
    buy: { itemId: 'bronze_axe', shopNpcId: 'shopkeeper_marla', price: 16 },
    resources: [
      { defId: 'tree', level: 1 },
      { defId: 'oak_tree', level: 15 },
      { defId: 'willow_tree', level: 30 },
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
      { defId: 'copper_rock', level: 1 },
      { defId: 'tin_rock', level: 1 },
    ],
  },
  fishing: {
    skill: 'fishing',
    tools: ['small_fishing_net'],
    buy: { itemId: 'small_fishing_net', shopNpcId: 'shopkeeper_marla', price: 5 },
    resources: [{ defId: 'net_bait_spot', level: 1, methodId: 'net' }],
  },
};

/** Objects that recently failed (depleted, unreachable), skipped for a while: id -> tick it may be tried again. */
const SKIP_TICKS = 40;

/**
 * One gathering step: bank when the inventory is full, get a tool when there is none, else gather
 * at one of the nearest usable resources not known to be depleted and with nobody else at it
 * (chosen by the agent's seed, see choose.ts) until the activity stops.
 * `skip` remembers resources that failed recently across steps.
 */
export async function gatherStep(
  ctx: StepContext,
  spec: GatherSpec,
  skip: Map<string, number>,
): Promise<void> {
  const { bot, places, signal } = ctx;
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
  const here = world.position ?? { x: 0, z: 0 };
  const self = bot.client.welcome?.playerId;
  const target = chooseSpot(
    places.objectsOf(
      usable.map((r) => r.defId),
      here,
    ),
    here,
    ctx.seed ?? 0,
    (o) =>
      world.isDepleted(o.id) ||
      (skip.get(o.id) ?? 0) > world.tick ||
      occupied(o, world.entities.values(), self),
    rivalsNear(here, world.entities.values(), self),
  );
  if (!target) {
    ctx.log(`no ${spec.skill} resource available; waiting`);
    skip.clear();
    await sleepTicks(ctx, 10);
    return;
  }
  await keepRunning(bot, ctx.log);
  const methodId = usable.find((r) => r.defId === target.defId)?.methodId;
  // Objects are usable only in sight (15 tiles): walk closer first when it is farther.
  if (tileDistance(target, here) > 10) {
    try {
      await abortable(bot.actions.walkTo(target.x, target.z + 1), signal);
    } catch (err) {
      if (!(err instanceof GameError)) throw err;
      ctx.log(`cannot walk to ${target.id}: ${err.code}`);
      skip.set(target.id, world.tick + SKIP_TICKS);
      return;
    }
  }
  const xpBefore = world.xp(spec.skill);
  try {
    const reason = await abortable(
      bot.actions.gather(target.id, methodId === undefined ? {} : { methodId }),
      signal,
    );
    ctx.log(`${spec.skill} at ${target.id}: ${reason} (+${world.xp(spec.skill) - xpBefore} xp)`);
    if (reason !== 'inventory_full' && reason !== 'done') skip.set(target.id, world.tick + SKIP_TICKS);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`${spec.skill} at ${target.id} refused: ${err.code}`);
    skip.set(target.id, world.tick + SKIP_TICKS);
  }
}
