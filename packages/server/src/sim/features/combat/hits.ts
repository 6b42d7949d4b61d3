/**
 * Hits in flight. A swing is rolled when it is made (OSRS) and lands `delay` ticks later: at once
 * for melee, after the projectile's flight for ranged. Landing applies the damage (never more than
 * the target has left), shows it to everyone in view, gives the experience, triggers retaliation
 * and starts a death at 0 health.
 */
import { worldSlot } from '../../core/slots';
import type { World } from '../../core/world';
import { recordSpawned, spawnGroundItem } from '../ground-items/spawn';
import { grantXp } from '../skills/grant';
import { canFight, type Fighter } from './combatants';
import type { DamageType, Stance } from './styles';
import { combatXpForDamage } from './xp';
import { DYING } from '../death/state';
import { COMBAT, dropTarget, fightOf } from './state';
import { viewersOf } from '../sync/viewers';

/** Ticks after the last swing given or taken that an entity still counts as in combat (10 s). */
export const COMBAT_TIMEOUT_TICKS = 16;
/** Ticks a dying player lies down before the death is resolved and it respawns. */
export const PLAYER_DEATH_TICKS = 4;

export interface PendingHit {
  /** Tick the hit lands. */
  landsAt: number;
  /** Null: damage from no one (an administrator's /hit). */
  attacker: Fighter | null;
  target: Fighter;
  hit: boolean;
  /** Rolled damage in life points; capped at the target's health when it lands. */
  damage: number;
  damageType: DamageType | 'typeless';
  /** A player's style, for the experience of the damage dealt. */
  style?: { stance: Stance; damageType: DamageType };
  /** A fired arrow that survives and lands on the target's tile. */
  droppedArrow?: string;
  /** A player's swing: the accuracy roll and max hit it was rolled with (shown to that player). */
  rolledWith?: { attackRoll: number; maxHit: number };
}

/** Swings rolled and waiting to land, in the order they were made. */
export const HITS = worldSlot('combat.hits', {
  init: (): PendingHit[] => [],
  hash: (hits, h) => {
    for (const hit of hits) h.num(hit.landsAt).num(hit.target.idx).num(hit.damage);
  },
});

/** Ranged hit delay in ticks (OSRS bows): 1 + floor((3 + distance) / 6). */
export function rangedHitDelay(distance: number): number {
  return 1 + Math.floor((3 + distance) / 6);
}

/** Queues a swing's hit (melee with delay 0 lands in this tick's hit pass). */
export function queueHit(world: World, hit: PendingHit): void {
  HITS.of(world).push(hit);
}

/** Lands every hit due by now, in the order they were made (players phase, after all swings). */
export function landDueHits(world: World): void {
  if (HITS.of(world).length === 0) return;
  const due: PendingHit[] = [];
  const later: PendingHit[] = [];
  for (const h of HITS.of(world)) (h.landsAt <= world.tick ? due : later).push(h);
  HITS.of(world).length = 0;
  HITS.of(world).push(...later);
  // A hit that fails to land is its target's fault: the other hits still land.
  for (const h of due) world.isolate(h.target, () => land(world, h));
}

function land(world: World, h: PendingHit): void {
  const { target, attacker } = h;
  if (h.droppedArrow && attacker?.kind === 'player') {
    // The arrow lands whether or not the target is still there; a full ground refuses it (it breaks).
    // It left the quiver when fired (ammo_fired), so landing creates it on the ground.
    const landed = spawnGroundItem(world, {
      itemId: h.droppedArrow,
      quantity: 1,
      x: target.x,
      z: target.z,
      owner: attacker.id,
    });
    if (landed.ok) recordSpawned(world, landed.piles, h.droppedArrow, 1, 'ammo_landed');
  }
  if (!canFight(world, target)) return;
  // A new fight: damage from earlier fights no longer decides who gets the kill.
  const fight = fightOf(target);
  if (world.tick >= fight.inCombatUntil) fight.damageFrom.clear();
  const dealt = Math.max(0, Math.min(h.damage, target.health));
  target.health -= dealt;
  const until = world.tick + COMBAT_TIMEOUT_TICKS;
  fight.inCombatUntil = until;
  if (attacker) {
    const attackerFight = fightOf(attacker);
    attackerFight.inCombatUntil = Math.max(attackerFight.inCombatUntil, until);
    fight.damageFrom.set(attacker.id, (fight.damageFrom.get(attacker.id) ?? 0) + dealt);
  }
  // One payload shared by every viewer (the delivery encodes a shared payload once); the
  // attacker's own carries its rolls.
  const seen = {
    tick: world.tick,
    attackerIdx: attacker?.idx ?? null,
    attackerId: attacker?.id ?? null,
    targetIdx: target.idx,
    targetId: target.id,
    hit: h.hit,
    damage: dealt,
    damageType: h.damageType,
    targetHealth: target.health,
    targetMaxHealth: target.maxHealth,
  };
  const own = h.rolledWith ? { ...seen, ...h.rolledWith } : seen;
  for (const viewer of viewersOf(world, target, attacker ?? undefined))
    world.send(viewer, 'combat:hit', viewer === attacker ? own : seen);
  if (attacker?.kind === 'player' && h.style && dealt > 0) {
    for (const award of combatXpForDamage(h.style.stance, h.style.damageType, dealt))
      grantXp(world, attacker, award.skill, award.tenths);
  }
  if (target.health === 0) startDying(world, target, attacker);
  else if (attacker && canFight(world, attacker)) retaliate(world, target, attacker);
}

/**
 * Fighting back: an NPC turns on its attacker when it has no living target; a player does when
 * auto-retaliate is on and it is idle (no target, not walking, no move requested).
 */
function retaliate(world: World, target: Fighter, attacker: Fighter): void {
  if (target.kind === 'npc') {
    if (attacker.kind === 'player' && (!target.target || !canFight(world, target.target))) {
      target.target = attacker;
      target.returning = false;
      if (target.nextAttackTick <= world.tick) target.nextAttackTick = world.tick + 1;
    }
    return;
  }
  const combat = COMBAT.of(target);
  if (!combat.autoRetaliate || target.path.length > 0 || target.pendingMove) return;
  if (combat.target && canFight(world, combat.target)) return;
  combat.target = attacker;
  combat.chaseGoal = undefined;
  // OSRS: a retaliating player swings after half its weapon's delay at most; one tick here.
  if (combat.nextAttackTick <= world.tick) combat.nextAttackTick = world.tick + 1;
}

/** Health reached 0: the death animation starts; the death is resolved when it ends. */
export function startDying(world: World, e: Fighter, killer: Fighter | null): void {
  let ticks: number;
  e.path = [];
  if (e.kind === 'npc') {
    e.target = undefined;
    ticks = e.def.combat?.deathTicks ?? 1;
    e.state = 'dying';
    e.stateUntil = world.tick + ticks;
  } else {
    ticks = PLAYER_DEATH_TICKS;
    const dying = DYING.of(e);
    dying.until = world.tick + ticks;
    dying.killedBy = killer?.id ?? null;
    dropTarget(e);
    e.pendingMove = undefined;
  }
  const death = {
    tick: world.tick,
    idx: e.idx,
    id: e.id,
    kind: e.kind,
    ticks,
    killerId: killer?.id ?? null,
  };
  for (const viewer of viewersOf(world, e)) world.send(viewer, 'combat:death', death);
}

/** The id of whoever dealt the most damage (ties: who reached it first); undefined when no one did. */
export function topDamager(damageFrom: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let most = 0;
  for (const [id, dmg] of damageFrom) {
    if (dmg > most) {
      most = dmg;
      best = id;
    }
  }
  return best;
}
