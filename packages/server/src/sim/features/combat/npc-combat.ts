/**
 * The NPC side of combat, in the npcs phase: aggression (with tolerance), chasing with OSRS's naive
 * steps (no path search, so obstacles can stop an NPC, as "safe spots" do in RuneScape), the leash
 * back to the spawn, swings at the NPC's speed, and death, drops and respawn.
 */
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { recordSpawned, spawnGroundItem } from '../ground-items/spawn';
import { rollDrops } from '../npcs/drops';
import { creditKill } from '../quests/progress';
import { atStage } from '../quests/state';
import { canFight, chebyshev, currentStyle, inReach, playerCombatant } from './combatants';
import { npcAttackRoll, npcMaxHit, playerDefenceRoll, rollHit } from './formulas';
import { COMBAT_TIMEOUT_TICKS, queueHit, rangedHitDelay, topDamager } from './hits';
import { isDying } from '../death/state';
import { COMBAT } from './state';

/** An NPC chasing further than this from its spawn gives up and walks home. */
export const LEASH_DISTANCE = 12;
/** Ticks a player may linger in one place before aggressive NPCs there tolerate it (10 minutes). */
export const TOLERANCE_TICKS = 1000;
/** Moving further than this from where the tolerance timer started restarts it. */
export const TOLERANCE_RADIUS = 10;
/** Drops stay visible to the killer alone for this many ticks (OSRS: one minute). */
export const DROP_OWNER_TICKS = 100;

/** One naive step towards (tx, tz): diagonal, else along x, else along z; never onto `avoid`. */
export function stepTowards(
  world: World,
  n: Npc,
  tx: number,
  tz: number,
  avoid?: { x: number; z: number },
): boolean {
  const dx = Math.sign(tx - n.x);
  const dz = Math.sign(tz - n.z);
  for (const [sx, sz] of [
    [dx, dz],
    [dx, 0],
    [0, dz],
  ] as const) {
    if (sx === 0 && sz === 0) continue;
    const nx = n.x + sx;
    const nz = n.z + sz;
    if (avoid && nx === avoid.x && nz === avoid.z) continue;
    if (!world.map.canStep(n.x, n.z, sx, sz)) continue;
    n.x = nx;
    n.z = nz;
    world.spatial.set(n.idx, n.x, n.z);
    return true;
  }
  return false;
}

/** Whether aggressive `n` picks on `p`: in range, not in a safe zone, not too strong, not tolerant. */
function provokes(world: World, n: Npc, p: Player, range: number): boolean {
  if (isDying(p) || world.map.isSafeZone(p.x, p.z)) return false;
  if (chebyshev(n.x, n.z, p.x, p.z) > range) return false;
  if (p.combatLevel > n.combatLevel * 2) return false;
  return world.tick - COMBAT.of(p).tolerance.since < TOLERANCE_TICKS;
}

/** Keeps a player's tolerance timer: it restarts when the player moves away from where it began. */
export function updateTolerance(world: World, p: Player): void {
  const combat = COMBAT.of(p);
  const t = combat.tolerance;
  if (chebyshev(p.x, p.z, t.x, t.z) > TOLERANCE_RADIUS)
    combat.tolerance = { x: p.x, z: p.z, since: world.tick };
}

/** Npcs phase, per NPC: its combat (after the NPC feature moved the idle ones). */
export function npcCombatTick(world: World, n: Npc): void {
  if (n.state !== 'alive') {
    lifecycle(world, n);
    return;
  }
  const combat = n.def.combat;
  if (!combat) return;
  if (n.returning) {
    if (
      chebyshev(n.x, n.z, n.spawn.x, n.spawn.z) <= n.wanderRadius ||
      !stepTowards(world, n, n.spawn.x, n.spawn.z)
    )
      n.returning = false;
    return;
  }
  if (n.target && (!canFight(world, n.target) || n.target.x === undefined)) n.target = undefined;
  if (!n.target && combat.aggressive && !world.map.isSafeZone(n.x, n.z)) {
    const range = combat.aggressionRange;
    for (const p of world.playersNear(n.x, n.z, range)) {
      if (provokes(world, n, p, range)) {
        n.target = p;
        n.path = [];
        break;
      }
    }
  }
  const target = n.target;
  if (!target) return;
  if (
    chebyshev(n.x, n.z, n.spawn.x, n.spawn.z) > LEASH_DISTANCE + n.wanderRadius ||
    chebyshev(n.x, n.z, target.x, target.z) > world.settings.viewDistance
  ) {
    n.target = undefined;
    n.returning = true;
    return;
  }
  n.path = [];
  if (inReach(n.x, n.z, target.x, target.z, combat.attackRange)) {
    if (n.nextAttackTick <= world.tick) npcSwing(world, n, target);
  } else {
    stepTowards(world, n, target.x, target.z, target);
  }
}

function npcSwing(world: World, n: Npc, target: Player): void {
  const combat = n.def.combat;
  if (!combat) return;
  const style = currentStyle(world, target);
  if (!style) return;
  const damageType = combat.attackType;
  const defenceRoll = playerDefenceRoll(playerCombatant(world, target, style), damageType);
  const result = rollHit(
    world.rng,
    { attackRoll: npcAttackRoll(combat), maxHit: npcMaxHit(combat) },
    { defenceRoll },
  );
  n.nextAttackTick = world.tick + combat.attackSpeed;
  n.inCombatUntil = world.tick + COMBAT_TIMEOUT_TICKS;
  queueHit(world, {
    landsAt:
      world.tick + (damageType === 'ranged' ? rangedHitDelay(chebyshev(n.x, n.z, target.x, target.z)) : 0),
    attacker: n,
    target,
    hit: result.hit,
    damage: result.damage,
    damageType,
  });
}

/**
 * A dead NPC: when its death animation ends its drops appear (seen by the top damager first) and
 * the kill is credited; it leaves every view; `respawnTicks` later it is back at its spawn.
 */
function lifecycle(world: World, n: Npc): void {
  if (world.tick < n.stateUntil) return;
  const combat = n.def.combat;
  if (n.state === 'dying') {
    const killerId = topDamager(n.damageFrom);
    const killer = killerId === undefined ? undefined : world.players.get(killerId);
    if (n.def.drops) {
      // Quest-gated drops (a quest item) fall only for a killer at that quest's stage.
      const questAllows = (q: { questId: string; stage: string }) =>
        killer !== undefined && atStage(world, killer, q.questId, q.stage);
      for (const drop of rollDrops(world.rng, n.def.drops, questAllows)) {
        const dropped = spawnGroundItem(world, {
          itemId: drop.itemId,
          quantity: drop.quantity,
          x: n.x,
          z: n.z,
          owner: killer?.id ?? null,
          publicAfterTicks: killer ? DROP_OWNER_TICKS : 0,
        });
        if (dropped.ok) recordSpawned(world, dropped.piles, drop.itemId, drop.quantity, 'npc_drop');
      }
    }
    if (killerId !== undefined) {
      world.effect({ type: 'npcKill', characterId: killerId, npcId: n.def.id });
      creditKill(world, killerId, n.def.id);
    }
    n.state = 'gone';
    n.stateUntil = world.tick + (combat?.respawnTicks ?? 1);
    n.damageFrom.clear();
    world.spatial.delete(n.idx);
    return;
  }
  n.state = 'alive';
  n.x = n.spawn.x;
  n.z = n.spawn.z;
  n.lastX = n.x;
  n.lastZ = n.z;
  n.health = n.maxHealth;
  n.target = undefined;
  n.returning = false;
  n.nextAttackTick = 0;
  world.spatial.set(n.idx, n.x, n.z);
}
