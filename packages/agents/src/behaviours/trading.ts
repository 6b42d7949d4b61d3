import { GameError } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';
import { reachNpc } from './dialogue';
import { huntDrop } from './questing';

/**
 * How the runtime earns coins with the starter kit: something it gets for free and a shop that
 * buys it. Chickens drop 5 to 30 feathers at a time (npcs.json) and Wren's Archery lists feathers
 * (stores.json: 1 coin each at its base stock; a sale of unlisted loot, such as cowhide at the
 * general store, pays the full rate for the first unit only). Ores, logs and raw fish sell for a
 * coin or less each at level 1.
 */
export interface MoneySource {
  itemId: string;
  dropNpcId: string;
  shopNpcId: string;
  /** Sell once this many are carried: a trip to the shop each batch. */
  sellAt: number;
}

export const FEATHER_MONEY: MoneySource = {
  itemId: 'feather',
  dropNpcId: 'chicken',
  shopNpcId: 'fletcher_wren',
  sellAt: 40,
};

/**
 * What a money-making step does, a pure function: sell once a batch is carried (or the inventory
 * is full and some are carried), else hunt for more.
 */
export function moneyAction(source: MoneySource, carried: number, freeSlots: number): 'sell' | 'hunt' {
  return carried >= source.sellAt || (freeSlots === 0 && carried > 0) ? 'sell' : 'hunt';
}

/** One money-making step: hunt the source's NPC for its drop, and sell the drops in batches. */
export async function moneyStep(
  ctx: StepContext,
  skip: Map<string, number>,
  source: MoneySource = FEATHER_MONEY,
): Promise<void> {
  const world = ctx.bot.world;
  const carried = world.count(source.itemId);
  if (moneyAction(source, carried, world.freeSlots) === 'hunt')
    return huntDrop(ctx, source.dropNpcId, source.itemId, skip);
  await sellAll(ctx, source.shopNpcId, source.itemId);
}

/** Sells every `itemId` carried to the shop of `shopNpcId` (walking there first). */
export async function sellAll(ctx: StepContext, shopNpcId: string, itemId: string): Promise<void> {
  const { bot, signal } = ctx;
  const keeper = await reachNpc(ctx, shopNpcId);
  if (!keeper) return void (await sleepTicks(ctx, 10));
  try {
    await abortable(bot.actions.openShop(keeper.id), signal);
    const quantity = bot.world.count(itemId);
    const ack = await abortable(bot.actions.sell(itemId, quantity), signal);
    ctx.log(
      `sold ${String(ack.result?.['quantity'] ?? quantity)} ${itemId} for ${String(ack.result?.['received'] ?? '?')} coins`,
    );
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`cannot sell ${itemId} to ${shopNpcId}: ${err.code}`);
    await sleepTicks(ctx, 10);
  } finally {
    await bot.actions.closeInterface().catch(logFailure(ctx.log, 'closing the window'));
  }
}
