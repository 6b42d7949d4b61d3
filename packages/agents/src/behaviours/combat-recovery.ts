import { GameError } from '@tilerealm/sdk';
import { abortable, type StepContext } from '../context';
import { combatTracker } from './combat-tracker';
import { keepRunning } from './run';

/** Within this many tiles of its gravestone the agent asks to reclaim it (the server walks the rest). */
const RECLAIM_FROM_TILES = 10;
/** Ticks after the agent starts dying before its equipment is noted again (dying lasts 4). */
const SETTLE_TICKS = 20;

/**
 * Recovery from a death, before any goal: a player who dies respawns in the starter town without
 * all but its three most valuable items, which wait in a gravestone on the death tile for 15 game
 * minutes (docs/combat.md, "Dying"). While the agent has a standing gravestone that holds items it
 * runs back to it and reclaims what fits; then it wears again what it wore before (items it kept
 * or got back). Resolves true when it spent the step on that, false when there was nothing to do
 * (then it notes what the agent wears, for the next death).
 */
export async function recoverStep(ctx: StepContext): Promise<boolean> {
  const { bot } = ctx;
  const world = bot.world;
  const me = world.player;
  const here = world.position;
  if (!me || !here) return false;
  const tracker = combatTracker(bot.client);
  const death = tracker.death;
  if (death) {
    tracker.death = undefined;
    const lost = death.lost.map((s) => s.itemId).join(', ') || 'nothing';
    const grave = death.gravestone ? ` (gravestone at ${death.gravestone.x},${death.gravestone.z})` : '';
    ctx.log(`died: lost ${lost}${grave}`);
  }
  const grave = tracker.gravestone(world.tick, here);
  if (grave) {
    const d = Math.max(Math.abs(grave.x - here.x), Math.abs(grave.z - here.z));
    if (d > RECLAIM_FROM_TILES) {
      ctx.log(`going back to the gravestone at ${grave.x},${grave.z}`);
      await keepRunning(bot, ctx.log);
      await abortable(bot.actions.walkTo(grave.x, grave.z), ctx.signal);
      return true;
    }
    try {
      const ack = await abortable(
        bot.client.request(
          'player:action',
          { action: 'reclaim', gravestoneId: grave.id },
          { timeoutMs: bot.actions.walkTimeoutMs },
        ),
        ctx.signal,
      );
      const taken = Array.isArray(ack.result?.['taken']) ? ack.result['taken'].length : 0;
      ctx.log(`reclaimed ${taken} kinds of items from the gravestone`);
    } catch (err) {
      if (!(err instanceof GameError)) throw err;
      ctx.log(`could not reclaim the gravestone: ${err.code}`);
      // Gone, or no room: either way this gravestone is not worth another trip.
      tracker.gravestones = tracker.gravestones.filter((g) => g.id !== grave.id);
    }
    return true;
  }
  // What it wears is noted only well after a death: while dying it still shows what it will lose.
  const settled = world.tick - tracker.diedAt > SETTLE_TICKS;
  return reequip(ctx, tracker.worn, (worn) => settled && (tracker.worn = worn));
}

/**
 * Wears again what the agent wore (`worn`) and now carries instead; notes what it wears now when
 * nothing is missing. Resolves true when it equipped something.
 */
async function reequip(
  ctx: StepContext,
  worn: readonly { slot: string; itemId: string }[],
  note: (worn: { slot: string; itemId: string }[]) => unknown,
): Promise<boolean> {
  const me = ctx.bot.world.player;
  if (!me) return false;
  let equipped = false;
  for (const w of worn) {
    if (me.equipment.some((e) => e.slot === w.slot)) continue;
    const slot = ctx.bot.world.slotOf(w.itemId);
    if (slot === undefined) continue;
    try {
      await ctx.bot.client.request('equipment:equip', { inventorySlot: slot });
      ctx.log(`wearing ${w.itemId} again`);
      equipped = true;
    } catch (err) {
      if (!(err instanceof GameError)) throw err;
      ctx.log(`could not wear ${w.itemId}: ${err.code}`);
    }
  }
  if (!equipped && me.health > 0) note(me.equipment.map((e) => ({ slot: e.slot, itemId: e.itemId })));
  return equipped;
}
