/**
 * The prayer feature's state per character in the world: its points and active prayers (the
 * {@link PRAYER} slot: saved with the character, hashed), and in memory only the drain counter, the
 * burial delay, the prayer level last seen (to add a point per level gained), all three hashed, and
 * what the client last got in `prayer:update`, which start afresh when a character enters the world.
 */
import type { Player } from '../../core/player';
import { playerSlot } from '../../core/slots';
import type { World } from '../../core/world';
import { isDying } from '../death/state';

/** A character's prayer points and the prayers switched on (saved as `prayerPoints` and `activePrayers`). */
export interface PrayerState {
  /** Prayer points (0 to the prayer level). */
  points: number;
  /** Prayers switched on (prayers.json ids). */
  readonly active: Set<string>;
}

/** The player's prayer points and active prayers (restored from and saved to its record). */
export const PRAYER = playerSlot('prayer.points', {
  init: (player): PrayerState => ({
    points: player.saved.prayerPoints,
    active: new Set(player.saved.activePrayers),
  }),
  save: (s) => ({ prayerPoints: s.points, activePrayers: [...s.active].sort() }),
  hash: (s, h) => {
    h.num(s.points);
    for (const id of s.active) h.str(id);
  },
});

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

/** The sorted active prayers as one string, to tell whether they changed ('' when none: no allocation). */
export const activeKey = (p: Player): string => {
  const active = PRAYER.of(p).active;
  return active.size === 0 ? '' : [...active].sort().join(',');
};

/**
 * The player's prayer state in memory, created as it enters the world with the client's view set
 * to its current points and prayers (what the login's `player:sync` carried). Not saved: it starts
 * afresh at every entry, as the file's header says. Hashed, all but what the client was sent: the
 * drain counter, the burial delay, the level and the dying flag decide the points and actions of
 * later ticks, so two worlds differing in them have diverged (a replay must tell).
 */
export const PRAYER_RUNTIME = playerSlot('prayer.runtime', {
  init: (p): PrayerRuntime => ({
    drainCounter: 0,
    nextBuryTick: 0,
    level: p.skills.prayer.level,
    dying: isDying(p),
    sent: { points: PRAYER.of(p).points, maxPoints: p.skills.prayer.level, active: activeKey(p) },
  }),
  hash: (rt, h) => {
    h.num(rt.drainCounter);
    h.num(rt.nextBuryTick);
    h.num(rt.level);
    h.num(rt.dying ? 1 : 0);
  },
});

/**
 * Switches every prayer off. The drain counter keeps its progress, as in OSRS (switching prayers
 * off and on again does not dodge the drain).
 */
export function deactivateAll(p: Player): string[] {
  const active = PRAYER.of(p).active;
  const off = [...active].sort();
  active.clear();
  return off;
}

/** Sends `prayer:update` when points, maximum or active prayers changed since the client last saw them. */
export function syncPrayer(world: World, p: Player): void {
  const rt = PRAYER_RUNTIME.of(p);
  const prayer = PRAYER.of(p);
  const active = activeKey(p);
  const maxPoints = p.skills.prayer.level;
  if (rt.sent.points === prayer.points && rt.sent.maxPoints === maxPoints && rt.sent.active === active)
    return;
  rt.sent = { points: prayer.points, maxPoints, active };
  world.send(p.id, 'prayer:update', {
    tick: world.tick,
    points: prayer.points,
    maxPoints,
    active: [...prayer.active].sort(),
  });
}
