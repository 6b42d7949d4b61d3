import { StateHasher } from './hash';
import type { World } from './world';

/**
 * A hash of the whole simulation state: everything that decides what happens next. The core's
 * own state (the tick, the RNG, each player's and NPC's core fields) comes first, then every state
 * slot the features registered (core/slots.ts), in registration order: per player, its player
 * slots; then the world slots (trades, the ground, objects, deaths, pending hits, shop stock...).
 * Each state feeds itself in a stable order. Same seed, content and commands give the same hash
 * every tick; replays and determinism tests compare it.
 */
export function hashWorld(world: World): number {
  const h = new StateHasher().num(world.tick);
  for (const n of world.rng.state()) h.num(n);
  const playerSlots = world.registry.playerSlots();
  for (const p of world.players.values()) {
    h.str(p.id)
      .num(p.x)
      .num(p.z)
      .num(p.runEnergy)
      .bool(p.running)
      .num(p.path.length)
      .num(p.health)
      .bool(p.isAdmin);
    if (p.pendingMove) h.num(p.pendingMove.x).num(p.pendingMove.z);
    h.num(p.combatLevel);
    for (const skill of Object.values(p.skills)) h.num(skill.level).num(skill.xp);
    for (const s of p.path) h.num(s.x).num(s.z);
    for (const r of p.inventory.entries()) h.num(r.slot).str(r.itemId).num(r.quantity);
    for (const r of p.equipment.entries()) h.str(r.slot).str(r.itemId).num(r.quantity);
    for (const r of p.bank.entries()) h.num(r.slot).str(r.itemId).num(r.quantity);
    h.num(p.coins).str(p.activity?.kind ?? '');
    for (const slot of playerSlots) slot.hashInto(p, h.str(slot.name));
  }
  for (const n of world.npcs.values()) {
    h.num(n.x).num(n.z).num(n.health).num(n.path.length).str(n.state).num(n.stateUntil);
    h.num(n.target?.idx ?? -1).num(n.nextAttackTick);
  }
  for (const slot of world.registry.worldSlots()) slot.hashInto(world, h.str(slot.name));
  return h.digest();
}
