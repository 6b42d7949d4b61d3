import { GameError, tileDistance } from '@tilerealm/sdk';
import { abortable, logFailure, type StepContext } from '../context';
import { keepRunning } from './run';

/**
 * Food to buy when none is left, the most health per coin first (stores.json and food.json:
 * Pip's bakery sells apples, 20 life points for 2 coins, and cooked chicken, 30 for 5).
 */
export const FOOD_TO_BUY = [
  { itemId: 'apple', shopNpcId: 'baker_pip', price: 2 },
  { itemId: 'cooked_chicken', shopNpcId: 'baker_pip', price: 5 },
] as const;

/** Buy at most this many at once (the shop's stock is 20 apples; room is kept for drops). */
const MAX_BUY = 12;
/** Fewer than this is not worth the walk to the shop. */
const MIN_BUY = 3;

/**
 * Buys food with the coin pouch when the agent carries none: as many of the best value food as
 * it can afford (at most {@link MAX_BUY}, leaving inventory room; not fewer than {@link MIN_BUY}),
 * from the shopkeeper's spawn.
 * Resolves true when it bought some; false (logged) when it cannot afford any or finds no shop.
 */
export async function buyFood(ctx: StepContext): Promise<boolean> {
  const { bot, places, signal } = ctx;
  const coins = bot.world.player?.coins ?? 0;
  const room = bot.world.freeSlots - 2;
  const food = FOOD_TO_BUY.find((f) => f.price <= coins);
  if (!food || room <= 0) return false;
  const quantity = Math.min(MAX_BUY, room, Math.floor(coins / food.price));
  if (quantity < MIN_BUY) return false;
  const here = bot.world.position ?? { x: 0, z: 0 };
  const spawn = places.spawnsOf([food.shopNpcId], here)[0];
  if (!spawn) return false;
  let keeper = bot.world.nearestEntity((e) => e.npcId === food.shopNpcId);
  if (!keeper || tileDistance(keeper, here) > 10) {
    ctx.log(`out of food: off to ${food.shopNpcId} for ${quantity} ${food.itemId}`);
    await keepRunning(bot, ctx.log);
    await abortable(bot.actions.walkTo(spawn.x, spawn.z + 2), signal);
    keeper = bot.world.nearestEntity((e) => e.npcId === food.shopNpcId);
  }
  if (!keeper) {
    ctx.log(`cannot see ${food.shopNpcId}`);
    return false;
  }
  try {
    await abortable(bot.actions.openShop(keeper.id), signal);
    const ack = await abortable(bot.actions.buy(food.itemId, quantity), signal);
    ctx.log(`bought ${quantity} ${food.itemId} for ${String(ack.result?.['paid'] ?? '?')} coins`);
    return true;
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`could not buy ${food.itemId}: ${err.code}`);
    return false;
  } finally {
    await bot.actions.closeInterface().catch(logFailure(ctx.log, 'closing the shop'));
  }
}
