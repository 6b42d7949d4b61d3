/**
 * The prayer feature's in-memory state per character in the world: the drain counter, the burial
 * delay, the prayer level last seen (to add a point per level gained) and what the client last
 * got in `prayer:update`. Points and active prayers themselves live on the Player (they are saved);
 * this state is not, and starts afresh when a character enters the world.
 */
import type { Player } from '../../core/player';
import type { World } from '../../core/world';

/** What the prayer feature keeps about one character in the world, beside the saved Player fields. */
export interface PrayerRuntime {
  /** OSRS drain counter: grows by the active prayers' drain effect every tick (see rules.ts). */
  drainCounter: number;
  /** First tick at which the player may bury bones again. */
  nextBuryTick: number;
  /** Prayer level at the end of the last tick (a level-up adds the levels gained to the points). */
  level: number;
  /** The player was dying at the end of the last tick (its prayers are restored on respawn). */
  dying: boolean;
  /** Points, maximum and active prayers (sorted, joined) last sent to the client. */
  sent: { points: number; maxPoints: number; active: string };
}

const runtimes = new WeakMap<Player, PrayerRuntime>();

/** The sorted active prayers as one string, to tell whether they changed. */
export const activeKey = (p: Player): string => [...p.activePrayers].sort().join(',');

/**
 * The player's prayer state, created on first use with the client's view set to the player's
 * current points and prayers (what the login's `player:sync` carried).
 */
export function runtimeOf(p: Player): PrayerRuntime {
  let rt = runtimes.get(p);
  if (!rt) {
    rt = {
      drainCounter: 0,
      nextBuryTick: 0,
      level: p.skills.prayer.level,
      dying: p.dyingUntil !== 0,
      sent: { points: p.prayerPoints, maxPoints: p.skills.prayer.level, active: activeKey(p) },
    };
    runtimes.set(p, rt);
  }
  return rt;
}

/**
 * Switches every prayer off. The drain counter keeps its progress, as in OSRS (switching prayers
 * off and on again does not dodge the drain).
 */
export function deactivateAll(p: Player): string[] {
  const off = [...p.activePrayers].sort();
  p.activePrayers.clear();
  return off;
}

/** Sends `prayer:update` when points, maximum or active prayers changed since the client last saw them. */
export function syncPrayer(world: World, p: Player): void {
  const rt = runtimeOf(p);
  const active = activeKey(p);
  const maxPoints = p.skills.prayer.level;
  if (rt.sent.points === p.prayerPoints && rt.sent.maxPoints === maxPoints && rt.sent.active === active)
    return;
  rt.sent = { points: p.prayerPoints, maxPoints, active };
  world.send(p.id, 'prayer:update', {
    tick: world.tick,
    points: p.prayerPoints,
    maxPoints,
    active: [...p.activePrayers].sort(),
  });
}
