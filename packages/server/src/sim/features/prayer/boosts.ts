import type { PrayerDef } from '../../../content/schemas/prayers';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { prayerBoosts, type PrayerBoosts } from '../combat/formulas';
import { PRAYER } from './state';

/** The summed percent boosts of the prayers `active` (ids), in id order; unknown ids boost nothing. */
export function boostsOf(active: Iterable<string>, defs: ReadonlyMap<string, PrayerDef>): PrayerBoosts {
  const known: PrayerDef[] = [];
  for (const id of [...active].sort()) {
    const def = defs.get(id);
    if (def) known.push(def);
  }
  return prayerBoosts(known);
}

/**
 * The percent boosts of the player's active prayers, for the combat formulas (which apply them to
 * the effective levels as OSRS does). Kept here so combat reads prayers through one function and
 * never needs to know how the prayer feature stores them.
 */
export function activePrayerBoosts(world: World, p: Player): PrayerBoosts {
  const active = PRAYER.of(p).active;
  return active.size === 0 ? {} : boostsOf(active, world.content.prayers);
}
