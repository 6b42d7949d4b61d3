import { GameError, tileDistance } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';
import { gatherStep, GATHER_SPECS } from './gathering';
import { buyTool } from './shopping';

const COOKING_STATIONS = ['cooking_range', 'fire'];

/**
 * One cooking step: cook every raw food carried (recipe `cook_<food>` for `raw_<food>`) at the
 * nearest cooking range or placed fire. Returns without acting when there is nothing raw.
 */
export async function cookingStep(ctx: StepContext): Promise<void> {
  const { bot, places, signal } = ctx;
  const raw = bot.world.player?.inventory.find((s) => s.itemId.startsWith('raw_'));
  if (!raw) return void (await sleepTicks(ctx, 5));
  const here = bot.world.position ?? { x: 0, z: 0 };
  const station = places.objectsOf(COOKING_STATIONS, here)[0];
  if (!station) return void (await sleepTicks(ctx, 10));
  if (tileDistance(station, here) > 10) await abortable(bot.actions.walkTo(station.x, station.z + 1), signal);
  const recipe = `cook_${raw.itemId.slice('raw_'.length)}`;
  const count = bot.world.count(raw.itemId);
  try {
    const reason = await abortable(bot.actions.make(recipe, station.id, Math.min(28, count)), signal);
    ctx.log(`cooked ${raw.itemId} at ${station.id}: ${reason}`);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`cannot cook ${raw.itemId}: ${err.code}`);
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
