import { GameError, tileDistance } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';
import { bankTrip } from './banking';
import { gatherStep, GATHER_SPECS } from './gathering';
import { keepRunning } from './run';
import { buyTool } from './shopping';

const COOKING_STATIONS = ['cooking_range', 'fire'];

/** Cook once this many raw fish are carried (or the inventory is full): a trip to the range each batch. */
export const COOK_BATCH = 12;

/** Tools a cook keeps on a bank trip: the net it fishes with, and the starter tools. */
const COOK_KEEP = ['small_fishing_net', 'tinderbox', 'bronze_axe', 'bronze_pickaxe'];

/**
 * What a cooking step does, a pure function of what the agent carries: cook the raw food once a
 * batch of it (or a full inventory) is carried; bank when the inventory is full of cooked or burnt
 * food; else catch more raw fish.
 */
export function cookingAction(raw: number, freeSlots: number): 'cook' | 'bank' | 'catch' {
  if (raw > 0 && (raw >= COOK_BATCH || freeSlots === 0)) return 'cook';
  if (freeSlots === 0) return 'bank';
  return 'catch';
}

/**
 * One cooking step: catch raw shrimps with the net until a batch is carried, then cook every raw
 * food carried (recipe `cook_<food>` for `raw_<food>`) at the nearest cooking range or placed fire,
 * banking the cooked food when the inventory is full.
 */
export async function cookingStep(ctx: StepContext, skip: Map<string, number>): Promise<void> {
  const { bot } = ctx;
  const raw = bot.world.player?.inventory.find((s) => s.itemId.startsWith('raw_'));
  const action = cookingAction(raw ? bot.world.count(raw.itemId) : 0, bot.world.freeSlots);
  if (action === 'catch') return gatherStep(ctx, GATHER_SPECS.fishing, skip);
  if (action === 'bank') {
    if (!(await bankTrip(ctx, COOK_KEEP))) await sleepTicks(ctx, 20);
    return;
  }
  if (raw) await cookAll(ctx, raw.itemId, `cook_${raw.itemId.slice('raw_'.length)}`);
}

/** Cooks every `rawItemId` carried at the nearest cooking range or placed fire (walking there). */
export async function cookAll(ctx: StepContext, rawItemId: string, recipe: string): Promise<void> {
  const { bot, places, signal } = ctx;
  const here = bot.world.position ?? { x: 0, z: 0 };
  const station = places.objectsOf(COOKING_STATIONS, here)[0];
  if (!station) {
    ctx.log('no cooking range or fire known on the map');
    return void (await sleepTicks(ctx, 10));
  }
  await keepRunning(bot, ctx.log);
  if (tileDistance(station, here) > 10) await abortable(bot.actions.walkTo(station.x, station.z + 1), signal);
  const count = bot.world.count(rawItemId);
  const xp = bot.world.xp('cooking');
  try {
    const reason = await abortable(bot.actions.make(recipe, station.id, Math.min(28, count)), signal);
    ctx.log(`cooked ${rawItemId} at ${station.id}: ${reason} (+${bot.world.xp('cooking') - xp} xp)`);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`cannot cook ${rawItemId}: ${err.code}`);
    await sleepTicks(ctx, 20);
  }
}

/**
 * One firemaking step: buy a tinderbox if there is none, chop logs if there are none, else light
 * a fire where the agent stands (stepping aside when the tile is taken).
 */
export async function firemakingStep(ctx: StepContext, skip: Map<string, number>): Promise<void> {
  const { bot, signal } = ctx;
  if (!bot.world.has('tinderbox')) {
    if (!(await buyTool(ctx, { itemId: 'tinderbox', shopNpcId: 'shopkeeper_marla', price: 1 })))
      await sleepTicks(ctx, 20);
    return;
  }
  if (bot.world.slotOf('logs') === undefined) return gatherStep(ctx, GATHER_SPECS.woodcutting, skip);
  try {
    const reason = await abortable(bot.actions.lightFire('logs'), signal);
    ctx.log(`lit a fire: ${reason}`);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    const p = bot.world.position ?? { x: 0, z: 0 };
    ctx.log(`cannot light a fire here (${err.code}): stepping aside`);
    await abortable(bot.actions.walkTo(p.x + 2, p.z), signal).catch(logFailure(ctx.log, 'stepping aside'));
  }
}
