import { GameError } from '@tilerealm/sdk';
import { sleepTicks, type StepContext } from '../context';

/** Items that give prayer XP when buried (items.json `prayerXp`), best last. */
export const BONES = ['bat_bones', 'bones', 'wolf_bones', 'big_bones'] as const;

/** Ticks the server makes a player wait between two burials (prayer rules). */
const BURY_DELAY_TICKS = 2;

/** The inventory slot of carried bones (the best kind first), a pure function; undefined without. */
export function bonesSlot(inventory: readonly { slot: number; itemId: string }[]): number | undefined {
  for (let i = BONES.length - 1; i >= 0; i--) {
    const hit = inventory.find((s) => s.itemId === BONES[i]);
    if (hit) return hit.slot;
  }
  return undefined;
}

/**
 * Buries one carried bone (`inventory:use` on it alone) and waits out the burial delay. Resolves
 * true when there were bones to bury, so the caller spends its step on them; false without bones.
 */
export async function buryStep(ctx: StepContext): Promise<boolean> {
  const slot = bonesSlot(ctx.bot.world.player?.inventory ?? []);
  if (slot === undefined) return false;
  try {
    await ctx.bot.client.request('inventory:use', { slot });
    ctx.log(`buried bones (prayer ${ctx.bot.world.xp('prayer')} xp)`);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    // bury_delay and the like: try again after the delay.
    ctx.log(`cannot bury bones: ${err.code}`);
  }
  await sleepTicks(ctx, BURY_DELAY_TICKS);
  return true;
}
