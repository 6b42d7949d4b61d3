/**
 * Burying bones: `inventory:use` on bones alone (items.json `prayerXp`) takes one from the slot and
 * gives its prayer experience, through the skills feature's `grantXp` (tenths kept, so 4.5 XP bones
 * add up exactly). One burial every {@link BURY_DELAY_TICKS} ticks, as in OSRS.
 */
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { grantXp } from '../skills/grant';
import { xpToTenths } from '../skills/levels';
import { BURY_DELAY_TICKS } from './rules';
import { PRAYER_RUNTIME } from './state';
import { isDying } from '../death/state';

/**
 * Buries the bones in `slot`, or returns undefined when the slot holds no bones (the caller then
 * treats the use as eating). The ack result is `{ itemId, xp, prayerXp, prayerLevel }`.
 */
export function buryBones(world: World, p: Player, slot: number): Outcome | undefined {
  const row = p.inventory.slot(slot);
  const def = row ? world.itemLookup(row.itemId) : undefined;
  if (!row || !def?.prayerXp) return undefined;
  if (isDying(p)) return fail('dead', 'you are dying');
  const rt = PRAYER_RUNTIME.of(p);
  if (world.tick < rt.nextBuryTick) {
    const left = rt.nextBuryTick - world.tick;
    return fail('bury_delay', `you are still burying: wait ${left} more tick${left === 1 ? '' : 's'}`);
  }
  const removed = p.inventory.removeFromSlot(slot, 1);
  // The slot held this item a moment ago within the same tick, so the removal cannot fail.
  if (!removed.ok) return fail('internal_error', `could not remove the bones (${removed.reason})`);
  world.ledger.record(row.itemId, -1, 'bury', p.id);
  rt.nextBuryTick = world.tick + BURY_DELAY_TICKS;
  world.send(p.id, 'chat:message', {
    tick: world.tick,
    channel: 'system',
    from: null,
    message: `You bury the ${def.name.toLowerCase()}.`,
  });
  grantXp(world, p, 'prayer', xpToTenths(def.prayerXp));
  return {
    ok: true,
    result: {
      itemId: row.itemId,
      xp: def.prayerXp,
      prayerXp: p.skills.prayer.xp,
      prayerLevel: p.skills.prayer.level,
    },
  };
}
