import { tileDistance } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';

/** Where the runtime buys its starter tools: the item, the shopkeeper selling it, the price to have. */
export interface ToolSource {
  itemId: string;
  shopNpcId: string;
  price: number;
}

/**
 * Buys one `source.itemId`: walks to the shopkeeper's spawn, finds it in view, opens the shop and
 * buys. Returns false (and logs why) when it cannot afford it or cannot find the shopkeeper.
 */
export async function buyTool(ctx: StepContext, source: ToolSource): Promise<boolean> {
  const { bot, places, signal } = ctx;
  const coins = bot.world.player?.coins ?? 0;
  if (coins < source.price) {
    ctx.log(`cannot afford ${source.itemId} (${coins} of ${source.price} coins)`);
    return false;
  }
  const here = bot.world.position ?? { x: 0, z: 0 };
  const spawn = places.spawnsOf([source.shopNpcId], here)[0];
  if (!spawn) {
    ctx.log(`no ${source.shopNpcId} on the map`);
    return false;
  }
  ctx.log(`off to ${source.shopNpcId} for ${source.itemId}`);
  let keeper = bot.world.nearestEntity((e) => e.npcId === source.shopNpcId);
  if (!keeper || tileDistance(keeper, here) > 10) {
    await abortable(bot.actions.walkTo(spawn.x, spawn.z + 2), signal);
    keeper = bot.world.nearestEntity((e) => e.npcId === source.shopNpcId);
  }
  for (let i = 0; !keeper && i < 5; i++) {
    await sleepTicks(ctx, 2);
    keeper = bot.world.nearestEntity((e) => e.npcId === source.shopNpcId);
  }
  if (!keeper) {
    ctx.log(`cannot see ${source.shopNpcId}`);
    return false;
  }
  await abortable(bot.actions.openShop(keeper.id), signal);
  const ack = await abortable(bot.actions.buy(source.itemId, 1), signal);
  ctx.log(`bought ${source.itemId} for ${String(ack.result?.['paid'] ?? '?')} coins`);
  await bot.actions.closeInterface().catch(logFailure(ctx.log, 'closing the window'));
  return true;
}
