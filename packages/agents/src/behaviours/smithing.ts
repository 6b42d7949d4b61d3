import { DEFAULT_FOOD, GameError, tileDistance } from '@tilerealm/sdk';
import { abortable, sleepTicks, type StepContext } from '../context';
import { bankTrip } from './banking';
import { GATHER_SPECS } from './gathering';
import { buyTool } from './shopping';

/** A bronze item made at an anvil: recipe id, the smithing level it needs and the bars it takes (recipes/smithing.json). */
export interface SmithRecipe {
  recipeId: string;
  level: number;
  bars: number;
}

/**
 * The bronze anvil recipes the runtime knows (a copy of recipes/smithing.json's bronze rows: the
 * runtime only sees the public map, not the recipe manifests). Agents smith bronze only, since
 * bronze bars come from ores found next to the starter town.
 */
export const BRONZE_RECIPES: readonly SmithRecipe[] = [
  { recipeId: 'smith_bronze_dagger', level: 1, bars: 1 },
  { recipeId: 'smith_bronze_mace', level: 2, bars: 1 },
  { recipeId: 'smith_bronze_med_helm', level: 3, bars: 1 },
  { recipeId: 'smith_bronze_sword', level: 4, bars: 1 },
  { recipeId: 'smith_bronze_scimitar', level: 5, bars: 2 },
  { recipeId: 'smith_bronze_longsword', level: 6, bars: 2 },
  { recipeId: 'smith_bronze_full_helm', level: 7, bars: 2 },
  { recipeId: 'smith_bronze_warhammer', level: 9, bars: 3 },
  { recipeId: 'smith_bronze_battleaxe', level: 10, bars: 3 },
  { recipeId: 'smith_bronze_chainbody', level: 11, bars: 3 },
  { recipeId: 'smith_bronze_2h_sword', level: 14, bars: 3 },
  { recipeId: 'smith_bronze_platelegs', level: 16, bars: 3 },
  { recipeId: 'smith_bronze_platebody', level: 18, bars: 5 },
];

/** Smelt once this many copper and tin pairs are carried (or the inventory is full). */
export const SMELT_BATCH = 10;

const HAMMER = { itemId: 'hammer', shopNpcId: 'shopkeeper_marla', price: 13 };
const ORE_ROCKS = { copper_ore: 'copper_rock', tin_ore: 'tin_rock' } as const;

/**
 * The best bronze item `level` allows that `bars` bars pay for: the highest-level recipe within
 * reach, preferring one that uses all the bars it can. Undefined when no recipe fits.
 */
export function bestRecipe(level: number, bars: number): SmithRecipe | undefined {
  const fits = BRONZE_RECIPES.filter((r) => r.level <= level && r.bars <= bars);
  return fits.reduce<SmithRecipe | undefined>(
    (best, r) => (!best || r.level > best.level ? r : best),
    undefined,
  );
}

/**
 * One smithing step. In order: buy a hammer when there is none; smith the best bronze item at the
 * nearest anvil when carrying bars; smelt bronze bars at the nearest furnace once a batch of copper
 * and tin ore is carried (or the inventory is full); bank when full; buy a pickaxe when there is
 * none; else mine one ore of the scarcer kind (copper or tin) so the two stay paired.
 */
export async function smithingStep(ctx: StepContext, skip: Map<string, number>): Promise<void> {
  const world = ctx.bot.world;
  const pickaxes = GATHER_SPECS.mining.tools;
  if (!world.has(HAMMER.itemId)) {
    if (!(await buyTool(ctx, HAMMER))) await sleepTicks(ctx, 20);
    return;
  }
  const level = world.player?.skills['smithing']?.level ?? 1;
  const bars = world.count('bronze_bar');
  const recipe = bestRecipe(level, bars);
  if (recipe) return void (await make(ctx, 'anvil', recipe.recipeId, Math.floor(bars / recipe.bars)));
  const pairs = Math.min(world.count('copper_ore'), world.count('tin_ore'));
  if (pairs > 0 && (pairs >= SMELT_BATCH || world.freeSlots <= 1))
    return void (await make(ctx, 'furnace', 'smelt_bronze_bar', pairs));
  if (world.freeSlots === 0) {
    if (!(await bankTrip(ctx, [HAMMER.itemId, ...pickaxes, ...DEFAULT_FOOD]))) await sleepTicks(ctx, 20);
    return;
  }
  if (!world.has(...pickaxes)) {
    if (!(await buyTool(ctx, GATHER_SPECS.mining.buy))) await sleepTicks(ctx, 20);
    return;
  }
  await mineOre(ctx, world.count('copper_ore') <= world.count('tin_ore') ? 'copper_ore' : 'tin_ore', skip);
}

/** Makes `quantity` of `recipeId` at the nearest `stationDefId`, walking into sight of it first. */
async function make(
  ctx: StepContext,
  stationDefId: string,
  recipeId: string,
  quantity: number,
): Promise<void> {
  const { bot, places, signal } = ctx;
  const here = bot.world.position ?? { x: 0, z: 0 };
  const station = places.objectsOf([stationDefId], here)[0];
  if (!station) {
    ctx.log(`no ${stationDefId} on the map`);
    return void (await sleepTicks(ctx, 20));
  }
  if (tileDistance(station, here) > 10) await abortable(bot.actions.walkTo(station.x, station.z + 1), signal);
  const xp = bot.world.xp('smithing');
  try {
    const reason = await abortable(bot.actions.make(recipeId, station.id, quantity), signal);
    const verb = stationDefId === 'anvil' ? 'smithed' : 'smelted';
    ctx.log(
      `${verb} ${recipeId} at ${station.id}: ${reason} (+${bot.world.xp('smithing') - xp} smithing xp)`,
    );
    if (reason !== 'done' && reason !== 'inventory_full') await sleepTicks(ctx, 5);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`cannot make ${recipeId}: ${err.code}`);
    await sleepTicks(ctx, 20);
  }
}

/** Mines one `ore` at the nearest rock of its kind that is not depleted (each rock gives one ore). */
async function mineOre(
  ctx: StepContext,
  ore: keyof typeof ORE_ROCKS,
  skip: Map<string, number>,
): Promise<void> {
  const { bot, places, signal } = ctx;
  const world = bot.world;
  const here = world.position ?? { x: 0, z: 0 };
  const rock = places
    .objectsOf([ORE_ROCKS[ore]], here)
    .find((o) => !world.isDepleted(o.id) && (skip.get(o.id) ?? 0) <= world.tick);
  if (!rock) {
    skip.clear();
    return void (await sleepTicks(ctx, 3));
  }
  try {
    if (tileDistance(rock, here) > 10) await abortable(bot.actions.walkTo(rock.x, rock.z + 1), signal);
    const reason = await abortable(bot.actions.gather(rock.id), signal);
    if (reason !== 'inventory_full' && reason !== 'done' && reason !== 'depleted')
      skip.set(rock.id, world.tick + 10);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`mining ${rock.id} refused: ${err.code}`);
    skip.set(rock.id, world.tick + 40);
  }
}
