/**
 * Gravestones and the piles of deaths: reclaiming (walk next to it, take back what fits),
 * collapse (the items fall to the ground, public, still tracked by the lock) and the death piles
 * that leave the ground (picked up, despawned), each change written with its lock.
 */
import type { Rid } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { ItemStackRow } from '../../core/types';
import type { World } from '../../core/world';
import { chebyshev } from '../combat/combatants';
import { startDying } from '../combat/hits';
import { interact, type InteractionSpec } from '../interaction/interaction';
import { spawnGroundItem } from '../ground-items/spawn';
import { sendGravestones, writeLock, type Custody, DEATHS } from './custody';
import { GROUND_ITEMS } from '../ground-items/state';
import { isDying } from './state';

/** Ticks a collapse waits before trying again when the ground has no room for the items. */
export const COLLAPSE_RETRY_TICKS = 10;

/**
 * `player:action` `reclaim`: one of your standing gravestones in sight. Next to it (Chebyshev 1) the
 * items come back at once; otherwise the player walks there first (features/interaction) and the
 * ack comes on arrival.
 */
export function requestReclaim(world: World, p: Player, gravestoneId: string, rid: Rid | undefined): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  const c = DEATHS.of(world).get(gravestoneId);
  if (
    !c ||
    c.ownerId !== p.id ||
    c.grave.length === 0 ||
    chebyshev(p.x, p.z, c.x, c.z) > world.settings.viewDistance
  )
    return fail('gravestone_gone', 'you have no such gravestone in sight');
  const standing = (w: World): Custody | undefined => {
    const now = DEATHS.of(w).get(gravestoneId);
    return now && now.grave.length > 0 ? now : undefined;
  };
  const spec: InteractionSpec = {
    target: { kind: 'gravestone', id: gravestoneId },
    locate: standing,
    reach: 'adjacent',
    arrive: (w, player) => {
      const now = standing(w);
      return now ? reclaim(w, player, now) : fail('gravestone_gone', 'your gravestone is gone');
    },
    gone: { code: 'gravestone_gone', message: 'your gravestone is gone' },
    unreachable: { code: 'no_path', message: 'you cannot reach your gravestone' },
    stopped: { code: 'no_path', message: 'you stopped before reaching your gravestone' },
  };
  return interact(world, p, spec, rid);
}

/** Takes back as much of the gravestone as fits in the inventory; the rest stays in it. */
function reclaim(world: World, p: Player, c: Custody): Outcome {
  const taken: ItemStackRow[] = [];
  const remaining: ItemStackRow[] = [];
  for (const s of c.grave) {
    let qty = s.quantity;
    if (!p.inventory.canAdd(s.itemId, qty).ok) {
      // Items that do not stack take one slot each: take as many as there are free slots.
      qty = p.inventory.stacks(s.itemId) ? 0 : Math.min(qty, p.inventory.freeSlots());
    }
    if (qty > 0 && p.inventory.add(s.itemId, qty).ok) taken.push({ itemId: s.itemId, quantity: qty });
    else qty = 0;
    if (s.quantity - qty > 0) remaining.push({ itemId: s.itemId, quantity: s.quantity - qty });
  }
  if (taken.length === 0) return fail('inventory_full', 'you have no room for anything in your gravestone');
  c.grave = remaining;
  writeLock(world, c, 'reclaim', [p], 'recovered');
  sendGravestones(world, p.id);
  return { ok: true, result: { gravestoneId: c.id, taken, remaining } };
}

/**
 * World phase: gravestones whose time is up collapse: their items fall onto their tile as public
 * piles that the lock keeps tracking until they are picked up or despawn. Items the ground has no
 * room for stay in the gravestone, which tries again a little later.
 */
export function collapseGravestones(world: World): void {
  for (const c of DEATHS.of(world).all()) {
    if (c.grave.length === 0 || world.tick < c.collapsesAtTick) continue;
    const left: ItemStackRow[] = [];
    for (const s of c.grave) {
      const res = spawnGroundItem(world, {
        itemId: s.itemId,
        quantity: s.quantity,
        x: c.x,
        z: c.z,
        owner: null,
        deathId: c.id,
      });
      if (res.ok) for (const pile of res.piles) c.piles.add(pile.handle);
      else left.push(s);
    }
    c.grave = left;
    if (left.length > 0) c.collapsesAtTick = world.tick + COLLAPSE_RETRY_TICKS;
    writeLock(world, c, 'expire', []);
    sendGravestones(world, c.ownerId);
  }
}

/**
 * World phase, after the ground timers: death piles that left the ground this tick. A pile taken by
 * a player is written with that player's state; despawned and evicted piles leave the lock alone.
 */
export function trackCustodyExits(world: World): void {
  const exits = GROUND_ITEMS.of(world).drainCustodyExits();
  if (exits.length === 0) return;
  const touched = new Map<string, { custody: Custody; takers: Set<string> }>();
  for (const { pile, takenBy } of exits) {
    const c = pile.deathId === undefined ? undefined : DEATHS.of(world).get(pile.deathId);
    if (!c) continue;
    c.piles.delete(pile.handle);
    const entry = touched.get(c.id) ?? { custody: c, takers: new Set<string>() };
    if (takenBy !== null) entry.takers.add(takenBy);
    touched.set(c.id, entry);
  }
  for (const { custody, takers } of touched.values()) {
    const players = [...takers]
      .map((id) => world.players.get(id))
      .filter((p): p is Player => p !== undefined);
    writeLock(
      world,
      custody,
      players.length > 0 ? 'pickup' : 'despawn',
      players,
      players.length > 0 ? 'recovered' : 'expired',
    );
  }
}

/**
 * Login phase, for players who joined this tick: they learn of their standing gravestones, and a
 * character saved while dying (a kick, a shutdown or a crash between its last autosave and its
 * death) dies now, so leaving the world never undoes a death.
 */
export function onJoin(world: World, p: Player): void {
  if (p.joinedTick !== world.tick) return;
  if (DEATHS.of(world).gravestonesOf(p.id).length > 0) sendGravestones(world, p.id);
  if (p.health <= 0 && !isDying(p)) startDying(world, p, null);
}
