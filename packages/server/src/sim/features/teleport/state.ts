/**
 * Home teleport's state: the casts under way (world-level, never saved: a logout ends a cast) and
 * each player's cooldown (saved with the character as `homeTeleportCooldownTicks`, the ticks left).
 */
import type { Player } from '../../core/player';
import { playerSlot, worldSlot } from '../../core/slots';
import type { World } from '../../core/world';

/** A cast under way: when it lands, and what the player looked like when it was last checked. */
export interface Cast {
  /** The caster (a takeover puts a new Player object under the same id: its cast does not carry over). */
  readonly player: Player;
  readonly landsAt: number;
  /** The tile cast on: any step away from it ends the cast. */
  readonly x: number;
  readonly z: number;
  /** Health at the last check (eating may raise it; a hit lowers it). */
  health: number;
  /** `inCombatUntil` at the last check: every hit given or taken moves it. */
  readonly combatUntil: number;
}

/** The casts under way by player id, in the order they started. */
export const CASTS = worldSlot('teleport.casts', {
  init: () => new Map<string, Cast>(),
  hash: (casts, h) => {
    for (const [id, c] of casts)
      h.str(id).num(c.player.idx).num(c.landsAt).num(c.x).num(c.z).num(c.health).num(c.combatUntil);
  },
});

/** The first tick (of this run) at which the player may cast home teleport again. */
export const COOLDOWN = playerSlot('teleport.cooldown', {
  init: (player, tick): { readyTick: number } => ({
    readyTick: tick + Math.max(0, player.saved.homeTeleportCooldownTicks),
  }),
  save: (s, tick) => ({ homeTeleportCooldownTicks: Math.max(0, s.readyTick - tick) }),
  hash: (s, h) => h.num(s.readyTick),
});

/** Ticks until `p` may cast home teleport again (0: ready). */
export function cooldownTicksLeft(world: World, p: Player): number {
  return Math.max(0, COOLDOWN.of(p).readyTick - world.tick);
}
