import type { Player } from '../../core/player';
import type { Feature } from '../../core/registry';
import type { World } from '../../core/world';
import { bonuses } from '../equipment/bonuses';
import { requestPray } from './altar';
import { drainEffect, drainResistance, drainTick } from './rules';
import { deactivateAll, PRAYER, PRAYER_RUNTIME, syncPrayer } from './state';
import { togglePrayer } from './toggle';
import { isDying } from '../death/state';

function system(world: World, p: Player, message: string): void {
  world.send(p.id, 'chat:message', { tick: world.tick, channel: 'system', from: null, message });
}

/**
 * A character entering the world: its saved prayer state is made consistent with the content and
 * its level (points within 0 to the prayer level, prayers that no longer exist dropped, no prayer
 * left on without points).
 */
function normaliseOnLogin(world: World, p: Player): void {
  const prayer = PRAYER.of(p);
  prayer.points = Math.max(0, Math.min(p.skills.prayer.level, Math.floor(prayer.points)));
  for (const id of [...prayer.active]) if (!world.content.prayers.has(id)) prayer.active.delete(id);
  if (prayer.points === 0) deactivateAll(p);
}

/**
 * One tick of prayer for one player (players phase, after combat and deaths):
 * - dying: every prayer switches off (OSRS); on respawn the points are back at the prayer level;
 * - a prayer level gained (burying, quest rewards) adds one point per level, as in OSRS;
 * - drain: the OSRS drain counter against the resistance (rules.ts); at 0 points all prayers end.
 */
export function prayerTick(world: World, p: Player): void {
  const rt = PRAYER_RUNTIME.of(p);
  const prayer = PRAYER.of(p);
  if (isDying(p)) {
    if (prayer.active.size > 0) deactivateAll(p);
    rt.dying = true;
    return;
  }
  const level = p.skills.prayer.level;
  if (rt.dying) {
    rt.dying = false;
    rt.drainCounter = 0;
    prayer.points = level;
  }
  if (level > rt.level) prayer.points = Math.min(level, prayer.points + (level - rt.level));
  rt.level = level;
  if (prayer.active.size === 0) return;
  const effect = drainEffect(prayer.active, world.content.prayers);
  const resistance = drainResistance(bonuses(p.equipment, world.itemLookup).prayer);
  const drained = drainTick(prayer.points, rt.drainCounter, effect, resistance);
  prayer.points = drained.points;
  rt.drainCounter = drained.counter;
  if (prayer.points === 0) {
    deactivateAll(p);
    system(world, p, 'You have run out of prayer points; you can recharge at an altar.');
  }
}

/**
 * Prayer (prayers.json; docs/prayer.md): `prayer:toggle` switches prayers on and off,
 * `player:action` `pray` recharges at an altar, `inventory:use` on bones buries them (dispatched by
 * the consumables feature). Each tick drains the points of players with active prayers; the combat
 * formulas read the boosts through `activePrayerBoosts`. `prayer:update` tells the client of every
 * change, once per tick, in the sync phase.
 */
export const prayerFeature: Feature = {
  name: 'prayer',
  register(r) {
    r.playerSlot(PRAYER);
    r.playerSlot(PRAYER_RUNTIME);
    r.on('prayer:toggle', (world, player, data) => togglePrayer(world, player, data));
    r.action('pray', (world, player, data, rid) => requestPray(world, player, data.objectId, rid));
    r.perPlayer('login', (world, p) => {
      if (p.joinedTick === world.tick) normaliseOnLogin(world, p);
    });
    r.perPlayer('players', prayerTick);
    r.perPlayer('sync', syncPrayer);
  },
};
