/**
 * Custody of a death's items. When a player dies, what it loses leaves its containers and is held
 * by the death until it leaves custody again: in a gravestone (safe areas) or in piles on the ground
 * (PvP drops, and a gravestone's items once it collapses). A death lock (`playerDeaths` row, see
 * docs/storage.md) mirrors exactly what is still in custody, and every change to it is written in
 * the same transaction as the players whose items changed with it, so a crash at any moment
 * neither loses nor duplicates an item. Locks still active at start-up come back as gravestones.
 */
import type { GravestoneSnapshot } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import type { DeathLockState, DeathLockStatus, DeathStep, ItemStackRow } from '../../core/types';
import type { World } from '../../core/world';
import { MAX_STACK } from '../../items/types';
import { recordOwner } from '../../core/ledger';
import { snapshotOf } from '../../core/snapshot';
import { worldSlot } from '../../core/slots';
import { GROUND_ITEMS } from '../ground-items/state';

export interface Custody {
  /** `<characterId>:<run>:<tick of death>` (see deathId): also the lock id and the gravestone id. */
  readonly id: string;
  readonly ownerId: string;
  readonly x: number;
  readonly z: number;
  /** Items in the standing gravestone (empty once it collapsed, or for a PvP drop). */
  grave: ItemStackRow[];
  collapsesAtTick: number;
  /** Handles of this death's piles still on the ground. */
  readonly piles: Set<number>;
}

/** Every death with items still in custody, in the order of the deaths. */
export class DeathCustodyStore {
  private readonly byId = new Map<string, Custody>();

  get(id: string): Custody | undefined {
    return this.byId.get(id);
  }

  add(c: Custody): void {
    this.byId.set(c.id, c);
  }

  delete(id: string): void {
    this.byId.delete(id);
  }

  all(): IterableIterator<Custody> {
    return this.byId.values();
  }

  /** The owner's gravestones that still stand, oldest first. */
  gravestonesOf(ownerId: string): Custody[] {
    const out: Custody[] = [];
    for (const c of this.byId.values()) if (c.ownerId === ownerId && c.grave.length > 0) out.push(c);
    return out;
  }
}

/**
 * Adds a stack to a list of stacks, merging with stacks of the same item up to the largest stack
 * ({@link MAX_STACK}); the rest starts a new stack. A death can lose more of one item than one stack
 * holds (a full stack carried and another worn), and a gravestone, a ground pile, an inventory and a
 * death lock row can each hold only one stack's worth.
 */
/** Items of deaths still in custody: gravestones and dropped piles tracked by a death lock. */
export const DEATHS = worldSlot('deaths', {
  init: () => new DeathCustodyStore(),
  hash: (deaths, h) => {
    for (const c of deaths.all()) {
      h.str(c.id).num(c.collapsesAtTick).num(c.piles.size);
      for (const s of c.grave) h.str(s.itemId).num(s.quantity);
    }
  },
});

export function addStack(list: ItemStackRow[], itemId: string, quantity: number): void {
  let left = quantity;
  for (const s of list) {
    if (left <= 0) return;
    if (s.itemId !== itemId || s.quantity >= MAX_STACK) continue;
    const n = Math.min(left, MAX_STACK - s.quantity);
    s.quantity += n;
    left -= n;
  }
  for (; left > 0; left -= MAX_STACK) list.push({ itemId, quantity: Math.min(left, MAX_STACK) });
}

/** What is still in custody: the gravestone's items and the piles on the ground, merged by item. */
export function custodyItems(world: World, c: Custody): ItemStackRow[] {
  const out: ItemStackRow[] = c.grave.map((s) => ({ ...s }));
  for (const handle of c.piles) {
    const pile = GROUND_ITEMS.of(world).get(handle);
    if (pile) addStack(out, pile.itemId, pile.quantity);
  }
  return out;
}

export function isEmpty(c: Custody): boolean {
  return c.grave.length === 0 && c.piles.size === 0;
}

/**
 * Hands the lock's current state to storage, with the snapshots that must commit with it. An empty
 * custody ends the lock (`final`: recovered when a player took the last items, else expired).
 */
export function writeLock(
  world: World,
  c: Custody,
  step: DeathStep,
  players: readonly Player[],
  final: Exclude<DeathLockStatus, 'active'> = 'expired',
): void {
  const items = custodyItems(world, c);
  const status: DeathLockStatus = items.length === 0 ? final : 'active';
  const lock: DeathLockState = {
    id: c.id,
    characterId: c.ownerId,
    position: { x: c.x, y: world.heightAt(c.x, c.z), z: c.z },
    items,
    status,
  };
  world.effect({
    type: 'deathLock',
    step,
    lock,
    snapshots: players.map((p) => snapshotOf(world, p)),
    ledger: world.ledger.takeOwned(recordOwner('deathLock', c.id)),
  });
  if (status !== 'active') DEATHS.of(world).delete(c.id);
}

export function gravestoneSnapshot(c: Custody): GravestoneSnapshot {
  return {
    id: c.id,
    x: c.x,
    z: c.z,
    items: c.grave.map((s) => ({ ...s })),
    collapsesAtTick: c.collapsesAtTick,
  };
}

/** Sends the owner (when online) all its standing gravestones. */
export function sendGravestones(world: World, ownerId: string): void {
  if (!world.players.has(ownerId)) return;
  world.send(ownerId, 'gravestone:update', {
    tick: world.tick,
    gravestones: DEATHS.of(world).gravestonesOf(ownerId).map(gravestoneSnapshot),
  });
}

/**
 * Start-up recovery: every lock still active becomes a gravestone for its owner at the lock's
 * position holding the lock's items, standing for a full gravestone time from now. Nothing is
 * written: the lock already says exactly this.
 */
export function restoreDeathLocks(world: World, locks: readonly DeathLockState[]): void {
  for (const lock of locks) {
    if (lock.status !== 'active' || DEATHS.of(world).get(lock.id)) continue;
    const grave: ItemStackRow[] = [];
    for (const s of lock.items) if (s.quantity > 0) addStack(grave, s.itemId, s.quantity);
    DEATHS.of(world).add({
      id: lock.id,
      ownerId: lock.characterId,
      x: Math.round(lock.position.x),
      z: Math.round(lock.position.z),
      grave,
      collapsesAtTick: world.tick + world.settings.gravestoneTicks,
      piles: new Set(),
    });
  }
}
