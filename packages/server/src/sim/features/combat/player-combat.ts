/**
 * The player's side of a fight: the `attack` action (checks, then walk into reach), and each tick
 * the chase and the swings at the weapon's speed until the target dies, leaves, or another request
 * replaces the attack.
 */
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { Tile } from '../../core/types';
import type { World } from '../../core/world';
import { replaceOtherRequests, routeInto } from '../interaction/interaction';
import {
  canFight,
  chebyshev,
  currentStyle,
  inReach,
  playerCombatant,
  pvpCheck,
  usableAmmo,
  weaponReach,
  wieldsRanged,
  type Fighter,
} from './combatants';
import {
  npcDefenceRoll,
  playerAttackRoll,
  playerDefenceRoll,
  playerMaxHit,
  rollHit,
  toLifePoints,
} from './formulas';
import { COMBAT_TIMEOUT_TICKS, queueHit, rangedHitDelay } from './hits';
import type { ResolvedStyle } from './styles';
import { isDying } from '../death/state';
import { COMBAT, dropTarget } from './state';

/** Ticks in a row a chase may find no way into reach before the attack is given up. */
export const CHASE_PATIENCE_TICKS = 10;

/** Finds an attack target by id among the entities the player could see. */
function findTarget(world: World, p: Player, targetId: string): Fighter | undefined {
  const e: Fighter | undefined = world.npcs.get(targetId) ?? world.players.get(targetId);
  if (!e || e === p) return undefined;
  if (chebyshev(p.x, p.z, e.x, e.z) > world.settings.viewDistance) return undefined;
  return e;
}

/** Whether `p` may attack `e` at all (attackable NPC, PvP rules); the reason when not. */
function mayAttack(world: World, p: Player, e: Fighter): Outcome {
  if (!canFight(world, e)) return fail('target_gone', 'that target is already dead');
  if (e.kind === 'npc') {
    if (!e.def.attackable || !e.def.combat) return fail('not_attackable', `you cannot attack the ${e.name}`);
    return { ok: true };
  }
  const pvp = pvpCheck(world, p, e);
  return pvp.ok ? { ok: true } : fail(pvp.code, pvp.message);
}

/** The player's reach with its current style (weapon range; longrange adds to it). */
function reachOf(world: World, p: Player): { style: ResolvedStyle | undefined; reach: number } {
  const style = currentStyle(world, p);
  return { style, reach: style?.range ?? 1 };
}

/**
 * `player:action` `attack`. Checks the target (in sight, alive, attackable, PvP rules), the weapon
 * (a bow needs arrows it can fire) and that some path leads into reach; then the attack replaces any
 * walk or pickup in progress. The player swings once in reach and its weapon is ready.
 */
export function requestAttack(world: World, p: Player, targetId: string): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  const target = findTarget(world, p, targetId);
  if (!target) return fail('target_gone', 'there is no such target in sight');
  const allowed = mayAttack(world, p, target);
  if (!allowed.ok) return allowed;
  if (wieldsRanged(world, p) && !usableAmmo(world, p))
    return fail('no_ammo', 'you have no ammunition your bow can fire');
  const { reach } = reachOf(world, p);
  const path = chasePath(world, p, target, reach);
  if (!path) return fail('target_out_of_reach', `you cannot reach the ${target.name} from here`);
  replaceOtherRequests(world, p);
  p.path = path;
  const combat = COMBAT.of(p);
  combat.target = target;
  combat.chaseGoal = { x: target.x, z: target.z };
  combat.chaseMisses = 0;
  return { ok: true, result: { targetId: target.id } };
}

/**
 * The chase: the interaction's walk into the weapon's reach of the target's tile (the step off a
 * shared tile, the side-step of a melee walk that ends diagonal to it); undefined when none leads
 * there.
 */
function chasePath(world: World, p: Player, target: Fighter, reach: number): Tile[] | undefined {
  return routeInto(world, p, { x: target.x, z: target.z }, weaponReach(reach));
}

/** Drops the target, telling the player why when it was not its own choice. */
function stopAttacking(
  world: World,
  p: Player,
  why?: {
    code: 'target_gone' | 'target_out_of_reach' | 'no_ammo' | 'pvp_not_allowed' | 'pvp_level_range';
    message: string;
  },
): void {
  dropTarget(p);
  if (why) world.send(p.id, 'error', { code: why.code, message: why.message });
}

/**
 * Players phase, after movement, per player: an attacking player re-checks its target, swings when
 * in reach and ready, or (re)plans its chase when the target moved away.
 */
export function playerCombatTick(world: World, p: Player): void {
  const combat = COMBAT.of(p);
  const target = combat.target;
  if (!target || isDying(p)) return;
  if (!canFight(world, target) || chebyshev(p.x, p.z, target.x, target.z) > world.settings.viewDistance) {
    stopAttacking(world, p);
    return;
  }
  if (target.kind === 'player') {
    const pvp = pvpCheck(world, p, target);
    if (!pvp.ok) {
      stopAttacking(world, p, pvp);
      return;
    }
  }
  const { style, reach } = reachOf(world, p);
  if (!style) {
    stopAttacking(world, p);
    return;
  }
  if (inReach(p.x, p.z, target.x, target.z, reach)) {
    p.path = [];
    if (combat.nextAttackTick <= world.tick) swing(world, p, target, style);
    return;
  }
  if (p.path.length === 0 || combat.chaseGoal?.x !== target.x || combat.chaseGoal.z !== target.z) {
    const path = chasePath(world, p, target, reach);
    combat.chaseGoal = { x: target.x, z: target.z };
    if (path && path.length > 0) {
      p.path = path;
      combat.chaseMisses = 0;
    } else if (++combat.chaseMisses >= CHASE_PATIENCE_TICKS) {
      // A moving target can stand for a moment where no tile in reach is free: only give up
      // when that lasts.
      stopAttacking(world, p, {
        code: 'target_out_of_reach',
        message: `you cannot reach the ${target.name}`,
      });
    }
  }
}

/** One swing: rolled now, landing now (melee) or after the arrow's flight (ranged). */
function swing(world: World, p: Player, target: Fighter, style: ResolvedStyle): void {
  let droppedArrow: string | undefined;
  let delay = 0;
  if (wieldsRanged(world, p)) {
    const ammoId = usableAmmo(world, p);
    if (!ammoId) {
      stopAttacking(world, p, { code: 'no_ammo', message: 'you have run out of ammunition' });
      return;
    }
    const stack = p.equipment.get('ammo');
    if (stack)
      p.equipment.set('ammo', stack.quantity > 1 ? { ...stack, quantity: stack.quantity - 1 } : undefined);
    const dropChance = world.itemLookup(ammoId)?.ammunition?.floorDropChance ?? 0;
    // Every shot uses up the arrow (ammo_fired); a surviving one flies with the hit (HITS.of(world)) and
    // is made again on the ground where it lands (ammo_landed), so no item is ever only in flight.
    world.ledger.record(ammoId, -1, 'ammo_fired', p.id);
    if (world.rng.nextFloat() < dropChance) droppedArrow = ammoId;
    delay = rangedHitDelay(chebyshev(p.x, p.z, target.x, target.z));
  }
  const me = playerCombatant(world, p, style);
  const defenceRoll =
    target.kind === 'npc'
      ? npcDefenceRoll((target as Npc).def.combat ?? FALLBACK_NPC, style.damageType)
      : playerDefenceRoll(
          playerCombatant(world, target, currentStyle(world, target) ?? style),
          style.damageType,
        );
  const attacker = { attackRoll: playerAttackRoll(me), maxHit: toLifePoints(playerMaxHit(me)) };
  const result = rollHit(world.rng, attacker, { defenceRoll });
  const combat = COMBAT.of(p);
  combat.nextAttackTick = world.tick + style.attackSpeed;
  combat.inCombatUntil = Math.max(combat.inCombatUntil, world.tick + COMBAT_TIMEOUT_TICKS);
  queueHit(world, {
    landsAt: world.tick + delay,
    attacker: p,
    target,
    hit: result.hit,
    damage: result.damage,
    damageType: style.damageType,
    style: { stance: style.stance, damageType: style.damageType },
    rolledWith: attacker,
    ...(droppedArrow ? { droppedArrow } : {}),
  });
}

/** Never used for content NPCs (attackable ones have a combat block, checked at load). */
const FALLBACK_NPC = {
  levels: { attack: 1, strength: 1, defense: 1, constitution: 1, ranged: 1 },
  defense: { stab: 0, slash: 0, crush: 0, ranged: 0 },
  attackType: 'crush',
  maxHit: 0,
} as const;
