/**
 * What a fight needs to know about each side, read from the live entities: a player's levels,
 * worn bonuses and selected style; an NPC's combat block. Also the reach rules and the helpers
 * that tell whether an entity can still fight or be fought.
 */
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { ammoOf, bonuses, firesAmmo, weaponOf } from '../equipment/bonuses';
import { activePrayerBoosts } from '../prayer/boosts';
import type { PlayerCombatant } from './formulas';
import { defaultStyle, resolveStyle, type ResolvedStyle } from './styles';
import { isDying } from '../death/state';
import { COMBAT } from './state';
import { inReachOf, type Reach } from '../interaction/reach';

export type Fighter = Player | Npc;

/**
 * The player's selected style resolved against the wielded weapon. A style the weapon does not
 * offer (after a weapon swap) falls back to the first style of the new set.
 */
export function currentStyle(world: World, p: Player): ResolvedStyle | undefined {
  const sets = world.content.combatStyles;
  const weapon = weaponOf(p.equipment, world.itemLookup);
  const combat = COMBAT.of(p);
  if (combat.styleId !== '') {
    const chosen = resolveStyle(sets, weapon, combat.styleId);
    if (chosen) return chosen;
  }
  const fallback = defaultStyle(sets, weapon, 0);
  if (fallback) combat.styleId = fallback.id;
  return fallback;
}

/** The player's side of the formulas with a given style (active prayers' boosts included). */
export function playerCombatant(world: World, p: Player, style: ResolvedStyle): PlayerCombatant {
  return {
    levels: {
      attack: p.skills.attack.level,
      strength: p.skills.strength.level,
      defense: p.skills.defense.level,
      ranged: p.skills.ranged.level,
    },
    bonuses: bonuses(p.equipment, world.itemLookup),
    prayers: activePrayerBoosts(world, p),
    style: { damageType: style.damageType, stance: style.stance },
  };
}

/** Whether the wielded weapon is a bow (needs ammunition it can fire). */
export function wieldsRanged(world: World, p: Player): boolean {
  return weaponOf(p.equipment, world.itemLookup)?.weapon?.kind === 'ranged';
}

/** The ammunition a ranged player would fire, or undefined when it has none it can fire. */
export function usableAmmo(world: World, p: Player): string | undefined {
  const weapon = weaponOf(p.equipment, world.itemLookup);
  const ammo = ammoOf(p.equipment, world.itemLookup);
  return ammo && firesAmmo(weapon, ammo) ? ammo.id : undefined;
}

/** Whether the entity is in the world, alive and not dying (so it can fight and be hit). */
export function canFight(world: World, e: Fighter): boolean {
  if (e.kind === 'npc') return e.alive && world.npcs.get(e.id) === e;
  return !isDying(e) && world.players.get(e.id) === e;
}

export const chebyshev = (ax: number, az: number, bx: number, bz: number): number =>
  Math.max(Math.abs(ax - bx), Math.abs(az - bz));

/**
 * A weapon's range as an interaction reach rule (features/interaction/reach.ts): range 1 (ordinary
 * melee) needs a cardinal neighbour, as in OSRS (no melee across a diagonal); longer range
 * (halberds, bows, ranged NPCs) a Chebyshev distance within it. The target's own tile never reaches.
 */
export function weaponReach(range: number): Reach {
  return range <= 1 ? 'cardinal' : { within: range };
}

/** Whether a swing from (ax, az) with a weapon of range `reach` reaches (bx, bz). */
export function inReach(ax: number, az: number, bx: number, bz: number, reach: number): boolean {
  return inReachOf(weaponReach(reach), ax, az, { x: bx, z: bz });
}

/** Whether two players may fight where they stand: both in a PvP area, levels within its depth. */
export function pvpCheck(
  world: World,
  a: Player,
  b: Player,
): { ok: true } | { ok: false; code: 'pvp_not_allowed' | 'pvp_level_range'; message: string } {
  const map = world.map;
  if (!map.isPvp(a.x, a.z) || !map.isPvp(b.x, b.z))
    return { ok: false, code: 'pvp_not_allowed', message: 'you can only attack players in a PvP area' };
  const depth = Math.min(map.pvpLevel(a.x, a.z), map.pvpLevel(b.x, b.z));
  if (Math.abs(a.combatLevel - b.combatLevel) > depth)
    return {
      ok: false,
      code: 'pvp_level_range',
      message: `combat levels ${a.combatLevel} and ${b.combatLevel} differ by more than ${depth} here: go deeper`,
    };
  return { ok: true };
}
