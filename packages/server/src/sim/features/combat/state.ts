/**
 * A player's fight (features/combat): its style, auto-retaliate, target and chase, swing timer,
 * combat timeout, the damage taken per attacker and the aggression tolerance timer. In memory
 * only (a character enters the world out of combat); hashed. An NPC keeps the same fight fields
 * ({@link FightState}) on itself (core/npc.ts); {@link fightOf} reads either.
 */
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import { playerSlot } from '../../core/slots';
import type { Tile } from '../../core/types';

/** What every fighter, player or NPC, keeps of its fight. */
export interface FightState {
  /** First tick at which the fighter may swing again (weapon speed). */
  nextAttackTick: number;
  /** The fighter counts as in combat (no logout, no NPC tolerance reset) until this tick. */
  inCombatUntil: number;
  /** Damage taken per attacker id during the current fight (who gets the kill). */
  readonly damageFrom: Map<string, number>;
}

/** A player's fight. */
export interface PlayerCombat extends FightState {
  /** Selected attack style id (of the wielded weapon's style set). */
  styleId: string;
  /** Whether the player fights back on its own when attacked while idle. */
  autoRetaliate: boolean;
  /** What the player is attacking (an NPC or, in PvP areas, a player); kept until it dies or leaves. */
  target: Player | Npc | undefined;
  /** The target tile the current chase path leads to (re-planned when the target moves). */
  chaseGoal: Tile | undefined;
  /** Ticks in a row the chase found no way into reach (the chase gives up after a while). */
  chaseMisses: number;
  /** Where the player has lingered since which tick (aggressive NPCs tolerate a player after a while). */
  tolerance: { x: number; z: number; since: number };
}

/** The player's fight (a character enters the world idle, tolerated nowhere yet). */
export const COMBAT = playerSlot('combat.fight', {
  init: (player, tick): PlayerCombat => ({
    styleId: '',
    autoRetaliate: true,
    target: undefined,
    chaseGoal: undefined,
    chaseMisses: 0,
    nextAttackTick: 0,
    inCombatUntil: 0,
    damageFrom: new Map(),
    tolerance: { x: player.x, z: player.z, since: tick },
  }),
  hash: (s, h) => {
    h.num(s.nextAttackTick)
      .num(s.target?.idx ?? -1)
      .num(s.inCombatUntil)
      .num(s.chaseMisses);
    h.str(s.styleId).bool(s.autoRetaliate);
    h.bool(s.chaseGoal !== undefined);
    if (s.chaseGoal) h.num(s.chaseGoal.x).num(s.chaseGoal.z);
    h.num(s.tolerance.x).num(s.tolerance.z).num(s.tolerance.since);
    for (const [id, damage] of s.damageFrom) h.str(id).num(damage);
  },
});

/** The fight state of a player or an NPC. */
export function fightOf(e: Player | Npc): FightState {
  return e.kind === 'npc' ? e : COMBAT.of(e);
}

/** Whether the player is attacking something. */
export function hasTarget(p: Player): boolean {
  return COMBAT.of(p).target !== undefined;
}

/** Stops the player's attack (a walk, another action, a death or a teleport). */
export function dropTarget(p: Player): void {
  const c = COMBAT.of(p);
  c.target = undefined;
  c.chaseGoal = undefined;
}
