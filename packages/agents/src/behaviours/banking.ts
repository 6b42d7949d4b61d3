import { tileDistance } from '@tilerealm/sdk';
import { abortable, logFailure, type StepContext } from '../context';

const BANK_STATIONS = ['bank_booth', 'bank_chest'];

/**
 * One bank trip: walk to the nearest bank booth or chest, open it, deposit everything but the
 * items named in `keep` (tools, food), close it. Returns false when no bank is known.
 */
export async function bankTrip(ctx: StepContext, keep: readonly string[]): Promise<boolean> {
  const { bot, places, signal } = ctx;
  const here = bot.world.position ?? { x: 0, z: 0 };
  const booth = places.objectsOf(BANK_STATIONS, here)[0];
  if (!booth) {
    ctx.log('no bank known on the map');
    return false;
  }
  ctx.log(`banking at ${booth.id}`);
  // The bank must be in sight (15 tiles) to be used: walk up to the tile in front of it first.
  if (tileDistance(booth, here) > 10) await abortable(bot.actions.walkTo(booth.x, booth.z + 1), signal);
  await abortable(bot.actions.openBank(booth.id), signal);
  const before = bot.world.player?.inventory.length ?? 0;
  await abortable(bot.actions.depositAll(keep), signal);
  ctx.log(`deposited ${before - (bot.world.player?.inventory.length ?? 0)} slots`);
  await bot.actions.closeInterface().catch(logFailure(ctx.log, 'closing the window'));
  return true;
}
